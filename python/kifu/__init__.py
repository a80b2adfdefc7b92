"""kifu: read, validate, convert, write and draw board-game notation (Go, chess, shogi,
xiangqi), and find positions in collections of games.

    >>> import kifu
    >>> board = kifu.ChessPosition()
    >>> board.play("e4").fen
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'

Everything goes through one registry of formats (kifu.formats()): kifu.read gives a
position object of its game's class, or a list of kifu.Game for a record; kifu.write
writes any of them in any format that can hold it. docs/python.md has the whole tour.
"""

from __future__ import annotations

import gc
import os
from typing import Iterator, NamedTuple

from ._errors import AmbiguousMoveError, DroppedWarning, IllegalMoveError, KifuError
from . import _kifu
from ._kifu import (
    ChessPosition,
    FeenPosition,
    Game,
    GameNode,
    GoPosition,
    Index,
    Position,
    ShogiPosition,
    XiangqiPosition,
    detect,
    formats,
    merge_indexes,
    pgn_game_start,
    read_options,
    write_options,
    write,
)

__all__ = [
    "AmbiguousMoveError", "ChessPosition", "DroppedWarning", "FeenPosition", "Game", "GameNode",
    "GoPosition", "IllegalMoveError", "Index", "KifuError", "Position", "ShogiPosition",
    "Validation", "XiangqiPosition", "detect", "formats", "iter_games", "merge_indexes",
    "pgn_game_start", "read", "read_game", "read_options", "rows", "validate", "write", "write_options",
]

# A str is a file name when it names an existing file and holds no line break; anything
# else is the notation itself (docs/python.md: a FEN or HEN never names a file here).
_MAX_PATH = 4096


def _source(source):
    """('path', str) or ('text', bytes) for what read/validate were given."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return "text", bytes(source)
    if isinstance(source, os.PathLike):
        return "path", os.fspath(source)
    if isinstance(source, str):
        if len(source) < _MAX_PATH and "\n" not in source and os.path.isfile(source):
            return "path", source
        return "text", source.encode()
    raise TypeError(f"expected a notation (str or bytes) or a path, got {type(source).__name__}")


def _read_options(options: dict) -> dict:
    # `start` is the older name of `position` (the CLI's --position).
    if "start" in options:
        if options.get("position") is not None:
            raise TypeError("kifu: give position or start, not both")
        options["position"] = options.pop("start")
    return options


def read(source, format: str | None = None, **options):
    """Reads a notation or a file: a position object of its game (GoPosition, ChessPosition,
    ShogiPosition, XiangqiPosition, FeenPosition), or a list of kifu.Game for a record
    (PGN, SGF, KIF, ... and move lists).

    source: the text (str or bytes), or a path (str naming an existing file, or any
    os.PathLike); files may be gzip, zstd, bzip2 or xz compressed. format: a name from
    kifu.formats(); detected when None. options: the read options of kifu.read_options(),
    the CLI's --NAME: position (start, its older name): the position a move list starts from
    (an SFEN, 'startpos'); superko, rules: how SGF games are replayed; charset: the charset
    to decode SGF, PGN, KIF, KI2 and CSA text with, instead of what it declares or the
    guess. An option the format does not take is a TypeError. Raises KifuError with the
    line and column.
    """
    options = _read_options(options)
    kind, value = _source(source)
    if kind == "path":
        return _kifu._read_path(value, format, options)
    return _kifu._read_text(value, format, "<text>", options)


def read_game(source, format: str | None = None, **options) -> Game:
    """The first game of a record (as python-chess's read_game): kifu.read, then its first
    game. Raises KifuError when the text is a position or holds no game."""
    result = read(source, format, **options)
    if not isinstance(result, list):
        raise KifuError(f"expected a record of games, found a {result.game} position")
    if not result:
        raise KifuError("the record holds no game")
    return result[0]


class Validation(NamedTuple):
    """What kifu.validate found: every error, then the warnings. True when there is no error."""

    errors: list
    warnings: list

    def __bool__(self) -> bool:
        return not self.errors


def validate(source, format: str | None = None, **options) -> Validation:
    """Every error of a notation or file (KifuError objects with line and column, not
    raised) and its warnings, as `kifu validate` prints them. options: as kifu.read's."""
    options = _read_options(options)
    kind, value = _source(source)
    if kind == "path":
        return Validation(*_kifu._validate(_kifu._read_file(value), format, value, value, options))
    return Validation(*_kifu._validate(value, format, "<text>", "", options))


def _paths(paths) -> list[str]:
    if isinstance(paths, (str, os.PathLike)):
        return [os.fspath(paths)]
    return [os.fspath(p) for p in paths]


def iter_games(paths, format: str | None = None, *, start: int | None = None,
               end: int | None = None, charset: str | None = None, threads: int = 1) -> Iterator[Game]:
    """The games of one or more files, read as they are needed: a PGN of any size is cut
    game by game and read in batches with the GIL released (other records are read whole,
    a file at a time). Compressed files are read as they are. A PGN game is read and checked
    whole, and its tree built the first time it is looked into (tags, result, plies and
    errors do not need it).

    start, end: only the games of an uncompressed PGN file whose first byte lies in
    [start, end) (how kifu.dask splits a big file); game.index then counts in the range.
    charset: decode with this charset (the read option of kifu.read).
    threads: read a PGN's batches on this many threads (the library's ordered pipeline, as
    kifu convert --threads does); the games still come in file order.
    """
    for path in _paths(paths):
        yield from _kifu.GameIterator(path, format, start, end, charset, threads)


def rows(paths, format: str | None = None, *, frame: bool = False, limit: int | None = None,
         start: int | None = None, end: int | None = None, charset: str | None = None, threads: int = 1):
    """Plain values a game, for analytics: a list of dicts (or, with frame=True, a pandas
    DataFrame) with source, format, index, offset, game, tags (a dict), result, plies, moves
    (as written), clocks (seconds after each move, chess [%clk]; shogi and others: the time
    the move took), evals (pawns from white's side, chess [%eval]; mates as +-1000), final
    (the last position in its game's notation) and errors. Parsed with the GIL released.
    charset, threads: as iter_games'.
    """
    out = []
    # Millions of new lists and dicts would set off the cyclic garbage collector again and
    # again over everything built so far (rows hold no cycles): off while they are made.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for path in _paths(paths):
            left = None if limit is None else limit - len(out)
            if left is not None and left <= 0:
                break
            out.extend(_kifu._rows(path, format, start, end, left, charset, threads))
    finally:
        if collecting:
            gc.enable()
    if frame:
        import pandas

        return pandas.DataFrame(out, columns=["source", "format", "index", "offset", "game", "tags", "result",
                                              "plies", "moves", "clocks", "evals", "final", "errors"])
    return out
