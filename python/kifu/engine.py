"""Engines for every game kifu reads, with the shape python-chess users know:

    import kifu, kifu.engine
    with kifu.engine.Engine.popen("stockfish") as engine:
        info = engine.analyse(kifu.read("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3"),
                              kifu.engine.Limit(depth=12))
        info["score"]    # {'mate': 1}, {'cp': 35}, Go's {'points': 2.5}: the side to move's view
        info["pv"]       # ['Qxf7#']: the game's plain notation (SAN, USI, ICCS, Go's vertices)

The protocol is the game's (chess UCI, shogi USI, xiangqi UCCI, Go GTP: popen(..., game=)),
or named (protocol="usi"). The process always ends: at quit(), at the end of a with block,
and when the object is collected. An engine that crashes or hangs raises kifu.KifuError; the
next call starts it again. docs/analyse.md says what each protocol gets and what is read back.
"""

from __future__ import annotations

import shlex
from typing import NamedTuple

import kifu
from kifu import _kifu

__all__ = ["Engine", "Limit"]


class Limit(NamedTuple):
    """How long a search runs: depth, nodes, or time (seconds) per position; at least one."""

    depth: int | None = None
    nodes: int | None = None
    time: float | None = None


class Engine:
    """An engine process of any protocol. Not for two threads at once (a search waits for
    the one before)."""

    def __init__(self, handle):
        self._handle = handle

    @classmethod
    def popen(cls, command, *, protocol: str | None = None, game: str | None = None, options: dict | None = None,
              timeout: float | None = None) -> "Engine":
        """Starts `command` (a str is split as a shell would: "gnugo --mode gtp"), handshakes
        and sets `options` (checked against those the engine declares). `timeout`: seconds a
        search may run past its limit's own deadline (docs/analyse.md)."""
        argv = shlex.split(command) if isinstance(command, str) else [str(c) for c in command]
        if not argv:
            raise ValueError("kifu.engine: no command given")
        if protocol is None:
            protocol = _kifu.engine_protocol(game) if game is not None else "uci"
        pairs = [(str(k), str(v).lower() if isinstance(v, bool) else str(v)) for k, v in (options or {}).items()]
        return cls(_kifu._Engine(argv, protocol, pairs, timeout))

    @property
    def name(self) -> str:
        return self._handle.name

    @property
    def protocol(self) -> str:
        return self._handle.protocol

    @property
    def options(self) -> dict:
        """The options the engine declares: name -> {'type', 'default', 'min', 'max', 'values'}."""
        return self._handle.options

    def analyse(self, position, limit: Limit, multipv: int | None = None):
        """The engine's verdict on a position of any game: a dict with 'score', 'depth',
        'nodes', 'time' (seconds), 'pv' (the game's plain notation), 'pv_engine' (the
        protocol's) and 'best'; with multipv, a list of them, best first."""
        if isinstance(position, kifu.Game):
            position = position.final
        elif isinstance(position, kifu.GameNode):
            position = position.position
        lines = self._handle.analyse(position, limit.depth, limit.nodes, limit.time, multipv or 1)
        if multipv is None:
            return lines[0] if lines else {}
        return lines

    def analyse_game(self, game, limit: Limit, *, all_lines: bool = False, multipv: int = 1) -> list:
        """Every position after a move of the game's main line (all_lines: of every line), each a
        dict with 'node' (the path kifu tree prints), 'ply', 'side', 'best' and 'lines', or
        'error' where the engine failed (it is started again for the next)."""
        return self._handle.analyse_game(game, limit.depth, limit.nodes, limit.time, multipv, all_lines)["positions"]

    def quit(self) -> None:
        """Ends the process (quit, then SIGTERM and SIGKILL if it lingers) and waits for it."""
        if self._handle is not None:
            self._handle.quit()

    close = quit

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.quit()

    def __del__(self):
        try:
            self.quit()
        except Exception:
            pass
