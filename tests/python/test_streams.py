"""Streaming: iter_games and rows on the chess corpus, byte ranges, bounded memory, and the
GIL released while parsing."""

import gzip
import resource
import subprocess
import sys
import threading
import time

import pytest

import kifu
from conftest import CHESS_CORPUS, need


def test_iter_games_equals_the_cli(corpus_head, kifu_cli):
    games = plies = 0
    results = {}
    for g in kifu.iter_games(corpus_head):
        games += 1
        plies += g.plies
        results[g.result] = results.get(g.result, 0) + 1
    stats = subprocess.run([kifu_cli, "pgn", "stats", str(corpus_head)], capture_output=True, text=True,
                           check=True).stdout
    assert f"games: {games}\n" in stats and f"plies: {plies} " in stats
    assert f"1-0 {results.get('1-0', 0)}," in stats


def test_threads_read_the_same_games_in_the_same_order(corpus_head, tmp_path):
    """threads=N reads a PGN's batches on the library's ordered pipeline: the same games, in
    file order, with their offsets, numbers and errors; byte ranges and an input error too."""
    def seen(games):
        return [(g.index, g.offset, g.tags.get("White"), g.plies, len(g.errors)) for g in games]

    one = seen(kifu.iter_games(corpus_head))
    assert len(one) > 4096  # more than one batch of 2,048 games a thread
    for threads in (2, 3):
        assert seen(kifu.iter_games(corpus_head, threads=threads)) == one
    size = corpus_head.stat().st_size
    ranged = seen(kifu.iter_games(corpus_head, start=size // 3, end=size // 2, threads=2))
    assert ranged and ranged == seen(kifu.iter_games(corpus_head, start=size // 3, end=size // 2))
    assert kifu.rows(corpus_head, threads=2) == kifu.rows(corpus_head)
    # A damaged compressed file: the games before the damage, then its error.
    damaged = tmp_path / "cut.pgn.gz"
    damaged.write_bytes(gzip.compress(corpus_head.read_bytes())[: 200_000])
    for threads in (1, 2):
        got = []
        try:
            for g in kifu.iter_games(damaged, threads=threads):
                got.append(g.offset)
        except kifu.KifuError:
            pass
        else:
            raise AssertionError("a cut gzip stream is an error")
        assert got and got == [o for _, o, *_ in one[: len(got)]]


def test_streamed_games_answer_as_their_trees(tmp_path):
    """A streamed game answers tags, result, plies, errors and line before its tree is built
    (from what the reader recorded), the same as kifu.read's built games, and builds the
    same tree when looked into."""
    text = ('{before} [Event "one"]\n[White "A \\"B\\""]\n\n1. e4 $1 {c} (1. d4 d5) e5 2. Nf3 *\n\n'
            '[Event "two"]\n\n1. e4 e5 2. Ke3 1-0\n\n'
            '[Event "three"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n[SetUp "1"]\n\n1. e4 Kd7 1/2-1/2\n')
    path = tmp_path / "g.pgn"
    path.write_text(text)
    read = []
    for g in kifu.iter_games(path):
        g.root  # the tree built first: every answer below then comes from it
        read.append(g)
    for cheap, built, again in zip(kifu.iter_games(path), read, kifu.iter_games(path)):
        assert cheap.tags == built.tags and cheap.result == built.result and cheap.plies == built.plies
        assert [str(e) for e in cheap.errors] == [str(e) for e in built.errors]
        assert [str(w) for w in cheap.warnings] == [str(w) for w in built.warnings]
        assert cheap.line == built.line and cheap.game == "chess" and repr(cheap) == repr(built)
        # Looked into: the tree, and the same answers from it.
        assert cheap.mainline_moves() == built.mainline_moves()
        if not built.errors:
            assert cheap.write("pgn") == built.write("pgn") == again.write("pgn")
        assert cheap.final() == built.final() and cheap.plies == built.plies and cheap.tags == built.tags
        assert [n.comment for n, _ in cheap.walk()] == [n.comment for n, _ in built.walk()]
    assert len(read) == 3 and read[1].errors


def test_byte_ranges_read_every_game_once(corpus_head):
    size = corpus_head.stat().st_size
    whole = [(r["offset"], r["plies"]) for r in kifu.rows(corpus_head)]
    cuts = [0, 1, 12345, size // 3, size // 2, size - 5, size]
    pieces = []
    for a, b in zip(cuts, cuts[1:]):
        pieces += [(r["offset"], r["plies"]) for r in kifu.rows(corpus_head, start=a, end=b)]
    assert pieces == whole
    start = kifu.pgn_game_start(str(corpus_head), size // 2)
    assert start >= size // 2 and corpus_head.read_bytes()[start:start + 7] == b"[Event "


def test_rows_and_frame(corpus_head):
    rows = kifu.rows(corpus_head, limit=50)
    assert len(rows) == 50 and rows[0]["game"] == "chess" and rows[0]["tags"]["Result"] == rows[0]["result"]
    first = next(iter(kifu.iter_games(corpus_head)))
    assert rows[0]["moves"] == first.mainline_moves() and rows[0]["final"] == first.final().fen
    assert len(rows[0]["clocks"]) == rows[0]["plies"]
    frame = kifu.rows(corpus_head, limit=50, frame=True)
    # Flat, as the CSV output is: each tag a column, the moves one text.
    assert len(frame) == 50 and int(frame["plies"].sum()) == sum(r["plies"] for r in rows)
    assert frame["White"].iloc[0] == rows[0]["tags"]["White"]
    assert frame["moves"].iloc[0] == " ".join(rows[0]["moves"])
    assert "positions" not in frame.columns


def test_rows_with_positions_replay_to_their_final(corpus_head):
    rows = kifu.rows(corpus_head, limit=20, positions=True)
    for r in rows:
        assert len(r["positions"]) == r["plies"]
        assert (r["positions"][-1] if r["positions"] else None) in (r["final"], None)
    position = kifu.ChessPosition()
    for move, fen in zip(rows[0]["moves"], rows[0]["positions"]):
        position = position.play(move)
        assert position.fen == fen
    frame = kifu.rows(corpus_head, limit=20, positions=True, frame=True)
    assert frame["positions"].iloc[0] == " | ".join(rows[0]["positions"])


def test_filters_select_the_games_of_a_stream_and_of_a_record(corpus_head, tmp_path):
    """where, date, result, player and rating on iter_games and rows: the games Python's own
    look at every game's tags selects, in order, with their numbers in the file."""
    every = kifu.rows(corpus_head)

    def expect(chosen, keep):
        assert [r["index"] for r in chosen] == [r["index"] for r in every if keep(r["tags"])]

    expect(kifu.rows(corpus_head, where={"White": "kasparov"}), lambda t: "kasparov" in t.get("White", "").lower())
    expect(kifu.rows(corpus_head, date=(1990, 1995), result="0-1"),
           lambda t: t.get("Date", "")[:4].isdigit() and 1990 <= int(t["Date"][:4]) <= 1995
           and t.get("Result") == "0-1")
    expect(kifu.rows(corpus_head, player="karpov"),
           lambda t: "karpov" in (t.get("White", "") + "\n" + t.get("Black", "")).lower())

    def rated(t, low):
        return all(t.get(n, "").isdigit() and int(t[n]) >= low for n in ("WhiteElo", "BlackElo"))

    expect(kifu.rows(corpus_head, rating=2600, frame=False), lambda t: rated(t, 2600))
    chosen = [g.index for g in kifu.iter_games(corpus_head, where=[("Black", "karpov")], threads=2)]
    assert chosen and chosen == [r["index"] for r in every if "karpov" in r["tags"].get("Black", "").lower()]
    assert len(kifu.rows(corpus_head, where={"White": "kasparov"}, limit=1)) == 1
    # A record read whole (SGF): its games by the same filters.
    sgf = tmp_path / "two.sgf"
    sgf.write_text("(;GM[1]SZ[9]PB[Lee]PW[Cho]RE[B+R];B[ee])(;GM[1]SZ[9]PB[Cho]PW[Lee]RE[W+2.5];B[cc])")
    assert [r["index"] for r in kifu.rows(sgf, result="W+")] == [1]
    assert [g.index for g in kifu.iter_games(sgf, where={"PB": "lee"})] == [0]
    with pytest.raises(ValueError):
        kifu.rows(sgf, result="maybe")


def test_games_name_their_tags():
    games = {g["name"]: g for g in kifu.games()}
    assert set(games) == {"go", "chess", "shogi", "xiangqi"}
    assert games["chess"]["first_tags"] == ["White"] and games["go"]["first_tags"] == ["PB"]
    assert "先手" in games["shogi"]["first_tags"]


def test_trees_built_by_two_threads_at_once(corpus_head):
    # The same games looked into by two threads: each tree is built once (the GIL released
    # while it is built), and both threads see the same moves.
    games = list(kifu.iter_games(corpus_head))[:2000]
    expected = [g.plies for g in games]
    seen = [None, None]

    def look(k):
        seen[k] = [len(g.mainline_moves()) for g in (games if k == 0 else reversed(games))]

    threads = [threading.Thread(target=look, args=(k,)) for k in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen[0] == expected and seen[1] == expected[::-1]


SYNTHETIC = "[Event \"{n}\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n"


def test_streaming_memory_stays_bounded(tmp_path):
    # A gzip PGN of 200,000 short games (16 MB of text): the peak memory while streaming it
    # all grows by less than after the first tenth (games are dropped as they go).
    path = tmp_path / "many.pgn.gz"
    with gzip.open(path, "wt") as f:
        for n in range(200_000):
            f.write(SYNTHETIC.format(n=n))
    code = (
        "import kifu, resource, sys\n"
        "it = kifu.iter_games(sys.argv[1]); n = 0\n"
        "for g in it:\n"
        "    n += 1\n"
        "    if n == 20000: first = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "end = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print(n, first, end)\n"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True).stdout
    n, first, end = map(int, out.split())
    assert n == 200_000
    assert end - first < 48 * 1024, (first, end)  # KiB: far less than the 14 MB read after


def test_parsing_releases_the_gil(corpus_head):
    # With a switch interval far longer than the run, another thread gets the GIL only when
    # it is released: it makes progress during a parse only if kifu lets go while parsing.
    ticks = 0
    stop = threading.Event()

    def spin():
        nonlocal ticks
        while not stop.is_set():
            ticks += 1
            time.sleep(0)  # releases the GIL, so the parsing thread gets it back

    old = sys.getswitchinterval()
    sys.setswitchinterval(1000)
    try:
        t = threading.Thread(target=spin)
        t.start()
        before = ticks
        rows = kifu.rows(corpus_head, limit=3000)
        during = ticks - before
        stop.set()
        t.join()
    finally:
        sys.setswitchinterval(old)
    assert len(rows) == 3000 and during > 0


def test_corpus_is_streamed_compressed():
    need(CHESS_CORPUS)
    it = kifu.iter_games(CHESS_CORPUS)
    first = next(it)
    assert first.offset == 0 and first.game == "chess" and first.index == 0
    assert next(it).index == 1


def test_standard_input_streams():
    code = "import kifu; print(sum(g.plies for g in kifu.iter_games('-', 'pgn')))"
    text = SYNTHETIC.format(n=1) * 3 + "1. d4 d5 *\n"
    out = subprocess.run([sys.executable, "-c", code], input=text, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["20"]
