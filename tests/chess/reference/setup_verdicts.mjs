// Reads FENs, one a line, and prints chessops' verdict on each: "impossible_check" when its
// isImpossibleCheck says so, "ok", or the IllegalSetup code that Chess.fromSetup refuses the
// position with. (fromSetup itself accepts impossible checks, and keeps an en-passant square
// only when a capture there is possible.) Used by
// tests/chess/check_rule_test.cpp to compare kifu's impossible-check rule with chessops'.
import { createInterface } from 'node:readline';
import { parseFen } from 'chessops/fen';
import { Chess, isImpossibleCheck } from 'chessops/chess';

const lines = createInterface({ input: process.stdin });
const out = [];
for await (const fen of lines) {
  if (!fen) continue;
  const setup = parseFen(fen);
  if (setup.isErr) {
    out.push(`unread ${setup.error.message}`);
    continue;
  }
  const position = Chess.fromSetup(setup.value);
  if (position.isErr) out.push(position.error.message);
  else out.push(isImpossibleCheck(position.value) ? 'impossible_check' : 'ok');
}
process.stdout.write(out.join('\n') + '\n');
