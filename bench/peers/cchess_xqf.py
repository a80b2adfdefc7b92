#!/usr/bin/env python3
"""Reads every XQF file of a directory with kifu's Python module and with cchess's reader
(walker8088/cchess, its io_xqf.py, from a snapshot outside the project) and compares what
they make of each: the start position and every line of moves, in ICCS.

Usage: PYTHONPATH=build/release/python python3 bench/peers/cchess_xqf.py CCHESS_SRC DIR

CCHESS_SRC is the snapshot's src/ folder (cchess needs Debian's python3-chardet). Prints
the counts, then each file whose lines differ with kifu's warnings about it. docs/xqf.md
gives the figures for cchess's own 14,735 files.
"""
import collections
import pathlib
import sys


def kifu_lines(game):
    """Every line of the tree, its moves in ICCS (kifu's move words for xiangqi)."""
    lines = []
    stack = [(game.root, [])]
    while stack:
        node, line = stack.pop()
        children = node.variations
        if not children:
            lines.append(line)
        for child in children:
            stack.append((child, line + [child.move]))
    return [] if lines == [[]] else lines


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.path.insert(0, sys.argv[1])
    import kifu
    from cchess import Game as CchessGame

    counts = collections.Counter()
    differing = []
    for path in sorted(pathlib.Path(sys.argv[2]).iterdir()):
        if path.suffix.lower() != ".xqf":
            continue
        game = kifu.read_game(str(path), format="xqf")
        theirs = CchessGame.read_from(str(path))
        ours_lines = sorted(map(tuple, kifu_lines(game)))
        their_lines = sorted(map(tuple, theirs.dump_iccs_moves()))
        same_start = game.start.fen.split()[:2] == theirs.init_board.to_fen().split()[:2]
        counts["files"] += 1
        counts["same start"] += same_start
        if ours_lines == their_lines:
            counts["same lines"] += 1
        else:
            differing.append((path.name, [str(w) for w in game.warnings]))
        counts["kifu warned"] += bool(game.warnings)
    for name, value in counts.items():
        print(f"{value:7d} {name}")
    for name, warnings in differing:
        print(f"lines differ: {name}: {'; '.join(warnings) or 'kifu warned of nothing'}")


if __name__ == "__main__":
    main()
