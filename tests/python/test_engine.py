"""kifu.engine and kifu.dask.analyse: Debian's engines where installed (skipped, saying so,
where not), tests/engine/fake_engine.py for the faults. No process is left behind."""

import json
import os
import pathlib
import re
import shutil

import pytest

import kifu
import kifu.engine

ROOT = pathlib.Path(__file__).resolve().parents[2]
FAKE = ["python3", str(ROOT / "tests" / "engine" / "fake_engine.py")]
EXAMPLES = ROOT / "examples"


def installed(program):
    return any(os.path.exists(os.path.join(d, program)) for d in ("/usr/games", "/usr/bin", "/usr/local/bin")) \
        or shutil.which(program) is not None


def gone(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


needs_stockfish = pytest.mark.skipif(not installed("stockfish"), reason="stockfish is not installed")
needs_fairy = pytest.mark.skipif(not installed("fairy-stockfish"), reason="fairy-stockfish is not installed")
needs_gnugo = pytest.mark.skipif(not installed("gnugo"), reason="gnugo is not installed")


@needs_stockfish
def test_a_mate_in_one_with_its_score_and_the_process_ends():
    position = kifu.read("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3")
    with kifu.engine.Engine.popen("stockfish", options={"Threads": 1}) as engine:
        pid = engine._handle.pid
        assert engine.protocol == "uci"
        assert "Hash" in engine.options
        info = engine.analyse(position, kifu.engine.Limit(depth=8))
        assert info["score"] == {"mate": 1}
        assert info["pv"] == ["Qxf7#"]
        assert info["pv_engine"] == ["h5f7"]
        assert info["best"] == "Qxf7#"
        two = engine.analyse(position, kifu.engine.Limit(depth=6), multipv=2)
        assert len(two) == 2 and two[0]["multipv"] == 1 and two[1]["multipv"] == 2
    assert gone(pid)


@needs_stockfish
def test_a_game_analysed_position_by_position():
    game = kifu.read_game(str(EXAMPLES / "opera-game.pgn"))
    with kifu.engine.Engine.popen("stockfish") as engine:
        positions = engine.analyse_game(game, kifu.engine.Limit(depth=5))
    assert len(positions) == game.plies
    assert positions[0]["node"] == "1" and positions[0]["side"] == "black"
    assert all("lines" in p for p in positions)
    assert positions[-2]["lines"][0]["mate"] == 1  # before the mate: mate in one


@needs_fairy
def test_shogi_and_xiangqi_take_their_protocols_from_the_game():
    with kifu.engine.Engine.popen("fairy-stockfish", game="shogi") as engine:
        assert engine.protocol == "usi"
        info = engine.analyse(kifu.read("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", format="sfen"), kifu.engine.Limit(depth=4))
        assert info["score"] == {"mate": 1} and info["best"] == "G*5b"
    with kifu.engine.Engine.popen("fairy-stockfish", game="xiangqi") as engine:
        assert engine.protocol == "ucci"
        info = engine.analyse(kifu.read("startpos", format="xfen-xiangqi"), kifu.engine.Limit(depth=4))
        assert "cp" in info["score"] and info["pv"]


@needs_gnugo
def test_go_over_gtp():
    with kifu.engine.Engine.popen("gnugo --mode gtp --level 1", game="go") as engine:
        assert engine.name == "GNU Go"
        info = engine.analyse(kifu.read(".9x9_5Gb_4G~3_3E~1b~2~4_2Fw.H3w.b.E2-a"), kifu.engine.Limit(depth=1))
        assert "points" in info["score"]
        assert info["best"] in kifu.read(".9x9_5Gb_4G~3_3E~1b~2~4_2Fw.H3w.b.E2-a").legal_moves


def test_katagos_analysis_engine_gives_a_win_rate_and_a_lead():
    fake_katago = ["python3", str(ROOT / "tests" / "engine" / "fake_katago.py")]
    with kifu.engine.Engine.popen(fake_katago, protocol="katago", options={"rules": "japanese"}) as engine:
        assert engine.name == "KataGo 1.99-fake"
        lines = engine.analyse(kifu.read(".9x9_5Gb_4G~3_3E~1b~2~4_2Fw.H3w.b.E2-a"), kifu.engine.Limit(nodes=20),
                               multipv=2)
        pid = engine._handle.pid
    assert [line["score"] for line in lines] == [{"points": 3.5, "winrate": 0.62}, {"points": 1.5, "winrate": 0.55}]
    assert lines[0]["nodes"] == 20 and lines[0]["pv"][1] == "pass"
    assert gone(pid)


def test_faults_raise_and_leave_no_process():
    with pytest.raises(kifu.KifuError, match="no option 'Threads'"):
        kifu.engine.Engine.popen(FAKE, options={"Threads": 2})
    with pytest.raises(kifu.KifuError, match="cannot start"):
        kifu.engine.Engine.popen("kifu-no-such-engine")
    engine = kifu.engine.Engine.popen(FAKE + ["hang"], timeout=0.3)
    pid = engine._handle.pid
    with pytest.raises(kifu.KifuError, match="hung"):
        engine.analyse(kifu.read("startpos", format="fen"), kifu.engine.Limit(depth=3))
    assert gone(pid)
    engine.quit()
    with pytest.raises(ValueError, match="limit"):
        kifu.engine.Engine.popen(FAKE).analyse(kifu.read("startpos", format="fen"), kifu.engine.Limit())


@needs_stockfish
def test_dask_analyses_a_collection_with_an_engine_a_partition(tmp_path):
    import kifu.dask

    path = tmp_path / "three.pgn"
    path.write_text("1. e4 e5 *\n\n1. d4 d5 *\n\n1. c4 e5 *\n")
    games = kifu.dask.analyse(str(path), "stockfish", kifu.engine.Limit(depth=4)).compute(scheduler="sync")
    assert [g["index"] for g in games] == [0, 1, 2]
    assert all(len(g["positions"]) == 2 for g in games)
    assert all("cp" in p["lines"][0] for g in games for p in g["positions"])


def _direct_session_evals(moves_uci, depth):
    """Stockfish spoken to without kifu: ucinewgame, then each position of the game in
    order (as kifu does, so the hash holds the same), 'go depth' each; the scores from white's
    view as kifu writes them ('0.17', '#-3'), None where the side to move is mated."""
    import subprocess

    p = subprocess.Popen(["stockfish"] if shutil.which("stockfish") else ["/usr/games/stockfish"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    try:
        def send(line):
            p.stdin.write(line + "\n")

        def until(prefix):
            while True:
                line = p.stdout.readline()
                assert line, "stockfish ended"
                yield line.strip()
                if line.startswith(prefix):
                    return

        send("uci")
        list(until("uciok"))
        send("ucinewgame")
        send("isready")
        list(until("readyok"))
        out = []
        for ply in range(1, len(moves_uci) + 1):
            send("position startpos moves " + " ".join(moves_uci[:ply]))
            send(f"go depth {depth}")
            score = None
            for line in until("bestmove"):
                words = line.split()
                if words[:1] == ["info"] and "score" in words and "multipv" in words \
                        and "lowerbound" not in words and "upperbound" not in words:
                    i = words.index("score")
                    score = (words[i + 1], int(words[i + 2]))
            white = ply % 2 == 0  # white to move after an even ply
            kind, value = score if score else ("mate", 0)  # mated: "info depth 0 score mate 0"
            if kind == "mate" and value == 0:
                out.append(None)
            elif kind == "mate":
                out.append(f"#{value if white else -value}")
            else:
                v = value / 100 if white else -value / 100
                out.append(f"{v:.2f}" if f"{v:.2f}" != "-0.00" else "0.00")
        return out
    finally:
        p.stdin.write("quit\n")
        p.stdin.flush()
        p.wait(timeout=10)


@needs_stockfish
def test_corpus_games_analysed_by_two_engines_read_back_whole(kifu_cli, corpus_head, tmp_path):
    """20 games of the shared corpus through `kifu analyse --engines 2 --depth 6`: every move of
    each main line has its eval (but a mate's), the trees are the input's otherwise, and the
    evals of two games are what a direct UCI session with stockfish gives."""
    import subprocess

    games = [g for _, g in zip(range(20), kifu.iter_games(corpus_head))]
    src = tmp_path / "in.pgn"
    src.write_text("".join(g.write("pgn") + "\n" for g in games))
    out = tmp_path / "out.pgn"
    run = subprocess.run([kifu_cli, "analyse", "--engine", "stockfish", "--option", "Threads=1", "--depth", "6",
                          "--engines", "2", str(src), "-o", str(out)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    analysed = list(kifu.iter_games(out))
    assert len(analysed) == len(games)
    for before, after in zip(games, analysed):
        assert after.mainline_moves() == before.mainline_moves()
        assert after.tags == before.tags
        for node, old in zip(after.mainline(), before.mainline()):
            if not node.move:
                continue
            assert node.eval is not None or node.mate is not None or node.position.status() == "checkmate", node
            kept = [re.sub(r"\[%eval [^\]]*\] ?", "", c).strip() for c in node.comments]
            assert [c for c in kept if c] == [c for c in old.comments if c]
    for i in (0, 1):
        moves = [m["uci"] for m in json.loads(games[i].write("jsonl"))["moves"]]
        expected = [e for e in _direct_session_evals(moves, 6) if e is not None]
        assert _evals_of(analysed[i]) == expected


def _evals_of(game):
    """The [%eval] values of a game's main line, as written ('0.17', '#-3')."""
    out = []
    for node in game.mainline():
        for c in node.comments:
            m = re.search(r"\[%eval ([^,\]]+),", c)
            if m:
                out.append(m.group(1))
    return out
