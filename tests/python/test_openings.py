"""Opening books from Python: games named by position, positions looked up, the index's
stored names and the explorer's (docs/openings.md)."""

import pytest

import kifu

BOOK = """C00 "French" 1.e4 e6 *
C01 "French: Exchange" 1.e4 e6 2.d4 d5 3.exd5 exd5 *
B10 "Caro-Kann" 1.e4 c6 *
"""


@pytest.fixture
def book(tmp_path):
    path = tmp_path / "book.eco"
    path.write_text(BOOK)
    return kifu.OpeningBook(path)


def test_a_game_is_named_by_position_whatever_its_move_order(book):
    assert book.game == "chess" and len(book) == 3
    game = kifu.read("1. d4 e6 2. e4 d5 3. exd5 exd5 4. Nf3 *", "pgn")[0]
    named = book.name(game)
    assert named == {"code": "C01", "name": "French: Exchange", "ply": 6,
                     "tags": {"ECO": "C01", "Opening": "French", "Variation": "Exchange"}}
    assert book.name(kifu.read("1. a3 *", "pgn")[0]) is None
    # The side to move is part of the position: a tempo lost is not the French.
    assert book.name(kifu.read("1. e3 e6 2. e4 *", "pgn")[0]) is None


def test_a_position_is_looked_up(book):
    assert book.lookup(kifu.ChessPosition().play("e4").play("c6"))["name"] == "Caro-Kann"
    assert book.lookup(kifu.ChessPosition()) is None
    assert book.lookup(kifu.ShogiPosition()) is None  # a book of another game names nothing


def test_a_bad_book_is_an_error_at_its_line(tmp_path):
    bad = tmp_path / "bad.eco"
    bad.write_text('C00 "French" 1.e4 e6 *\nC01 "x" 1.e4 Ke7 *\n')
    with pytest.raises(kifu.IllegalMoveError, match="bad.eco:2:14"):
        kifu.OpeningBook(bad)
    with pytest.raises(FileNotFoundError):
        kifu.OpeningBook(tmp_path / "none.pgn")


def test_the_index_stores_the_names_and_the_explorer_shows_them(book, tmp_path):
    games = tmp_path / "games.pgn"
    games.write_text('[ECO "A00"]\n\n1. d4 e6 2. e4 d5 3. exd5 exd5 1-0\n\n1. e4 c6 2. Nf3 0-1\n')
    with kifu.Index(tmp_path / "g.db") as index:
        index.add(games, openings=book)
        assert index.search(None, where={"ECO": "C01"})["count"] == 1
        assert index.search(None, where={"Opening": "Caro"})["count"] == 1
        explored = index.explore(kifu.ChessPosition().play("e4"), openings=book)
        assert explored["opening"] is None  # 1. e4 is not in this book
        moves = {m["move"]: m["opening"] for m in explored["moves"]}
        assert moves == {"c6": "B10 Caro-Kann"}
        with pytest.raises(TypeError):
            index.explore(kifu.ChessPosition(), openings="book.eco")


def test_the_installed_book_where_there_is_one():
    book = kifu.OpeningBook.installed("chess")
    if book is None:
        pytest.skip("no chess opening book installed (apt-get install pgn-extract or scid-data)")
    assert len(book) > 1000
    assert kifu.OpeningBook.installed("shogi") is None
