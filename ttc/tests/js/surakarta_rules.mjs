// Compares the Surakarta rules and index of the explorer page
// (ttc/assets/surakarta/rules.js and tbindex.js) with the Rust library,
// through the reference of the hidden `ttc js-reference` (its module
// documentation defines the lines and digests). Any difference fails.
//
//   ttc js-reference --exhaustive 5 | node surakarta_rules.mjs --exhaustive
//     every placement of every material up to 5 pieces: each material's
//     digest of (cell, moves, capture paths) recomputed here, position by
//     position in the same order
//   ttc js-reference --random N --pieces 8 | node surakarta_rules.mjs --random
//     each line's position parsed and formatted, its cell and its moves
//     with their paths compared
//
// Prints what it checked and the time; exit status 1 on a difference or no
// input.

import { createInterface } from 'node:readline';
import * as R from '../../assets/surakarta/rules.js';
import * as X from '../../assets/surakarta/tbindex.js';

const mode = process.argv[2];
const t0 = Date.now();
const ids = new Map(); // mover size -> MoverIds, built here by walking every set
// Checkpoint spacing of the mover sets' numbering: 1 (a count per set, quick)
// by default; SURAKARTA_JS_STEP=1024 tests the spacing a static site uses.
const STEP = Number(process.env.SURAKARTA_JS_STEP || 1);

function moverIds(m) {
  if (!ids.has(m)) ids.set(m, X.MoverIds.build(m, STEP));
  return ids.get(m);
}

// The reference line of a position without the position: CELL\tMOVES.
function line(pos) {
  const mover = [];
  const other = [];
  pos.board.forEach((c, i) => {
    if (c === pos.side) mover.push(i);
    else if (c) other.push(i);
  });
  const cell = X.rank(mover, other, moverIds(mover.length));
  const moves = R.legalMoves(pos).map((m) =>
    m.capture ? `${m.text}:${m.paths.map((p) => p.map(R.squareName).join('.')).join(';')}` : m.text,
  );
  return `${cell}\t${moves.join(',')}`;
}

// The digest's two 32-bit hashes over UTF-8 bytes (the lines are ASCII).
function feed(d, text) {
  for (let i = 0; i < text.length; i++) {
    const b = text.charCodeAt(i);
    d[0] = Math.imul(d[0] ^ b, 0x01000193) >>> 0;
    d[1] = (Math.imul(d[1], 31) + b) >>> 0;
  }
}

const hex = (n) => n.toString(16).padStart(8, '0');
let failures = 0;
let checked = 0;
const fail = (msg) => {
  failures++;
  if (failures <= 10) console.error(msg);
};

function exhaustive(ref) {
  const [m, o] = ref.material.split('v').map(Number);
  const d = [0x811c9dc5, 0];
  let n = 0;
  for (let rm = 0; rm < X.BINOMIAL[36][m]; rm++) {
    const red = X.colexUnrank(rm, m, 36);
    const free = [];
    for (let i = 0; i < 36; i++) if (!red.includes(i)) free.push(i);
    for (let ro = 0; ro < X.BINOMIAL[36 - m][o]; ro++) {
      const black = X.colexUnrank(ro, o, 36 - m).map((k) => free[k]);
      const board = new Array(36).fill('');
      for (const p of red) board[p] = 'r';
      for (const p of black) board[p] = 'b';
      feed(d, line({ board, side: 'r', quiet: 0 }) + '\n');
      n++;
    }
  }
  const digest = hex(d[0]) + hex(d[1]);
  checked += n;
  if (n !== ref.positions || digest !== ref.digest) {
    fail(`${ref.material}: ${n} positions, digest ${digest}; the library: ${ref.positions}, ${ref.digest}`);
  }
  return `${ref.material} ${n}`;
}

function random(text) {
  const [position, cell, moves] = text.split('\t');
  const pos = R.parsePosition(position);
  if (R.formatPosition(pos) !== position) fail(`${position}: formatted as ${R.formatPosition(pos)}`);
  const got = line(pos);
  const want = `${cell}\t${moves}`;
  if (got !== want) fail(`${position}:\n  js:      ${got}\n  library: ${want}`);
  checked++;
}

const done = [];
for await (const text of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!text) continue;
  if (mode === '--exhaustive') done.push(exhaustive(JSON.parse(text)));
  else if (mode === '--random') random(text);
  else {
    console.error('usage: node surakarta_rules.mjs --exhaustive | --random');
    process.exit(2);
  }
}
const secs = ((Date.now() - t0) / 1000).toFixed(1);
if (checked === 0) {
  console.error('no positions read');
  process.exit(1);
}
if (failures) {
  const of = mode === '--exhaustive' ? `${done.length} materials` : `${checked} positions`;
  console.error(`${failures} of ${of} differ from the library (${secs} s)`);
  process.exit(1);
}
const what = mode === '--exhaustive' ? `every placement of ${done.length} materials (${checked} positions)` : `${checked} random positions`;
console.log(`${what}: cells, moves and capture paths agree with the library (${secs} s)`);
