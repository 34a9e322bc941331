// Compares the Surakarta static site's prober (ttc/assets/surakarta/site.js)
// with the Rust library: reads `POSITION<TAB>ANSWER` lines of
// `ttc js-reference --random N --pieces P --probe DIR` (ANSWER: the JSON of
// `ttc probe DIR POSITION --json`) and answers each position from the block
// files of the site `ttc export-site DIR SITE` wrote, then compares the two
// answers field by field (values, every move's values, order, child
// position and capture paths). Any difference fails.
//
//   ttc js-reference --random 20000 --pieces 5 --probe DIR \
//     | node surakarta_site.mjs --site SITE [--stream]
//
// --stream decodes blocks with DecompressionStream, as the browser does,
// instead of zlib.inflateSync. Prints the count, the blocks read and the
// time; exit status 1 on a difference or no input.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { inflateSync } from 'node:zlib';
import { inflateStream } from '../../assets/probe.js';
import { SurakartaSite } from '../../assets/surakarta/site.js';

const args = process.argv.slice(2);
const dir = args[args.indexOf('--site') + 1];
const t0 = Date.now();
const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
const read = async (path) => readFileSync(join(dir, path));
const inflate = args.includes('--stream') ? inflateStream : async (b) => inflateSync(b);
const site = new SurakartaSite(manifest, read, inflate);

// JSON with object keys sorted, so field order does not matter.
function canon(x) {
  if (Array.isArray(x)) return '[' + x.map(canon).join(',') + ']';
  if (x && typeof x === 'object') return '{' + Object.keys(x).sort().map((k) => JSON.stringify(k) + ':' + canon(x[k])).join(',') + '}';
  return JSON.stringify(x);
}

let n = 0;
let failures = 0;
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line) continue;
  const tab = line.indexOf('\t');
  const position = line.slice(0, tab);
  const want = canon(JSON.parse(line.slice(tab + 1)));
  let got;
  try {
    got = canon(await site.probe(position));
  } catch (e) {
    got = `error: ${e.message}`;
  }
  n++;
  if (got !== want) {
    failures++;
    if (failures <= 5) console.error(`${position}:\n  site:    ${got}\n  library: ${want}`);
  }
}
const blocks = [...site.materials.values()].reduce((s, m) => s + m.fetched, 0);
const secs = ((Date.now() - t0) / 1000).toFixed(1);
if (n === 0) {
  console.error('no positions read');
  process.exit(1);
}
if (failures) {
  console.error(`${failures} of ${n} answers differ from the library (${secs} s)`);
  process.exit(1);
}
console.log(`${n} positions probed from the site (${blocks} blocks read): every answer equals the library's (${secs} s)`);
