// What the peers' benchmark scripts share.
'use strict';

// Repeats fn until `seconds` of CPU time have passed (at least 3 runs); returns the median
// CPU time (user + system, process.cpuUsage) of one run: the measure Google Benchmark's
// rates use on kifu's side (bench/compare compares CPU time with CPU time).
function timeIt(seconds, fn) {
  const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
  const times = [];
  const start = cpu();
  do {
    const t0 = cpu();
    fn();
    times.push(cpu() - t0);
  } while (cpu() - start < seconds || times.length < 3);
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

module.exports = { timeIt };
