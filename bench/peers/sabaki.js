// @sabaki/sgf and @sabaki/go-board on the same corpus as kifu's sgf benchmarks:
// parse (bytes/s) and main-line replay (moves/s). Prints one JSON line.
// Usage: node bench/peers/sabaki.js PATH/yenw-ai-sgf.tar.gz [SECONDS]
'use strict';
const fs = require('fs');
const zlib = require('zlib');
const sgf = require('@sabaki/sgf');
const Board = require('@sabaki/go-board');
const { timeIt } = require('./timing');

function tarFiles(tar) {
  const files = [];
  let longName = null;
  for (let at = 0; at + 512 <= tar.length;) {
    if (tar[at] === 0) break;
    const header = tar.subarray(at, at + 512);
    const size = parseInt(header.subarray(124, 136).toString('latin1').replace(/[^0-7]/g, '') || '0', 8);
    const type = String.fromCharCode(header[156]);
    const data = tar.subarray(at + 512, at + 512 + size);
    if (type === 'L') longName = data.toString('utf8').replace(/\0.*$/s, '');
    else {
      if (type === '0' || header[156] === 0) files.push(data);
      longName = null;
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

const [tarPath, secondsArg] = process.argv.slice(2);
const seconds = Number(secondsArg || 3);
const files = tarFiles(zlib.gunzipSync(fs.readFileSync(tarPath)));
const texts = files.map((b) => b.toString('utf8'));
const bytes = files.reduce((n, b) => n + b.length, 0);

let parsed = [];
const parseTime = timeIt(seconds, () => { parsed = texts.map((t) => sgf.parse(t)); });

const letters = 'abcdefghijklmnopqrstuvwxyz';
function vertex(v) { return [letters.indexOf(v[0]), letters.indexOf(v[1])]; }
let moves = 0;
const replayTime = timeIt(seconds, () => {
  moves = 0;
  for (const trees of parsed) {
    let node = trees[0];
    const size = node.data.SZ ? parseInt(node.data.SZ[0], 10) : 19;
    let board = Board.fromDimensions(size, size);
    for (; node; node = node.children[0]) {
      for (const [key, sign] of [['B', 1], ['W', -1]]) {
        if (!node.data[key]) continue;
        const v = node.data[key][0];
        moves++;
        if (v === '' || (v === 'tt' && size <= 19)) continue;
        board = board.makeMove(sign, vertex(v));
      }
    }
  }
});

console.log(JSON.stringify({
  peer: '@sabaki/sgf ' + require('@sabaki/sgf/package.json').version + ' + @sabaki/go-board ' +
        require('@sabaki/go-board/package.json').version + ', node ' + process.version,
  files: files.length, bytes, moves,
  parse_bytes_per_second: bytes / parseTime,
  replay_moves_per_second: moves / replayTime,
}));
