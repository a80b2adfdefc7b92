// tsshogi (npm) reading the same shogi records as kifu's shogi_read benchmarks: the 300
// synthetic games in KIF, KI2 and CSA. Prints one JSON line: records and plies per second
// for each format (the median of the timed runs).
// Usage: node bench/peers/tsshogi.js PATH/shogi/records/synthetic [SECONDS]
'use strict';
const fs = require('fs');
const path = require('path');
const tsshogi = require('tsshogi');
const { timeIt } = require('./timing');

const [dir, secondsArg] = process.argv.slice(2);
const seconds = Number(secondsArg || 3);
const formats = { kif: ['.kifu', tsshogi.importKIF], ki2: ['.ki2u', tsshogi.importKI2], csa: ['.csa', tsshogi.importCSA] };
const out = { peer: 'tsshogi ' + (process.env.TSSHOGI_VERSION || '') };
for (const [name, [suffix, read]] of Object.entries(formats)) {
  const texts = [];
  for (let i = 1; i <= 300; ++i) texts.push(fs.readFileSync(path.join(dir, 'syn' + String(i).padStart(4, '0') + suffix), 'utf8'));
  let plies = 0;
  const t = timeIt(seconds, () => {
    plies = 0;
    for (const text of texts) {
      const record = read(text);
      if (record instanceof Error) throw record;
      for (const node of record.moves) plies += node.move instanceof tsshogi.Move;  // specials aside
    }
  });
  out[name] = { records_per_second: texts.length / t, plies_per_second: plies / t, plies };
}
console.log(JSON.stringify(out));
