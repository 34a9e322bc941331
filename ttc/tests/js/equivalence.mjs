// Compares probe.js (the static site's prober) with the Rust library, one
// position at a time: reads the JSON lines of `ttc positions` on standard
// input and answers each position with probe.js, then compares the two
// answers field by field (value, cell, every move's value, order and
// child position). Prints the count, the differences (the first few in
// full) and the time; exit status 1 on any difference or on no input.
//
//   ttc positions TABLE --all | node equivalence.mjs --site SITE_DIR [--stream]
//     answers from the site's block files (`ttc export-site`); --stream
//     decodes blocks with DecompressionStream, as the browser does,
//     instead of zlib.inflateSync
//   ttc positions --size 4 --random N | node equivalence.mjs --plain --size 4 --roles PNBR --rules travel-direction --lock 6
//     no table: cells (the index) and legal moves in generator order

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { inflateSync } from 'node:zlib';
import * as P from '../../assets/probe.js';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const has = (name) => args.includes(name);

// JSON with object keys sorted, so field order does not matter.
function canon(x) {
  if (Array.isArray(x)) return '[' + x.map(canon).join(',') + ']';
  if (x && typeof x === 'object') return '{' + Object.keys(x).sort().map((k) => JSON.stringify(k) + ':' + canon(x[k])).join(',') + '}';
  return JSON.stringify(x);
}

let answer;
if (has('--site')) {
  const dir = opt('--site');
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const read = async (path) => readFileSync(join(dir, path));
  const inflate = has('--stream') ? P.inflateStream : async (b) => inflateSync(b);
  const site = new P.Site(manifest, read, inflate, Number(opt('--keep', '4096')));
  answer = async (ref) => {
    const a = await site.probe(ref.position);
    a.cell = ref.cell; // the reference's cell is the enumerated one; compared apart below
    return a;
  };
  answer.cellCheck = true;
  answer.site = site;
} else if (has('--plain')) {
  const v = new P.Variant(Number(opt('--size', '4')), opt('--roles', 'PNBR'), opt('--rules', 'travel-direction'), Number(opt('--lock', '6')));
  const idx = new P.Index(v);
  const oidx = new P.OpeningIndex(v);
  answer = async (ref) => {
    const pos = P.parsePosition(ref.position, v);
    return {
      position: P.toNotation(pos),
      cell: P.cellOf(idx, oidx, pos),
      terminal: P.isTerminal(pos),
      moves: P.legalSteps(pos).map((s) => {
        const child = P.playStep(pos, s);
        return { move: P.moveText(pos, s), position: P.toNotation(child), cell: P.cellOf(idx, oidx, child) };
      }),
    };
  };
} else {
  console.error('usage: node equivalence.mjs (--site DIR [--stream] | --plain --size N --roles XYZ --rules R --lock K) < positions.jsonl');
  process.exit(2);
}

const t0 = performance.now();
let count = 0;
let differences = 0;
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const text of lines) {
  if (!text.trim()) continue;
  // The position and its cell lead each line; the whole line is parsed
  // only when it differs (parsing every line was a quarter of the time).
  const head = /^\{"position":"([^"]*)"/.exec(text);
  const cellText = /"cell":\{"section":"([^"]*)","index":(\d+)\}/.exec(text);
  const ref = head && cellText ? { position: head[1], cell: { section: cellText[1], index: Number(cellText[2]) } } : JSON.parse(text);
  count++;
  let got;
  let cellOk = true;
  try {
    got = await answer(ref);
    if (answer.cellCheck) {
      // The rank of the position computed by probe.js must be the cell it was enumerated from.
      const v = answer.site.tables[0].v;
      const pos = P.parsePosition(ref.position, v);
      const c = P.cellOf(answer.site.tables[0].idx, answer.site.tables[0].oidx, pos);
      cellOk = c.section === ref.cell.section && c.index === ref.cell.index;
    }
  } catch (e) {
    got = { error: e.message };
  }
  // Same field order as the Rust answer, so the common case is one string comparison.
  if (!cellOk || (JSON.stringify(got) !== text.trim() && canon(got) !== canon(JSON.parse(text)))) {
    differences++;
    if (differences <= 5) {
      console.error(`difference at position ${count}: ${ref.position}${cellOk ? '' : ' (cell differs)'}`);
      console.error('  rust: ' + canon(JSON.parse(text)).slice(0, 2000));
      console.error('  js:   ' + canon(got).slice(0, 2000));
    }
  }
}
const seconds = (performance.now() - t0) / 1000;
const fetched = answer.site ? answer.site.fetched() : null;
console.log(JSON.stringify({ positions: count, differences, seconds: Number(seconds.toFixed(2)), ...(fetched ? { blocks_read: fetched.blocks } : {}) }));
process.exit(differences === 0 && count > 0 ? 0 : 1);
