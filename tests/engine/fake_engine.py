#!/usr/bin/env python3
"""A small UCI engine that misbehaves on request, for the engine layer's fault tests.

Usage: fake_engine.py [MODE...]
  crash-every=N      exit abruptly (status 7) on every Nth 'go' of this process
  hang               never answer 'go' (nor 'stop')
  hang-from=N        answer the first N-1 'go's, then hang
  garbage            write lines of junk bytes around every answer
  slow-handshake=S   sleep S seconds before 'uciok'
  no-handshake       never answer 'uci'
  illegal-pv         give a pv whose second move is illegal (e2e4 e2e4)
  huge-line=N        write an info line of N bytes before the best move
  flood=N            write N bytes of info strings at start, before reading anything
  multipv            declare MultiPV and answer each line asked for
  record=FILE        append every command read to FILE
It plays from the start position: its best move is e2e4 (d2d4 for a second line), its score
cp 31 at depth 5.
"""
import os
import sys
import time

modes = {}
for arg in sys.argv[1:]:
    key, _, value = arg.partition("=")
    modes[key] = value

out = sys.stdout


def say(line):
    out.write(line + "\n")
    out.flush()


def junk():
    if "garbage" in modes:
        out.buffer.write(b"\x00\xff\xfe junk \x1b[31m not a command\n" + os.urandom(40).replace(b"\n", b".") + b"\n")
        out.flush()


if "flood" in modes:
    n = int(modes["flood"])
    line = "info string " + "x" * 88 + "\n"
    out.write(line * (n // len(line) + 1))
    out.flush()

gos = 0
multipv = 1
record = open(modes["record"], "a") if "record" in modes else None
for raw in sys.stdin:
    command = raw.strip()
    if record:
        record.write(command + "\n")
        record.flush()
    junk()
    if command == "uci":
        if "no-handshake" in modes:
            continue
        if "slow-handshake" in modes:
            time.sleep(float(modes["slow-handshake"]))
        say("id name Fake Engine 1.0")
        say("id author kifu tests")
        say("option name Hash type spin default 16 min 1 max 1024")
        say("option name Ponder type check default false")
        say("option name Style type combo default Normal var Solid var Normal var Risky")
        if "multipv" in modes:
            say("option name MultiPV type spin default 1 min 1 max 500")
        say("uciok")
    elif command == "isready":
        say("readyok")
    elif command.startswith("setoption name MultiPV value "):
        multipv = int(command.split()[-1])
    elif command.startswith("go"):
        gos += 1
        if "crash-every" in modes and gos % int(modes["crash-every"]) == 0:
            say("info depth 1 score cp 3")
            os._exit(7)
        if "hang" in modes or ("hang-from" in modes and gos >= int(modes["hang-from"])):
            continue
        if "huge-line" in modes:
            say("info depth 2 score cp 1 pv " + "e2e4 " * (int(modes["huge-line"]) // 5))
        pv = "e2e4 e2e4" if "illegal-pv" in modes else "e2e4 e7e5 g1f3"
        say("info depth 5 seldepth 7 multipv 1 score cp 31 nodes 1234 nps 100000 time 12 pv " + pv)
        if multipv >= 2:
            say("info depth 5 seldepth 6 multipv 2 score cp 20 nodes 1234 nps 100000 time 12 pv d2d4 d7d5")
        junk()
        say("bestmove e2e4 ponder e7e5")
    elif command == "quit":
        break
