"""What a new user meets first: the version, paths that are missing, file objects,
directories, UTF-8 records that kept another charset's header, and board images with
python-chess's marks."""

import io
import pathlib

import pytest

import kifu

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def test_version():
    assert isinstance(kifu.__version__, str) and kifu.__version__.count(".") == 2


def test_a_missing_file_is_file_not_found():
    with pytest.raises(FileNotFoundError):
        kifu.read_game("nonexistent.pgn")
    with pytest.raises(FileNotFoundError):
        kifu.read(pathlib.Path("nowhere") / "ko.sgf.gz")
    with pytest.raises(FileNotFoundError):
        list(kifu.iter_games("missing.pgn"))
    # A notation is still a notation.
    assert kifu.read("startpos").game == "chess"
    assert kifu.read(".9x9").game == "go"


def test_file_objects_and_paths(tmp_path):
    opera = EXAMPLES / "opera-game.pgn"
    with open(opera, "rb") as binary:
        assert kifu.read_game(binary).tags["White"] == kifu.read_game(opera).tags["White"]
    with open(opera, encoding="utf-8") as text:
        assert kifu.read_game(text).tags["White"] == kifu.read_game(str(opera)).tags["White"]
    assert kifu.read_game(io.StringIO("1. e4 e5 *")).plies == 2
    bad = kifu.validate(io.BytesIO(b"1. e4 e5 2. Ke3 *"))
    assert not bad and bad.errors[0].line == 1


def test_iter_games_reads_a_directory(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.sgf").write_bytes((EXAMPLES / "ko.sgf").read_bytes())
    (tmp_path / "sub" / "b.pgn").write_bytes((EXAMPLES / "opera-game.pgn").read_bytes())
    (tmp_path / "notes.txt").write_text("not a record")
    games = list(kifu.iter_games(tmp_path))
    assert [g.game for g in games] == ["go", "chess"]


def test_utf8_kif_that_kept_its_shift_jis_header():
    kif = "#KIF version=2.0 encoding=Shift_JIS\n手合割：平手\n先手：羽生\n   1 ７六歩(77)\n"
    game = kifu.read_game(kif)
    assert game.tags["先手"] == "羽生" and game.plies == 1


def test_images_take_python_chess_marks():
    board = kifu.ChessPosition()
    plain = board.svg()
    marked = board.svg(arrows=[("e2", "e4"), "Bd1h5"], squares=[12, "f7"], check="e1", last_move="e2e4")
    assert marked != plain and "<svg" in marked
    assert board.svg(arrows="Ge2e4") == board.svg(arrows=[(12, 28)])
    # Coordinates are on unless asked off, as in python-chess.
    assert board.svg(coordinates=False) != plain
    assert board.svg(coordinates=True) == plain
    with pytest.raises(ValueError):
        board.svg(arrows="Zz9")
    with pytest.raises(TypeError):
        kifu.GoPosition(".9x9").svg(arrows="e2e4")
    png = board.png(size=64, arrows=["e2e4"])
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
