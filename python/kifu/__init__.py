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

import errno
import gc
import json
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
    OpeningBook,
    Position,
    ShogiPosition,
    XiangqiPosition,
    __version__,
    detect,
    formats,
    games,
    merge_indexes,
    pgn_game_start,
    read_options,
    write_options,
    write,
)

__all__ = [
    "__version__", "AmbiguousMoveError", "ChessPosition", "DroppedWarning", "FeenPosition", "Game", "GameNode",
    "GoPosition", "IllegalMoveError", "Index", "KifuError", "OpeningBook", "Position", "ShogiPosition",
    "Validation", "XiangqiPosition", "detect", "formats", "games", "iter_games", "merge_indexes",
    "pgn_game_start", "problems", "read", "read_game", "read_options", "rows", "solve", "validate", "write", "write_options",
]

# A str is a file name when it names an existing file and holds no line break, or when it
# holds no blank and ends in a file extension kifu reads ("games.pgn", "ko.sgf.gz"): such a
# name that is missing is a FileNotFoundError, not a notation. Anything else is the
# notation itself (docs/python.md: a FEN or HEN never names a file here).
_MAX_PATH = 4096
_COMPRESSED = (".gz", ".zst", ".bz2", ".xz")
_extensions = None


def _looks_like_a_file_name(text: str) -> bool:
    global _extensions
    if _extensions is None:
        _extensions = tuple({e for f in formats() if f["reads"] for e in f["extensions"]})
    name = text.lower()
    for suffix in _COMPRESSED:
        if name.endswith(suffix):
            name = name[: -len(suffix)]
    return not any(c.isspace() for c in text) and name.endswith(_extensions)


def _existing(path: str) -> str:
    if not os.path.exists(path):
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    return path


def _source(source):
    """('path', str, name) or ('text', bytes, name) for what read/validate were given: a
    notation (str or bytes), a path (str or os.PathLike), or a file object (text or binary)."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return "text", bytes(source), "<text>"
    if isinstance(source, os.PathLike):
        return "path", _existing(os.fspath(source)), None
    if isinstance(source, str):
        if len(source) < _MAX_PATH and "\n" not in source:
            if os.path.isfile(source):
                return "path", source, None
            if _looks_like_a_file_name(source):
                return "path", _existing(source), None
        return "text", source.encode(), "<text>"
    if hasattr(source, "read"):
        data = source.read()
        name = getattr(source, "name", None)
        name = name if isinstance(name, str) else "<stream>"
        return "text", data.encode() if isinstance(data, str) else bytes(data), name
    raise TypeError(f"expected a notation (str or bytes), a path or a file object, got {type(source).__name__}")


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
    kind, value, name = _source(source)
    if kind == "path":
        return _kifu._read_path(value, format, options)
    return _kifu._read_text(value, format, name, options)


def solve(position, *, plies: int | None = None, mate: int | None = None, nodes: int = 20_000_000) -> dict:
    """Solves a mate problem (docs/problems.md): a shogi tsume (tsume's rules: checks only,
    useless interpositions no defence), a chess or xiangqi mate. position: a Position, a
    Game (its start) or a notation read with kifu.read. plies: a mate within that many plies;
    mate: chess's mate in N (2N-1 plies); neither: any length. Returns {"verdict": "mate",
    "no_mate" or "unknown" (the node limit), "plies", "line" (the shortest mate against the
    longest defence, in the game's plain notation), "keys" (every first move that mates as
    soon), "alternatives" ([{"ply", "moves"}]: other moves that mate as soon later on), "nodes"}.
    Raises KifuError for Go or a board of no game with checkmate."""
    if plies is not None and mate is not None:
        raise TypeError("kifu.solve takes plies or mate, not both")
    if isinstance(position, Game):
        position = position.start
    elif not isinstance(position, Position):
        position = read(position)
        if isinstance(position, list):
            if not position:
                raise KifuError("the record holds no game")
            position = position[0].start
    limit = plies if plies is not None else (2 * mate - 1 if mate is not None else 0)
    if limit < 0:
        raise ValueError("kifu.solve: plies and mate are positive")
    return _kifu._solve(position, limit, nodes)


def problems(source, convention: str | None = None) -> list:
    """The Go problems of a collection (docs/problems.md, "Go problems"): source is what
    kifu.read takes (SGF text, bytes or a path) or a list of kifu.Game read from it.
    convention: how the answers are marked ("goproblems", "many-faces", "uligo", "easygo",
    "main-line"); detected when None. Returns a dict a problem, the problem mode of
    `kifu problems --json`: "player", "start" (HEN), "statement", "right" and "wrong" (first
    moves), "tree" (each node: "move", "colour", "sgf", "comment", "right", "children"),
    "findings" ({"issue", "path", "line", "message"}: no right answer, illegal moves,
    duplicates up to symmetry and colour swap, ...). Raises KifuError for another game's
    records."""
    games = source if isinstance(source, list) else read(source)
    if not isinstance(games, list):
        raise KifuError(f"expected a Go problem collection (SGF), found a {games.game} position")
    return [json.loads(p) for p in _kifu._problems(games, convention)]


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
    kind, value, name = _source(source)
    if kind == "path":
        return Validation(*_kifu._validate(_kifu._read_file(value), format, value, value, options))
    return Validation(*_kifu._validate(value, format, name, "" if name.startswith("<") else name, options))


def _paths(paths) -> list[str]:
    """The files to read: each path as given, a directory's record files (recursively, in
    name order, as kifu index reads them); a missing path is a FileNotFoundError."""
    given = [os.fspath(paths)] if isinstance(paths, (str, os.PathLike)) else [os.fspath(p) for p in paths]
    out = []
    for path in given:
        if os.path.isdir(path):
            out.extend(_kifu._record_files(path))
        elif path != "-" and not os.path.exists(path):
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
        else:
            out.append(path)
    return out


def iter_games(paths, format: str | None = None, *, start: int | None = None,
               end: int | None = None, charset: str | None = None, threads: int = 1,
               where=None, date=None, result: str | None = None, player: str | None = None,
               rating=None) -> Iterator[Game]:
    """The games of one or more files (or directories: their record files, recursively, in
    name order), read as they are needed: a PGN of any size is cut
    game by game and read in batches with the GIL released (other records are read whole,
    a file at a time). Compressed files are read as they are. A PGN game is read and checked
    whole, and its tree built the first time it is looked into (tags, result, plies and
    errors do not need it).

    start, end: only the games of an uncompressed PGN file whose first byte lies in
    [start, end) (how kifu.dask splits a big file); game.index then counts in the range.
    charset: decode with this charset (the read option of kifu.read).
    threads: read a PGN's batches on this many threads (the library's ordered pipeline, as
    kifu convert --threads does); the games still come in file order.
    where, date, result, player, rating: only the games that pass these filters, as kifu
    convert's --where, --date, --result, --player, --rating take them (a PGN game by its tags,
    before its moves are read): where {'White': 'Carlsen'} (the tag contains the text, any
    case), date a year or (from, to), result '1-0', 'B+', 'sente', 'draw', ..., player either
    player's name contains it, rating both players rated at least this, or within (from, to).
    game.index still counts every game of the file.
    """
    for path in _paths(paths):
        yield from _kifu.GameIterator(path, format, start, end, charset, threads, where, date, result, player,
                                      rating)


def rows(paths, format: str | None = None, *, frame: bool = False, positions: bool = False,
         limit: int | None = None, start: int | None = None, end: int | None = None, charset: str | None = None,
         threads: int = 1, where=None, date=None, result: str | None = None, player: str | None = None,
         rating=None):
    """Plain values a game, for analytics: a list of dicts with source, format, index, offset,
    game, tags (a dict), result, plies, moves (the main line in the game's plain notation:
    SAN, Go's "D4", USI, ICCS), clocks (seconds after each move, chess [%clk]; shogi and
    others: the time the move took), evals (pawns from the first player's side, chess [%eval];
    mates as +-1000), final (the last position in its game's notation), positions (with
    positions=True: the position after every move) and errors. Parsed with the GIL released.

    frame=True: a pandas DataFrame of flat values, as kifu convert --to csv writes them: each
    tag a column of its own (named as the records name it), moves, clocks, evals, errors and
    positions one text each (docs/csv.md says how they are joined).
    charset, threads, where, date, result, player, rating: as iter_games' (limit counts the
    games that pass).
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
            out.extend(_kifu._rows(path, format, start, end, left, charset, threads, positions, frame, where, date,
                                   result, player, rating))
    finally:
        if collecting:
            gc.enable()
    if frame:
        import pandas

        return pandas.DataFrame(out)
    return out
