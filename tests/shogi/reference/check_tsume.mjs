// Reads tsume solutions, one a line: an SFEN, a tab, the solution's USI moves blank-separated.
// Prints, for each, "ok" when tsshogi (an independent implementation of the rules) plays every
// move as a legal one, finds every move of the attacker (the side to move first) a check, and
// leaves the defender in check at the end with no legal move but drops (a drop then can only
// stand between a far checker and the king: tsume's useless interposition); else what failed.
// Used by tests/formats/solve_test.cpp.
import { createInterface } from 'node:readline';
import { Position } from 'tsshogi';

const files = '123456789';
const ranks = 'abcdefghi';
const squares = [];
for (const f of files) for (const r of ranks) squares.push(f + r);
const candidates = [];
for (const from of squares)
  for (const to of squares) if (from !== to) candidates.push(from + to, from + to + '+');
for (const piece of 'PLNSGBR') for (const to of squares) candidates.push(`${piece}*${to}`);

function verdict(line) {
  const [sfen, moves] = line.split('\t');
  const position = Position.newBySFEN(sfen);
  if (!position) return `unread ${sfen}`;
  const list = moves ? moves.split(' ') : [];
  for (let i = 0; i < list.length; ++i) {
    const move = position.createMoveByUSI(list[i]);
    if (!move || !position.isValidMove(move)) return `illegal at ply ${i + 1}: ${list[i]}`;
    position.doMove(move);
    if (i % 2 === 0 && !position.checked) return `no check at ply ${i + 1}: ${list[i]}`;
  }
  if (!position.checked) return 'the defender is not in check at the end';
  for (const usi of candidates) {
    const move = position.createMoveByUSI(usi);
    if (move && position.isValidMove(move) && !usi.includes('*')) return `the defender escapes: ${usi}`;
  }
  return 'ok';
}

const out = [];
for await (const line of createInterface({ input: process.stdin })) if (line) out.push(verdict(line));
process.stdout.write(out.join('\n') + '\n');
