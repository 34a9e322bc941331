// The Surakarta explorer's static-site backend (an ES module): answers the
// page's API requests (/api/info, /api/probe, /api/line, /api/play) in the
// browser from the block files of a site written by `ttc export-site DIR
// SITE` (tablebase/src/site/surakarta.rs has the layout), as the server
// answers them from the tables: the same JSON, field for field (tested
// against `ttc probe DIR --json` by ttc/tests/js/surakarta_site.mjs).
//
// The probe is the library's (tablebase::surakarta::probe): the position's
// codes, each legal move's child looked up and flipped to the mover's view,
// the moves sorted best first by the result under the 50-ply rule, then the
// result without it, then the distance.
import { BLOCK_FORMATS, BlockFiles, inflateStream, openBlock, siteReader } from '../probe.js';
import * as R from './rules.js';
import * as X from './tbindex.js';

const DEFAULT_MAX_PLIES = 300;
const MAX_PLIES = 1000;

// ---- Values (tables::surakarta::codes) ----------------------------------------

// An end value {cat: 'win'|'loss'|'draw', d} from its code.
function endValue(code, where) {
  if (code === 0xffff) return { cat: 'draw', d: null };
  if (code === 0xfffd || code === 0xfffe) throw new Error(`${where}: end code ${code} (not a finished, canonical cell): the site's index and the page disagree`);
  return { cat: code & 1 ? 'win' : 'loss', d: code };
}

// A rule value {cat, dtz} from its code.
function ruleValue(code, where) {
  if (code === 0) return { cat: 'draw', dtz: null };
  if (code >= 1 && code <= 50) return { cat: 'win', dtz: code };
  if (code >= 100 && code <= 150) return { cat: 'loss', dtz: code - 100 };
  throw new Error(`${where}: rule code ${code} is no value`);
}

// The rule value at quiet counter q: a win or loss only if its next
// capture comes within the plies the counter leaves.
function atCounter(rule, q) {
  const left = Math.max(50 - q, 0);
  return rule.cat !== 'draw' && rule.dtz > left ? { cat: 'draw', dtz: null } : rule;
}

const flipEnd = (v) => (v.cat === 'draw' ? v : { cat: v.cat === 'win' ? 'loss' : 'win', d: v.d + 1 });
const flipRule = (v, capture) => (v.cat === 'draw' ? v : { cat: v.cat === 'win' ? 'loss' : 'win', dtz: capture ? 1 : v.dtz + 1 });

// The sort key of a move, larger is better (tablebase::surakarta::probe's).
function goodness(end, rule) {
  const r = rule.cat === 'win' ? 1 : rule.cat === 'draw' ? 0 : -1;
  const e = end.cat === 'win' ? 100000 - end.d : end.cat === 'draw' ? 0 : -100000 + end.d;
  const z = rule.cat === 'win' ? -rule.dtz : rule.cat === 'loss' ? rule.dtz : 0;
  return [r, e, z];
}

const better = (a, b) => {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return b[i] - a[i];
  return 0;
};

// ---- Block files ----------------------------------------------------------------

// One material's blocks (the 3 n bytes of their cells), fetched on
// demand, checked against the manifest and kept (the `keep` most
// recently used).
class MaterialBlocks extends BlockFiles {
  constructor(meta, site, keep) {
    super(meta.material, site.read, keep);
    const [mover, other] = meta.material.split('v').map(Number);
    this.meta = { ...meta, mover, other };
    this.site = site;
    const m = site.manifest;
    this.spec = {
      headerLen: m.block_header_len,
      cellsCrc: meta.cells_crc,
      fields: [m.rule_tag, 6, mover * 16 + other, 0, BLOCK_FORMATS[meta.format]],
      mismatch: (named) => `its header names rule tag 0x${named[0].toString(16)}, board ${named[1]}, material ${named[2] >> 4}v${named[2] & 15}, format ${named[4]}, not the manifest's ${meta.material}`,
      units: ['bytes of cells', 'bytes'],
      damaged: (e) => `its compressed cells are damaged (the decompressor says: ${e.message})`,
    };
  }

  open(bytes, b, name) {
    const bc = this.site.manifest.block_cells;
    const n = Math.min(bc, this.meta.cells - b * bc);
    return openBlock(bytes, name, b, 3 * n, this.spec, this.site.inflate);
  }

  // The end and rule codes of `cell`.
  async codes(cell) {
    const bs = this.site.manifest.block_cells;
    const cells = await this.block(Math.floor(cell / bs));
    const i = cell % bs;
    const n = cells.length / 3;
    return [cells[i] | (cells[n + i] << 8), cells[2 * n + i]];
  }
}

// ---- The site -------------------------------------------------------------------

function checkManifest(m) {
  if (!m || m.format !== 'ttc-surakarta-site' || m.version !== 1) throw new Error('manifest.json is not the manifest of a Surakarta site of ttc (format ttc-surakarta-site, version 1): export the site again with this version of ttc');
  if (m.compression !== 'zlib' || !(m.block_cells > 0) || !Array.isArray(m.materials) || !Array.isArray(m.mover_ids)) throw new Error('manifest.json: an unknown block layout');
}

/**
 * A Surakarta static site, answering as the server's API does. `manifest`
 * is the parsed manifest.json; `read(path)` returns a promise of a site
 * file's bytes (Uint8Array); `inflate(bytes)` decodes a zlib stream
 * (default: DecompressionStream); `keep` blocks are kept per material.
 */
export class SurakartaSite {
  constructor(manifest, read, inflate = inflateStream, keep = 256) {
    checkManifest(manifest);
    this.manifest = manifest;
    this.read = read;
    this.inflate = inflate;
    this.materials = new Map(manifest.materials.map((t) => [t.material, new MaterialBlocks(t, this, keep)]));
    this.ids = new Map();
    for (const c of manifest.mover_ids) {
      const ids = new X.MoverIds(c.m, c.step, Uint32Array.from(c.counts));
      if (c.counts.length !== Math.ceil(X.BINOMIAL[36][c.m] / c.step) + 1) throw new Error(`manifest.json: the numbering of ${c.m}-point mover sets has ${c.counts.length} counts`);
      this.ids.set(c.m, ids);
    }
    for (const t of manifest.materials) {
      const [mv, ot] = t.material.split('v').map(Number);
      const ids = this.ids.get(mv);
      if (!ids || X.cells(ids, ot) !== t.cells) throw new Error(`manifest.json: material ${t.material} has ${t.cells} cells, this page's index counts ${ids ? X.cells(ids, ot) : 'none'}`);
    }
  }

  /** The site at `base` (a URL of its folder), its files fetched. */
  static async fromUrl(base) {
    const read = siteReader(base);
    const manifest = JSON.parse(new TextDecoder().decode(await read('manifest.json')));
    return new SurakartaSite(manifest, read);
  }

  /** `/api/info`. */
  info() {
    const m = this.manifest;
    return {
      game: 'surakarta',
      folder: m.folder,
      max_pieces: m.max_pieces,
      quiet_limit: m.quiet_limit,
      example_position: m.example_position,
      tables: m.materials.map((t) => ({ file: t.file, material: t.material, format: t.format, cells: t.cells, cells_crc: t.cells_crc })),
      static_site: true,
    };
  }

  // The position after `moves` from `position` (the server's parameters).
  start(position, moves) {
    if (position === undefined || position === null) throw new Error(`query parameter \`position\` is missing: give a Surakarta position, e.g. \`${this.manifest.example_position}\``);
    let pos = R.parsePosition(String(position).trim());
    String(moves || '').split(/\s+/).filter((x) => x).forEach((text, i) => {
      const mv = R.findMove(pos, text);
      if (!mv || (mv.capture !== text.includes('x') && /[x-]/.test(text))) throw new Error(`moves: move ${i + 1} \`${text}\` in ${R.formatPosition(pos)}: not a legal move`);
      pos = R.play(pos, mv);
    });
    return pos;
  }

  // Tablebase::probe: the values of `pos`.
  async value(pos) {
    const side = pos.side;
    const other = side === 'r' ? 'b' : 'r';
    const text = R.formatPosition(pos);
    for (const s of [side, other]) {
      if (R.count(pos, s) === 0) throw new Error(`position "${text}": the game is over (${s === 'r' ? 'red' : 'black'} has no piece left)`);
    }
    const mover = [];
    const others = [];
    pos.board.forEach((c, i) => {
      if (c === side) mover.push(i);
      else if (c) others.push(i);
    });
    const pieces = mover.length + others.length;
    if (pieces > this.manifest.max_pieces) throw new Error(`position "${text}": ${pieces} pieces, but the tables in ${this.manifest.folder} hold at most ${this.manifest.max_pieces}`);
    const material = `${mover.length}v${others.length}`;
    const table = this.materials.get(material);
    const cell = X.rank(mover, others, this.ids.get(mover.length));
    const [e, r] = await table.codes(cell);
    const where = `${table.meta.file} cell ${cell}`;
    const rule = ruleValue(r, where);
    return { material, end: endValue(e, where), rule, ruleNow: atCounter(rule, Math.min(pos.quiet, 50)) };
  }

  // The values of move `mv` from `pos`, from the mover's view.
  async moveAnswer(pos, mv) {
    const child = R.play(pos, mv);
    const drawn = pos.quiet >= 50;
    if (child.quiet > 50) child.quiet = 50;
    let end;
    let rule;
    if (R.count(child, child.side) === 0) {
      end = { cat: 'win', d: 1 };
      rule = { cat: 'win', dtz: 1 };
    } else {
      const v = await this.value(child);
      end = flipEnd(v.end);
      rule = drawn || (!mv.capture && child.quiet >= 50) ? { cat: 'draw', dtz: null } : flipRule(v.ruleNow, mv.capture);
    }
    if (drawn) rule = { cat: 'draw', dtz: null };
    const out = {
      move: mv.text,
      kind: mv.capture ? 'capture' : 'step',
      category: end.cat,
      distance: end.d,
      category50: rule.cat,
      dtz: rule.dtz,
      position: R.formatPosition(child),
    };
    if (mv.capture) out.paths = mv.paths.map((p) => p.map(R.squareName));
    return { out, key: goodness(end, rule), child };
  }

  // probe_position: the position's values and every move, best first.
  async probeAt(pos) {
    const v = await this.value(pos);
    const moves = await Promise.all(R.legalMoves(pos).map((mv) => this.moveAnswer(pos, mv)));
    moves.sort((a, b) => better(a.key, b.key));
    let note = null;
    if (v.end.cat === 'win' && v.rule.cat === 'draw') note = 'cursed-win';
    if (v.end.cat === 'loss' && v.rule.cat === 'draw') note = 'blessed-loss';
    const answer = {
      position: R.formatPosition(pos),
      to_move: pos.side === 'r' ? 'red' : 'black',
      quiet: pos.quiet,
      material: v.material,
      category: v.end.cat,
      distance: v.end.d,
      category50: v.ruleNow.cat,
      dtz: v.ruleNow.dtz,
      category50_from_zero: v.rule.cat,
      rule_note: note,
      drawn_by_rule: pos.quiet >= 50,
      moves: moves.map((m) => m.out),
    };
    return { answer, children: moves.map((m) => m.child) };
  }

  /** `/api/probe`. */
  async probe(position, moves) {
    return (await this.probeAt(this.start(position, moves))).answer;
  }

  /** `/api/line`: the best line (tablebase::surakarta::line). */
  async line(position, moves, maxPlies) {
    const max = maxPlies === undefined ? DEFAULT_MAX_PLIES : Number(maxPlies);
    if (!Number.isInteger(max) || max < 1 || max > MAX_PLIES) throw new Error(`max_plies ${maxPlies} is out of range 1..=${MAX_PLIES}`);
    let pos = this.start(position, moves);
    const steps = [];
    let end = ['limit', `stopped after ${max} ${max === 1 ? 'ply' : 'plies'} (--max-plies)`];
    for (let ply = 0; ply < max; ply++) {
      const { answer: a, children } = await this.probeAt(pos);
      const best = a.moves.length && !a.drawn_by_rule ? a.moves[0].move : null;
      steps.push({ ply, position: a.position, category: a.category, distance: a.distance, category50: a.category50, dtz: a.dtz, best });
      if (a.drawn_by_rule) {
        end = ['rule', 'drawn by the 50-ply rule (50 plies without a capture)'];
        break;
      }
      if (!a.moves.length) {
        end = ['no_move', 'the side to move has no legal move: a draw'];
        break;
      }
      pos = children[0];
      if (R.count(pos, pos.side) === 0) {
        end = ['no_pieces', `${pos.side === 'r' ? 'red' : 'black'} has no piece left`];
        break;
      }
    }
    return { steps, end: end[1], end_kind: end[0] };
  }

  /** `/api/play`: the first move of the probe's list. */
  async play(position, moves) {
    const a = await this.probe(position, moves);
    const best = a.moves.length && !a.drawn_by_rule ? a.moves[0] : null;
    return { from: a.position, move: best ? best.move : null, position: best ? best.position : null };
  }
}
