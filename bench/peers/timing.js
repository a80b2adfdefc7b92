// What the peers' benchmark scripts share.
'use strict';

function timeIt(seconds, fn) {
  // Repeats fn until `seconds` have passed; returns the median time of one run.
  const times = [];
  const deadline = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
  do {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e9);
  } while (process.hrtime.bigint() < deadline || times.length < 3);
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

module.exports = { timeIt };
