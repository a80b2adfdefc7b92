"""Game trees from Python: every record game, nodes, variations, comments, NAGs, clocks,
evals, the walk, errors, and every format of the registry written and read back."""

import pickle
import subprocess
import warnings

import pytest

import kifu
from conftest import GO_GAMES, need

PGN = """[Event "Test"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 {[%clk 0:03:00] [%eval 0.25] best} e5 $1 (1... c5 {Sicilian} 2. Nf3) 2. Nf3 {[%eval #3]} Nc6 1-0
"""

KIF = """手合割：平手
先手：甲
後手：乙
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:12/00:00:12)
   2 ３四歩(33)   ( 0:05/00:00:05)
   3 投了
"""


def test_pgn_tree():
    (game,) = kifu.read(PGN)
    assert game.game == "chess" and game.format == "pgn" and game.result == "1-0"
    assert game.tags["White"] == "A" and list(game.tags)[:2] == ["Event", "White"]
    line = game.mainline()
    assert [n.move for n in line] == ["e4", "e5", "Nf3", "Nc6"] == game.mainline_moves()
    first = line[0]
    assert first.clock == 180.0 and first.eval == 0.25 and first.comment == "best"
    assert line[1].nags == [1] and line[2].mate == 3 and line[2].eval is None
    (black_mates,) = kifu.read('[Event "x"]\n\n1. e4 {[%eval #-3]} e5 *\n')
    assert black_mates.mainline()[0].mate == -3
    assert [v.move for v in first.variations] == ["e5", "c5"]
    side = first.variations[1]
    assert side.comment == "Sicilian" and not side.is_mainline() and side.next().move == "Nf3"
    assert side.path == "1.v1" and side.parent == first and game.root.parent is None
    assert game.end().move == "Nc6" and game.plies == 4
    assert side.position().fen == kifu.ChessPosition().play("e4").play("c5").fen
    walked = game.walk()
    assert len(walked) == 7  # the root, four main-line moves, two of the variation
    assert [n.move for n, _ in walked] == ["", "e4", "e5", "Nf3", "Nc6", "c5", "Nf3"]
    for node, position in walked:
        assert position == node.position()
    assert game.final() == walked[4][1]


def test_kif_and_sgf_trees():
    (game,) = kifu.read(KIF.encode("utf-8"))
    assert game.game == "shogi" and game.format == "kif"
    assert game.mainline_moves()[:2] == ["７六歩(77)", "３四歩(33)"]
    assert game.mainline()[0].time == 12.0 and game.end().ending == "resign"
    assert game.final() == kifu.ShogiPosition().play("7g7f").play("3c3d")
    sgf = "(;GM[1]SZ[9]PB[x]PW[y];B[ee]C[center];W[cc](;B[gg]LB[gg:A])(;B[gc]))"
    (go,) = kifu.read(sgf)
    assert go.tags["PB"] == "x" and go.mainline_moves() == ["B E5", "W C7", "B G3"]
    assert go.mainline()[0].comment == "center" and len(go.mainline()[1].variations) == 2
    assert go.mainline()[2].marks == [("label", 6 * 9 + 6, -1, "A")]
    assert go.final().piece_at("G3") == "b" and go.final().turn == "white"


def test_errors_have_places():
    with pytest.raises(kifu.KifuError) as e:
        kifu.read("[Event \"x\"]\n[White \"y\"\n\n1. e4 *\n", "pgn")
    assert (e.value.line, e.value.column, e.value.source) == (2, 1, "<text>") and "expected" in e.value.message
    assert str(e.value).startswith("<text>:2:")
    with pytest.raises(kifu.IllegalMoveError) as illegal:
        kifu.read("1. e4 e5 2. Ke3 *\n", "pgn")
    assert (illegal.value.line, illegal.value.column) == (1, 13)
    check = kifu.validate("1. e4 e5 2. Ke3 *\n", "pgn")
    assert not check and check.errors[0].column == 13
    assert kifu.validate(PGN)


def test_streamed_broken_games_keep_their_errors(tmp_path):
    path = tmp_path / "two.pgn"
    path.write_text("1. e4 e5 2. Ke3 *\n\n1. d4 *\n")
    broken, good = kifu.iter_games(path)
    assert broken.errors[0].code == "illegal_move" and (broken.errors[0].line, broken.errors[0].column) == (1, 13)
    assert broken.errors[0].source == str(path) and broken.mainline_moves() == ["e4", "e5"]
    assert good.errors == [] and good.index == 1


def test_pickled_games_and_lists():
    (game,) = kifu.read(PGN)
    back = pickle.loads(pickle.dumps(game))
    assert back.mainline_moves() == game.mainline_moves() and game.tags.items() <= back.tags.items()
    # A node: its game and its place in it, variations and all.
    (varied,) = kifu.read("1. e4 e5 (1... c5 2. Nf3 {Sicilian}) 2. Nf3 *")
    sicilian = varied.root.next().variations[1].next()
    node = pickle.loads(pickle.dumps(sicilian))
    assert (node.path, node.move, node.comment) == (sicilian.path, "Nf3", "Sicilian")
    assert node.game().mainline_moves() == ["e4", "e5", "Nf3"]
    two = kifu.read(PGN + "\n" + PGN)
    assert len(two) == 2 and kifu.write(two, "pgn").count("[Event") == 2
    # A list of one game's records only; the second game of an SGF collection alone.
    collection = kifu.read("(;SZ[9]PB[a];B[ee])(;SZ[9]PB[b]C[kept];B[cc])")
    assert kifu.write(collection[1], "sgf") == "(;FF[4]CA[UTF-8]SZ[9]PB[b]C[kept]\n;B[cc])\n"
    with pytest.raises(TypeError, match="of one game"):
        kifu.write([two[0], collection[0]], "pgn")


def test_real_sgf_games():
    files = sorted(need(GO_GAMES).glob("*.sgf"))[:5]
    for f in files:
        game = kifu.read_game(f)
        assert game.plies > 100 and game.final().game == "go"
        again = kifu.read_game(kifu.write(game, "sgf"))
        assert again.mainline_moves() == game.mainline_moves()


# Every format of the registry, written from a document of its game and read back.
SAMPLES = {
    "go": [lambda: kifu.GoPosition(".9x9").play("E5").play("C3"),
           lambda: kifu.read_game("(;GM[1]SZ[9];B[ee];W[cc]C[hi])")],
    "chess": [lambda: kifu.ChessPosition().play("e4"), lambda: kifu.read_game(PGN)],
    "shogi": [lambda: kifu.ShogiPosition().play("7g7f"), lambda: kifu.read_game(KIF.encode())],
    "xiangqi": [lambda: kifu.XiangqiPosition().play("h2e2"), lambda: kifu.read_game("h2e2 h9g7", "iccs")],
}


def _same(a, b):
    if isinstance(a, kifu.Position):
        return (b[0].final() if isinstance(b, list) else b) == a
    if isinstance(b, list):
        b = b[0]
    return [m for m in b.mainline_moves()] and b.final() == a.final()


def test_every_format_writes_and_reads_back():
    written = set()
    for fmt in kifu.formats():
        if not fmt["writes"]:
            continue
        games = SAMPLES if fmt["game"] == "any" else {fmt["game"]: SAMPLES[fmt["game"]]}
        for game, makers in games.items():
            for make in makers:
                obj = make()
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore", kifu.DroppedWarning)
                        text = kifu.write(obj, fmt["name"])
                except kifu.KifuError as e:
                    assert e.code == "unsupported", (fmt["name"], game, e)
                    continue
                written.add(fmt["name"])
                if fmt["reads"] and fmt["name"] not in ("feen2015",):
                    back = kifu.read(text, fmt["name"])
                    if fmt["kind"] == "position" and isinstance(obj, kifu.Game):
                        assert back == obj.final(), fmt["name"]
                    elif fmt["kind"] != "move" or isinstance(obj, kifu.Game):
                        assert _same(obj, back), (fmt["name"], game)
    every = {f["name"] for f in kifu.formats() if f["writes"]}
    assert written == every, every - written


def test_describe_says_what_kifu_info_says(kifu_cli, tmp_path):
    """Game.describe() is the library's report of a game: its text is what `kifu info`
    prints under the format line, for every game."""
    import subprocess
    counted = ("(;SZ[5]KM[0.5]RU[Japanese]RE[B+6.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][aa];B[];W[]"
               "TB[aa][ba][ab][bb][ac][bc][ad][bd][ae][be]TW[ea][eb][ec][ed][ee])")
    for text, suffix in ((PGN, ".pgn"), (KIF, ".kif"), (counted, ".sgf")):
        path = tmp_path / ("game" + suffix)
        path.write_text(text, encoding="utf-8")
        (game,) = kifu.read(str(path))
        report = game.describe()
        info = subprocess.run([kifu_cli, "info", str(path)], capture_output=True, text=True, check=True)
        assert info.stdout == info.stdout.splitlines(keepends=True)[0] + report["text"]
        assert [line.split()[0] for line in report["text"].splitlines()[:len(report["facts"])]] == \
            [label.split()[0] for label, _ in report["facts"]]
    facts = dict(game.describe()["facts"])
    assert facts["dead stones"] == "1" and facts["count"].endswith("; B+5.5")
    (warning,) = game.describe()["warnings"]
    assert "RE[B+6.5] but the territory count" in str(warning)
    # Dead stones given instead of marked; a point that is none is an error, not raised.
    played = kifu.read("(;SZ[5]KM[0.5]RE[B+5.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][aa];B[];W[])")[0]
    assert dict(played.describe(dead="A5")["facts"])["dead stones"] == "1"
    (error,) = played.describe(dead="zz")["errors"]
    assert "'zz' is no point" in str(error)


def test_ply_narrows_a_game_for_any_format_as_convert_does(kifu_cli, tmp_path):
    game = kifu.read_game("(;SZ[9];B[cc];W[gg];B[cg])", "sgf")
    after_two = kifu.write(game, "sgf", ply=2)
    assert "B[cg]" not in after_two and kifu.write(game, "hen", ply=2) == kifu.write(
        kifu.read_game(after_two, "sgf"), "hen"
    )
    source = tmp_path / "g.sgf"
    source.write_text("(;SZ[9];B[cc];W[gg];B[cg])")
    cli = subprocess.run(
        [kifu_cli, "convert", "--to", "sgf", "--ply", "2", str(source)], capture_output=True, text=True, check=True
    )
    assert cli.stdout == (after_two if after_two.endswith("\n") else after_two + "\n")
    assert not kifu.write(game, "hen").endswith("\n")  # a str as written: no line end added
    with pytest.raises(TypeError, match="this is a position"):
        kifu.write(kifu.GoPosition(".9x9"), "hen", ply=1)


def test_a_ply_is_a_whole_number_of_0_or_more():
    game = kifu.read("1. e4 e5 2. Nf3 *")[0]
    assert kifu.write(game, "fen", ply=1).startswith("rnbqkbnr/pppppppp/8/8/4P3/")
    for bad in (-1, 2**70, 1.5, "2"):
        with pytest.raises(ValueError, match="ply is a whole number of 0 or more"):
            kifu.write(game, "fen", ply=bad)
