"""The position index from Python: build, search, explore, filters, merge."""

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
