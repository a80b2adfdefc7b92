"""kifu over Dask: collections of game files read, counted and indexed on a cluster.

    import kifu.dask
    bag = kifu.dask.read_games("games/*.pgn")             # a dask.bag of kifu.Game
    frame = kifu.dask.read_frame("games/*.pgn")           # a dask.dataframe, a row a game
    kifu.dask.build_index("games/*.pgn", "games.db")      # index parts on the workers, merged
    kifu.dask.analyse("games/*.pgn", "stockfish", kifu.engine.Limit(depth=12))  # an engine a partition

A PGN file larger than `blocksize` is read as byte ranges, each starting at the first game
whose first byte lies in it (kifu.pgn_game_start), so every game is read once; compressed
files and other records are a partition each. The functions take the files' names: on a
real cluster the files must be on storage every worker sees (docs/python.md).
"""

from __future__ import annotations

import glob
import os
import tempfile
from typing import Iterable, NamedTuple

import kifu

__all__ = ["Part", "analyse", "build_index", "game_count", "parts", "read_frame", "read_games"]

DEFAULT_BLOCKSIZE = 64 << 20

# The columns of read_frame, in order: the source file, the game's index (in its byte range
# for a split PGN) and byte offset, its game, players, event, date, result, ply count, the
# final position in its game's notation, and the main line in the game's plain notation (SAN,
# Go's "D4", USI, ICCS), space-separated.
FRAME_COLUMNS = ["source", "index", "offset", "game", "event", "date", "first", "second", "result", "plies",
                 "final", "moves"]

# Each game's tags for the players, event and date (kifu.games(): the library's table).
_NAMED = {g["name"]: (g["event_tags"], g["date_tags"], g["first_tags"], g["second_tags"]) for g in kifu.games()}


class Part(NamedTuple):
    """A partition: a file, or the byte range [start, end) of an uncompressed PGN file."""

    path: str
    start: int | None = None
    end: int | None = None


def _expand(paths) -> list[str]:
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    files: list[str] = []
    for p in paths:
        p = os.fspath(p)
        if any(c in p for c in "*?["):
            matched = sorted(glob.glob(p, recursive=True))
            if not matched:
                raise FileNotFoundError(f"{p}: no file matches")
            files.extend(matched)
        else:
            if not os.path.exists(p):
                raise FileNotFoundError(p)
            files.append(p)
    return files


def _splittable(path: str) -> bool:
    if not path.lower().endswith(".pgn"):
        return False
    with open(path, "rb") as f:
        magic = f.read(4)
    return not (magic[:2] in (b"\x1f\x8b", b"BZ") or magic == b"\x28\xb5\x2f\xfd" or magic[:2] == b"\xfd7")


def parts(paths, blocksize: int = DEFAULT_BLOCKSIZE) -> list[Part]:
    """The partitions of a collection: each file whole, except uncompressed PGN files
    larger than blocksize, which are cut into byte ranges of that size."""
    out: list[Part] = []
    for path in _expand(paths):
        size = os.path.getsize(path)
        if size > blocksize and _splittable(path):
            for start in range(0, size, blocksize):
                out.append(Part(path, start, min(start + blocksize, size)))
        else:
            out.append(Part(path))
    return out


def _games(part: Part, format: str | None) -> list:
    return list(kifu.iter_games(part.path, format, start=part.start, end=part.end))


def _count(part: Part, format: str | None) -> dict:
    games = plies = errors = 0
    for game in kifu.iter_games(part.path, format, start=part.start, end=part.end):
        games += 1
        plies += game.plies
        errors += bool(game.errors)
    return {"games": games, "plies": plies, "errors": errors}


def _tag(tags: dict, names: Iterable[str]) -> str:
    for n in names:
        if n in tags:
            return tags[n]
    return ""


def _frame(part: Part, format: str | None):
    import pandas

    records = []
    for r in kifu.rows(part.path, format, start=part.start, end=part.end):
        t = r["tags"]
        event, date, first, second = _NAMED[r["game"]]
        records.append((r["source"], r["index"], r["offset"] if r["offset"] is not None else -1, r["game"],
                        _tag(t, event), _tag(t, date), _tag(t, first), _tag(t, second), r["result"],
                        r["plies"], r["final"], " ".join(r["moves"])))
    return _typed(pandas.DataFrame.from_records(records, columns=FRAME_COLUMNS))


def _typed(frame):
    return frame.astype({"index": "int64", "offset": "int64", "plies": "int64"})


def _meta():
    import pandas

    return _typed(pandas.DataFrame({c: pandas.Series(dtype="object") for c in FRAME_COLUMNS}))


def read_games(paths, blocksize: int = DEFAULT_BLOCKSIZE, format: str | None = None):
    """A dask.bag of kifu.Game, a partition per file or byte range (parts())."""
    import dask
    import dask.bag

    return dask.bag.from_delayed([dask.delayed(_games)(p, format) for p in parts(paths, blocksize)])


def read_frame(paths, blocksize: int = DEFAULT_BLOCKSIZE, format: str | None = None):
    """A dask.dataframe with a row a game: FRAME_COLUMNS (source, index, offset, game, event,
    date, first, second, result, plies, final, moves)."""
    import dask
    import dask.dataframe

    return dask.dataframe.from_delayed([dask.delayed(_frame)(p, format) for p in parts(paths, blocksize)],
                                       meta=_meta(), verify_meta=False)


def game_count(paths, blocksize: int = DEFAULT_BLOCKSIZE, format: str | None = None) -> dict:
    """Games, plies and games with errors of a collection, counted partition by partition
    on the workers (only the counts travel)."""
    import dask

    counts = dask.compute(*[dask.delayed(_count)(p, format) for p in parts(paths, blocksize)])
    total = {"games": 0, "plies": 0, "errors": 0}
    for c in counts:
        for k in total:
            total[k] += c[k]
    return total


def _analyse_part(part: Part, format: str | None, command, protocol, options, limit, all_lines: bool) -> list:
    import kifu.engine

    out = []
    engine = None
    try:
        for game in kifu.iter_games(part.path, format, start=part.start, end=part.end):
            if engine is None:
                engine = kifu.engine.Engine.popen(command, protocol=protocol, game=game.game, options=options)
            out.append({"source": game.source, "index": game.index, "offset": game.offset, "game": game.game,
                        "positions": engine.analyse_game(game, limit, all_lines=all_lines)})
    finally:
        if engine is not None:
            engine.quit()
    return out


def analyse(paths, command, limit, *, protocol: str | None = None, options: dict | None = None,
            all_lines: bool = False, blocksize: int = DEFAULT_BLOCKSIZE, format: str | None = None):
    """A dask.bag of dicts, a game each: {'source', 'index', 'offset', 'game', 'positions'}, the
    positions as kifu.engine.Engine.analyse_game gives them. Each partition (parts()) is
    analysed on a worker by an engine process of its own, started there: `command` must run
    on every worker. The engine's protocol is the games' (or `protocol`)."""
    import dask
    import dask.bag

    return dask.bag.from_delayed([dask.delayed(_analyse_part)(p, format, command, protocol, options, limit, all_lines)
                                  for p in parts(paths, blocksize)])


def _index_part(files: list[str], path: str) -> dict:
    with kifu.Index(path) as index:
        report = index.add(files)
    return {"path": path, "games": report["games"], "added": report["added"], "broken": report["broken"],
            "messages": report["messages"]}


def _file_groups(files: list[str], blocksize: int) -> list[list[str]]:
    groups: list[list[str]] = []
    size = 0
    for f in files:
        if not groups or size >= blocksize:
            groups.append([])
            size = 0
        groups[-1].append(f)
        size += os.path.getsize(f)
    return groups


def build_index(paths, out, *, parts_dir=None, blocksize: int = DEFAULT_BLOCKSIZE, keep_parts: bool = False) -> dict:
    """Builds the position index `out` (which must not exist) on the workers: the files, in
    order, are cut into groups of about blocksize bytes; each group is indexed by a worker
    into its own part (in parts_dir, which every worker must see), and the parts are merged
    in order (kifu.merge_indexes), so the index answers as one built by `kifu index` from
    the same files. A part is whole files: one file is indexed by one worker.
    Returns the merge's report, with the parts' reports under 'parts'."""
    import dask

    files = _expand(paths)
    out = os.fspath(out)
    if os.path.exists(out):
        raise FileExistsError(out)
    own_dir = parts_dir is None
    parts_dir = tempfile.mkdtemp(prefix="kifu-parts-", dir=os.path.dirname(os.path.abspath(out))) if own_dir \
        else os.fspath(parts_dir)
    groups = _file_groups(files, blocksize)
    names = [os.path.join(parts_dir, f"part-{i:05d}.db") for i in range(len(groups))]
    try:
        reports = dask.compute(*[dask.delayed(_index_part)(g, n) for g, n in zip(groups, names)])
        report = kifu.merge_indexes(out, names)
        report["parts"] = list(reports)
        return report
    finally:
        if not keep_parts:
            for n in names:
                for suffix in ("", "-journal", "-wal", "-shm"):
                    if os.path.exists(n + suffix):
                        os.remove(n + suffix)
            if own_dir:
                os.rmdir(parts_dir)
