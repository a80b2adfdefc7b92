"""The position index from Python: build, search, explore, filters, merge."""

import pytest

import kifu

PGN = """[Event "A"]
[White "Carlsen"]
[Black "X"]
[Date "2021.01.01"]
[Result "1-0"]

1. e4 e5 2. Nf3 1-0

[Event "B"]
[White "Y"]
[Black "Z"]
[Date "2019.01.01"]
[Result "0-1"]

1. e4 c5 0-1

[Event "C"]
[White "Y"]
[Black "Carlsen"]
[Date "2022.01.01"]
[Result "1/2-1/2"]

1. d4 d5 1/2-1/2
"""


def test_build_search_explore_merge(tmp_path):
    games = tmp_path / "games.pgn"
    games.write_text(PGN)
    with kifu.Index(tmp_path / "all.db") as index:
        report = index.add([games])
        assert (report["games"], report["added"], report["broken"]) == (3, 3, 0)
        after_e4 = kifu.ChessPosition().play("e4")
        found = index.search(after_e4)
        assert found["count"] == 2 and [g["number"] for g in found["games"]] == [1, 2]
        assert found["games"][0]["first"] == "Carlsen" and found["games"][0]["ply"] == 1
        assert index.search(after_e4.fen, where={"White": "carlsen"})["count"] == 1
        assert index.search(kifu.ChessPosition(), date=(2020, None))["count"] == 2
        assert index.search(kifu.ChessPosition(), result="1/2-1/2")["count"] == 1
        # No position: the filters alone choose, and the games carry no ply.
        chosen = index.search(None, where={"White": "carlsen"})
        assert chosen["count"] == 1 and "ply" not in chosen["games"][0]
        assert chosen["games"][0]["first"] == "Carlsen"
        assert index.search(None, result="1/2-1/2")["count"] == 1
        with pytest.raises(ValueError):
            index.search(None)
        # The games themselves, read again from the file: as written, or converted.
        (carlsen,) = index.export(None, where={"White": "carlsen"})
        assert carlsen["game"] == 1 and carlsen["text"] == PGN[: PGN.index("\n\n[Event") + 2]
        assert [g["text"].count("\n") for g in index.export(after_e4, to="jsonl")] == [1, 1]
        assert len(index.export(after_e4, limit=1)) == 1
        tree = index.explore(kifu.ChessPosition())
        assert [(m["move"], m["count"]) for m in tree["moves"]] == [("e4", 2), ("d4", 1)]
        assert tree["moves"][0]["first"] == 1 and tree["moves"][0]["second"] == 1
        assert index.add([games])["known"] == 3  # again: nothing new
        assert index.stats()["games"] == 3
    # Two parts merged answer as the whole.
    first, second = tmp_path / "a.pgn", tmp_path / "b.pgn"
    first.write_text(PGN.split("\n\n[Event \"C\"]")[0] + "\n")
    second.write_text("[Event \"C\"]" + PGN.split("\n\n[Event \"C\"]")[1])
    for name, part in (("a.db", first), ("b.db", second)):
        with kifu.Index(tmp_path / name) as p:
            p.add(part)
    report = kifu.merge_indexes(tmp_path / "merged.db", [tmp_path / "a.db", tmp_path / "b.db"])
    assert report["added"] == 3
    with kifu.Index(tmp_path / "merged.db", create=False) as merged:
        assert merged.explore(kifu.ChessPosition())["games"] == 3
        assert merged.search(kifu.ChessPosition().play("d4").play("d5"))["count"] == 1


def test_explorer_columns_and_rating_and_player_filters(tmp_path):
    """Scid's columns (the mover's average rating, performance, first and last year) and the
    player and rating filters, as kifu explore --rating/--player take them."""
    games = tmp_path / "rated.pgn"
    games.write_text(
        '[White "Ann"]\n[Black "Bob"]\n[Date "2001.01.01"]\n[WhiteElo "2400"]\n[BlackElo "2200"]\n'
        '[Result "1-0"]\n\n1. e4 e5 1-0\n\n'
        '[White "Cid"]\n[Black "Dan"]\n[Date "2011.01.01"]\n[WhiteElo "2600"]\n[BlackElo "2400"]\n'
        '[Result "1/2-1/2"]\n\n1. e4 c5 1/2-1/2\n\n'
        '[White "Eve"]\n[Black "Ann"]\n[Date "2005.01.01"]\n[Result "0-1"]\n\n1. d4 d5 0-1\n')
    with kifu.Index(tmp_path / "rated.db") as index:
        index.add(games)
        moves = {m["move"]: m for m in index.explore(kifu.ChessPosition())["moves"]}
        e4, d4 = moves["e4"], moves["d4"]
        assert (e4["rating"], e4["first_year"], e4["last_year"]) == (2500, 2001, 2011)
        assert e4["performance"] == kifu_performance(2300, 0.75)
        assert (d4["rating"], d4["performance"], d4["first_year"]) == (None, None, 2005)
        assert index.explore(kifu.ChessPosition(), rating=2400)["games"] == 1  # both at least
        assert index.explore(kifu.ChessPosition(), rating=(None, 2450))["games"] == 1
        assert index.search(None, player="ann")["count"] == 2
        assert index.duplicate_groups() == []
        # By the position after one ply, the two 1.e4 games are a set.
        (group,) = index.duplicate_groups(by="depth:1")
        assert group["kept"]["first"] == "Ann" and [g["first"] for g in group["duplicates"]] == ["Cid"]
        assert index.duplicate_groups(by="depth:1", player="cid") == []
        with pytest.raises(ValueError):
            index.duplicate_groups(by="colour")
        assert index.search(kifu.ChessPosition(), player="ann", rating=2000)["count"] == 1


def kifu_performance(opponents, score):
    """The performance kifu documents: the opponents' average and 400 log10(p / (1 - p))."""
    import math
    return round(opponents + 400 * math.log10(score / (1 - score)))


def test_pattern_and_material_searches_answer_as_the_cli(tmp_path, kifu_cli):
    """Go patterns and chess material/sub-FEN from Python: the same answers as kifu search --json."""
    import json
    import subprocess

    from conftest import GO_GAMES, ROOT, need

    games = sorted(need(GO_GAMES).iterdir())
    opera = ROOT / "examples" / "opera-game.pgn"
    db = tmp_path / "mixed.db"
    with kifu.Index(db) as index:
        assert index.add([GO_GAMES, opera])["added"] == len(games) + 1

    def cli(*args):
        out = subprocess.run([kifu_cli, "search", str(db), *args, "--json", "--limit", "100"],
                             capture_output=True, text=True, check=True).stdout
        return json.loads(out)

    # A real game's position after 20 moves; its 4x4 lower left corner and its 7x7 upper left one.
    hen = subprocess.run([kifu_cli, "convert", str(games[3]), "--ply", "20", "--to", "hen"],
                         capture_output=True, text=True, check=True).stdout.strip()
    with kifu.Index(db, create=False) as index:
        for region in ("A1-D4", "A13-G19"):
            for colours in ("same", "any"):
                got = index.search_pattern(hen, region, colours=colours, limit=100, threads=2)
                want = cli("--pattern", hen, "--region", region, "--colours", colours)
                assert got["count"] == want["count"] >= 1, region
                assert got["replayed"] == want["replayed"] <= len(games)
                assert [(g["file"], g["ply"]) for g in got["games"]] == \
                    [(g["file"], g["ply"]) for g in want["games"]]
                assert [(c["move"], c["count"]) for c in got["continuations"]] == \
                    [(c["move"], c["count"]) for c in want["continuations"]]
        # The 7x7 corner leaves no point open: its region key rules out games unreplayed.
        assert index.search_pattern(hen, "A13-G19")["replayed"] < len(games)
        for material, sub_fen in (("", "8/8/8/8/8/8/8/4K3"), ("KQRBNPPPPPPPPvKQRBNPPPPPPPP", "")):
            got = index.search_material(material, sub_fen=sub_fen)
            args = ("--material", material) if material else ("--sub-fen", sub_fen)
            assert got["count"] == cli(*args)["count"]
        assert index.search_material(sub_fen="8/8/8/8/8/8/8/4K3")["count"] == 1
        try:
            index.search_material("KQvXX")
        except kifu.KifuError as e:
            assert "<material>" in str(e)
        else:
            raise AssertionError("a material text that is not one was taken")


def test_unique_shows_one_game_of_each_set_of_duplicates(tmp_path):
    """The same moves under other tags, in another file, are one game with unique=True."""
    (tmp_path / "a.pgn").write_text(PGN)
    (tmp_path / "b.pgn").write_text('[Event "copy"]\n[White "W"]\n\n1. e4 {a comment} e5 2. Nf3 *\n')
    with kifu.Index(tmp_path / "games.db") as index:
        index.add([tmp_path / "a.pgn", tmp_path / "b.pgn"])
        assert index.search(None, where={"Event": ""})["count"] == 4
        found = index.search(None, unique=True)
        assert found["count"] == 3
        assert all(g["file"].endswith("a.pgn") for g in found["games"])
        after = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
        assert index.search(after)["count"] == 2
        assert index.search(after, unique=True)["count"] == 1
        assert len(index.export(after, unique=True)) == 1
