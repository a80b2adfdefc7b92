#!/usr/bin/env python3
"""A small stand-in for KataGo's JSON analysis engine ('katago analysis'), for the tests.

Usage: fake_katago.py [ARG...] [MODE...]
  It refuses to start (exit 2, a message on stderr) unless its arguments hold
  '-override-config' with reportAnalysisWinratesAs=SIDETOMOVE, as kifu must add.
  refuse        answer every analysis query with an error on its "rules" field
  hang          never answer an analysis query (a terminate is answered with noResults)
  record=FILE   append every query read to FILE
Answers: query_version with version "1.99-fake"; an analysis query with two moves, the
first and second empty points (A1, B1, ... in GTP's letters without I) after its stones and
moves, no capture considered: winrate 0.62 and 0.55, scoreLead 3.5 and 1.5 for the side to
move, visits maxVisits (else 10), each pv that move then a pass. Plain log lines first, as
KataGo writes on its stderr while it loads.
"""
import json
import sys

args = sys.argv[1:]
modes = {}
for arg in args:
    key, _, value = arg.partition("=")
    modes[key] = value

if "-override-config" not in args or "reportAnalysisWinratesAs=SIDETOMOVE" not in args[
    args.index("-override-config") + 1
].split(","):
    sys.stderr.write("fake_katago: kifu must run me with reportAnalysisWinratesAs=SIDETOMOVE\n")
    sys.exit(2)

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
out = sys.stdout


def say(obj):
    out.write(json.dumps(obj) + "\n")
    out.flush()


out.write("KataGo v1.99-fake\nLoaded model fake.bin.gz\nStarted, ready to begin handling requests\n")
out.flush()
record = open(modes["record"], "a") if "record" in modes else None
hung = []
for raw in sys.stdin:
    raw = raw.strip()
    if not raw:
        continue
    if record:
        record.write(raw + "\n")
        record.flush()
    try:
        q = json.loads(raw)
    except ValueError:
        say({"error": "could not parse json"})
        continue
    if q.get("action") == "query_version":
        say({**q, "version": "1.99-fake", "git_hash": "<omitted>"})
        continue
    if q.get("action") == "terminate":
        say(q)
        for query_id in hung:
            if query_id == q.get("terminateId"):
                say({"id": query_id, "isDuringSearch": False, "noResults": True, "turnNumber": 0})
        continue
    for field in ("id", "moves", "rules", "boardXSize", "boardYSize"):
        if field not in q:
            say({"error": "missing field", "field": field, "id": q.get("id", "")})
            break
    else:
        if "refuse" in modes:
            say({"error": "unknown rules", "field": "rules", "id": q["id"]})
            continue
        if "hang" in modes:
            hung.append(q["id"])
            continue
        size = q["boardXSize"]
        taken = {m[1] for m in q.get("initialStones", []) + q["moves"]}
        empty = [f"{LETTERS[x]}{y}" for y in range(1, size + 1) for x in range(size) if f"{LETTERS[x]}{y}" not in taken]
        visits = q.get("maxVisits", 10)
        infos = []
        for order, (move, winrate, lead) in enumerate(zip(empty[:2], (0.62, 0.55), (3.5, 1.5))):
            infos.append({"move": move, "order": order, "visits": visits, "winrate": winrate,
                          "scoreLead": lead, "prior": 0.1, "pv": [move, "pass"]})
        say({"id": q["id"], "isDuringSearch": False, "turnNumber": len(q["moves"]), "moveInfos": infos,
             "rootInfo": {"winrate": 0.62, "scoreLead": 3.5, "visits": visits}})
