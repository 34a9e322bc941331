// probe.js: the tablebase probed in the browser, for a static site written
// by `ttc export-site`. Plain JavaScript (an ES module, no library): the
// rules (notation, move generator), the perfect-hash index of a position
// into its table cell, the cell code, and block files fetched on demand and
// decoded with DecompressionStream. Its answers have the JSON shape of the
// server's /api/info, /api/probe, /api/line and /api/play, so app.js reads
// either the same way.
//
// Each function mirrors a Rust one (named in its comment); the equivalence
// test (ttc/tests/js/) compares the two on every position of the 3x3
// tables and on random 4x4 positions.

const HAND = 255;
const ABSENT = 254;
const LETTERS = 'PNBR';
const READINGS = {
  0x54544303: 'travel-direction',
  0x54544301: 'outbound-only',
  0x54544302: 'toward-opponent',
};
const BLOCK_MAGIC = [0x54, 0x54, 0x43, 0x53]; // "TTCS"
const BLOCK_HEADER_LEN = 32;
// The format byte of a block header (tablebase/src/site/block.rs).
export const BLOCK_FORMATS = { source: 1, compact: 2 };
// The role mask of a roles string: bit 0 pawn, 1 knight, 2 bishop, 3 rook.
const roleMask = (roles) => [...roles].reduce((m, c) => m | (1 << LETTERS.indexOf(c)), 0);
const DEFAULT_MAX_PLIES = 300;

const popcount = (m) => {
  let c = 0;
  for (; m; m &= m - 1) c++;
  return c;
};
// Squares of `free` strictly below square `s` (index.rs `below`).
const below = (free, s) => popcount(free & ((1 << s) - 1));

// ---- Geometry (rules/src/ttc/geometry.rs) ----------------------------------

const KNIGHT = [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]];
const ORTHO = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const DIAG = [[1, 1], [1, -1], [-1, 1], [-1, -1]];

class Geometry {
  constructor(n) {
    this.n = n;
    this.sqs = n * n;
    this.full = (1 << this.sqs) - 1;
    this.knight = [];
    for (let s = 0; s < this.sqs; s++) {
      let m = 0;
      for (const [dr, dc] of KNIGHT) m |= this.bit(Math.floor(s / n) + dr, (s % n) + dc);
      this.knight.push(m);
    }
    this.lines = [];
    let d1 = 0;
    let d2 = 0;
    for (let i = 0; i < n; i++) {
      let rank = 0;
      let file = 0;
      for (let j = 0; j < n; j++) {
        rank |= 1 << (i * n + j);
        file |= 1 << (j * n + i);
      }
      this.lines.push(rank, file);
      d1 |= 1 << (i * n + i);
      d2 |= 1 << (i * n + (n - 1 - i));
    }
    this.lines.push(d1, d2);
    const rank0 = (1 << n) - 1;
    this.interior = this.full & ~(rank0 | (rank0 << (n * (n - 1))));
  }

  // The bit of (row, column), 0 off the board.
  bit(r, c) {
    return r >= 0 && r < this.n && c >= 0 && c < this.n ? 1 << (r * this.n + c) : 0;
  }

  hasLine(occ) {
    return this.lines.some((l) => (occ & l) === l);
  }

  // Slider targets from `s` over occupancy `occ`, the first occupied square
  // of each ray included (Geometry::slide).
  slide(s, occ, diagonal) {
    const n = this.n;
    let out = 0;
    for (const [dr, dc] of diagonal ? DIAG : ORTHO) {
      let r = Math.floor(s / n) + dr;
      let c = (s % n) + dc;
      while (r >= 0 && r < n && c >= 0 && c < n) {
        const b = 1 << (r * n + c);
        out |= b;
        if (occ & b) break;
        r += dr;
        c += dc;
      }
    }
    return out;
  }

  // A mask rotated 180 degrees, s -> n*n-1-s (Geometry::rotate_mask).
  rotate(m) {
    let out = 0;
    for (let s = 0; s < this.sqs; s++) if (m & (1 << s)) out |= 1 << (this.sqs - 1 - s);
    return out;
  }

  squareName(s) {
    return String.fromCharCode(97 + (s % this.n)) + (Math.floor(s / this.n) + 1);
  }

  parseSquare(t) {
    if (typeof t !== 'string' || t.length !== 2) return null;
    const c = t.charCodeAt(0) - 97;
    const r = t.charCodeAt(1) - 49;
    return c >= 0 && c < this.n && r >= 0 && r < this.n ? r * this.n + c : null;
  }
}

// ---- Variant and sides (rules/src/ttc/mod.rs) --------------------------------

export class Variant {
  // size 3 or 4, roles e.g. 'PNBR', reading 'travel-direction' | 'outbound-only'
  // | 'toward-opponent', openingPlies the placement-only lock.
  constructor(size, roles, reading, openingPlies) {
    this.size = size;
    this.rolesMask = 0;
    for (const l of roles) this.rolesMask |= 1 << LETTERS.indexOf(l);
    this.reading = reading;
    this.openingPlies = openingPlies;
    this.g = new Geometry(size);
  }

  hasRole(slot) {
    return (this.rolesMask & (1 << slot)) !== 0;
  }

  roles() {
    return [0, 1, 2, 3].filter((s) => this.hasRole(s));
  }

  withReading(reading) {
    return new Variant(this.size, this.roles().map((s) => LETTERS[s]).join(''), reading, this.openingPlies);
  }

  emptySide() {
    return { sq: [0, 1, 2, 3].map((s) => (this.hasRole(s) ? HAND : ABSENT)), returning: false };
  }
}

const occupancy = (side) => side.sq.reduce((m, s) => (s < 16 ? m | (1 << s) : m), 0);
const copySide = (side) => ({ sq: side.sq.slice(), returning: side.returning });

// Side::check: a description of the first broken invariant, or null.
function checkSide(side, v) {
  const n = v.size;
  let seen = 0;
  for (let r = 0; r < 4; r++) {
    const s = side.sq[r];
    if (!v.hasRole(r)) {
      if (s !== ABSENT) return `role ${LETTERS[r]} is not part of this variant`;
      continue;
    }
    if (s === HAND) continue;
    if (s >= v.g.sqs) return `square ${s} of ${LETTERS[r]} is off the board`;
    if (seen & (1 << s)) return `two pieces on square ${s}`;
    seen |= 1 << s;
  }
  const p = side.sq[0];
  if (p < v.g.sqs) {
    const row = Math.floor(p / n);
    if (row === 0 && side.returning) return 'a pawn on its home rank must point outbound';
    if (row === n - 1 && !side.returning) return 'a pawn on the far rank must point back home';
  } else if (side.returning) return 'a pawn off the board has no direction';
  return null;
}

// ---- Positions (rules/src/ttc/position.rs) -----------------------------------

// A position: both sides in their own frames (Black's squares rotated),
// `turn` 'w' or 'b', `ply` the opening ply or null after the opening.
function makePosition(v, white, black, turn, ply) {
  const bad = checkSide(white, v) ? 'White: ' + checkSide(white, v) : checkSide(black, v) ? 'Black: ' + checkSide(black, v) : null;
  if (bad) throw new Error(bad);
  const g = v.g;
  if (occupancy(white) & g.rotate(occupancy(black))) throw new Error('a square holds a White and a Black piece');
  if (ply !== null) {
    if (ply >= v.openingPlies) {
      throw new Error(`opening ply ${ply} is past the opening lock of ${v.openingPlies} plies (opening plies are 0..lock; write \`-\` for a position after the opening)`);
    }
    if (turn !== (ply % 2 === 0 ? 'w' : 'b')) throw new Error(`at opening ply ${ply} the side to move must be ${ply % 2 === 0 ? 'White' : 'Black'}`);
    const w = Math.ceil(ply / 2);
    const b = Math.floor(ply / 2);
    if (popcount(occupancy(white)) !== w || popcount(occupancy(black)) !== b) {
      throw new Error(`at opening ply ${ply} White has ${w} and Black ${b} pieces on the board`);
    }
    for (const side of [white, black]) {
      const p = side.sq[0];
      if (p < 16 && Math.floor(p / g.n) !== g.n - 1 && side.returning) throw new Error('during the opening a placed pawn points toward the opponent');
    }
  }
  return { v, white, black, turn, ply };
}

const normalized = (pos) => (pos.turn === 'w' ? [pos.white, pos.black] : [pos.black, pos.white]);

export function isTerminal(pos) {
  const g = pos.v.g;
  return g.hasLine(occupancy(pos.white)) || g.hasLine(occupancy(pos.black));
}

function pieceAt(pos, s) {
  const rs = pos.v.g.sqs - 1 - s;
  for (const r of pos.v.roles()) {
    if (pos.white.sq[r] === s) return LETTERS[r];
    if (pos.black.sq[r] === rs) return LETTERS[r].toLowerCase();
  }
  return null;
}

// Position::to_notation.
export function toNotation(pos) {
  const n = pos.v.size;
  const ranks = [];
  for (let r = n - 1; r >= 0; r--) {
    let text = '';
    let run = 0;
    for (let c = 0; c < n; c++) {
      const p = pieceAt(pos, r * n + c);
      if (!p) run++;
      else {
        if (run) text += run;
        run = 0;
        text += p;
      }
    }
    if (run) text += run;
    ranks.push(text);
  }
  let hands = '';
  for (const r of pos.v.roles()) if (pos.white.sq[r] === HAND) hands += LETTERS[r];
  for (const r of pos.v.roles()) if (pos.black.sq[r] === HAND) hands += LETTERS[r].toLowerCase();
  const dir = (side, up) => (side.sq[0] >= 16 ? '-' : up ? '^' : 'v');
  const pawns = dir(pos.white, !pos.white.returning) + dir(pos.black, pos.black.returning);
  return `${ranks.join('/')} ${pos.turn} ${hands || '-'} ${pawns} ${pos.ply === null ? '-' : pos.ply}`;
}

// Position::parse: throws an Error naming the field at fault.
export function parsePosition(text, v) {
  const fail = (detail) => {
    const shown = text.length > 80 ? `${text.slice(0, 80)}... (${text.length} characters)` : text;
    throw new Error(`invalid position \`${shown}\`: ${detail}`);
  };
  const fields = text.trim().split(/\s+/).filter((f) => f);
  if (fields.length !== 5) fail(`expected 5 fields (board side hands pawns ply), found ${fields.length}`);
  const n = v.size;
  const last = v.g.sqs - 1;
  const empty = () => ({ sq: [ABSENT, ABSENT, ABSENT, ABSENT], returning: false });
  const sides = { w: empty(), b: empty() };
  const seen = { w: [false, false, false, false], b: [false, false, false, false] };
  const ranks = fields[0].split('/');
  if (ranks.length !== n) fail(`field 1 (board): expected ${n} ranks separated by '/', found ${ranks.length}`);
  ranks.forEach((rankText, i) => {
    const r = n - 1 - i;
    let c = 0;
    for (const ch of rankText) {
      if (ch >= '0' && ch <= '9') {
        if (ch === '0') fail(`field 1 (board), rank ${r + 1}: empty run of 0`);
        c += Number(ch);
        continue;
      }
      const role = LETTERS.indexOf(ch.toUpperCase());
      if (role < 0) fail(`field 1 (board), rank ${r + 1}: unknown piece letter '${ch}'`);
      if (!v.hasRole(role)) fail(`field 1 (board), rank ${r + 1}: this variant has no ${LETTERS[role]}`);
      if (c >= n) fail(`field 1 (board), rank ${r + 1}: more than ${n} squares`);
      const white = ch === ch.toUpperCase();
      const col = white ? 'w' : 'b';
      if (seen[col][role]) fail(`field 1 (board): two ${white ? 'White' : 'Black'} ${LETTERS[role]}`);
      seen[col][role] = true;
      sides[col].sq[role] = white ? r * n + c : last - (r * n + c);
      c++;
    }
    if (c !== n) fail(`field 1 (board), rank ${r + 1}: ${c} squares instead of ${n}`);
  });
  if (fields[1] !== 'w' && fields[1] !== 'b') fail(`field 2 (side): expected 'w' or 'b', found '${fields[1]}'`);
  if (fields[2] !== '-') {
    for (const ch of fields[2]) {
      const role = LETTERS.indexOf(ch.toUpperCase());
      if (role < 0) fail(`field 3 (hands): unknown piece letter '${ch}'`);
      if (!v.hasRole(role)) fail(`field 3 (hands): this variant has no ${LETTERS[role]}`);
      const white = ch === ch.toUpperCase();
      const col = white ? 'w' : 'b';
      if (seen[col][role]) fail(`field 3 (hands): ${white ? 'White' : 'Black'}'s ${LETTERS[role]} is already on the board or in hand`);
      seen[col][role] = true;
      sides[col].sq[role] = HAND;
    }
  }
  for (const role of v.roles()) {
    if (!seen.w[role]) fail(`White's ${LETTERS[role]} is neither on the board nor in hand`);
    if (!seen.b[role]) fail(`Black's ${LETTERS[role]} is neither on the board nor in hand`);
  }
  const pawns = [...fields[3]];
  if (pawns.length !== 2) fail("field 4 (pawns): expected two characters from '^', 'v', '-'");
  [['w', 'White'], ['b', 'Black']].forEach(([col, name], k) => {
    const side = sides[col];
    const onBoard = side.sq[0] < 16;
    const d = pawns[k];
    if (d === '-') {
      if (onBoard) fail(`field 4 (pawns): ${name}'s pawn is on the board, give its direction`);
      return;
    }
    if (d !== '^' && d !== 'v') fail(`field 4 (pawns): unknown direction '${d}'`);
    if (!onBoard) fail(`field 4 (pawns): ${name}'s pawn is not on the board, write '-'`);
    side.returning = col === 'w' ? d === 'v' : d === '^';
  });
  let ply = null;
  if (fields[4] !== '-') {
    if (!/^\+?[0-9]+$/.test(fields[4]) || Number(fields[4].replace('+', '')) > 255) {
      fail(`field 5 (ply): expected an opening ply number or '-', found '${fields[4]}'`);
    }
    ply = Number(fields[4].replace('+', ''));
  }
  try {
    return makePosition(v, sides.w, sides.b, fields[1], ply);
  } catch (e) {
    return fail(e.message);
  }
}

export function emptyPosition(v) {
  return { v, white: v.emptySide(), black: v.emptySide(), turn: 'w', ply: v.openingPlies > 0 ? 0 : null };
}

// ---- Move generator (rules/src/ttc/mod.rs gen_steps, pawn_steps) ------------

// Legal steps of `mover` (own frame), in the generator's fixed order:
// placements by slot then square, then on-board moves by slot then
// destination (a pawn: its step, then its captures left to right).
function genSteps(v, mover, own, theirs, placementsOnly, out) {
  const g = v.g;
  const n = g.n;
  const occ = own | theirs;
  const empty = g.full & ~occ;
  for (let slot = 0; slot < 4; slot++) {
    if (mover.sq[slot] !== HAND) continue;
    for (let to = 0; to < g.sqs; to++) {
      if (empty & (1 << to)) out.push({ slot, from: HAND, to, returning: slot === 0 && Math.floor(to / n) === n - 1, capture: false });
    }
  }
  if (placementsOnly) return out;
  for (let slot = 0; slot < 4; slot++) {
    const s = mover.sq[slot];
    if (s >= 16) continue;
    let targets;
    if (slot === 1) targets = g.knight[s] & ~own;
    else if (slot === 2) targets = g.slide(s, occ, true) & ~own;
    else if (slot === 3) targets = g.slide(s, occ, false) & ~own;
    else {
      pawnSteps(v, s, mover.returning, occ, theirs, out);
      continue;
    }
    for (let to = 0; to < g.sqs; to++) {
      if (targets & (1 << to)) out.push({ slot, from: s, to, returning: false, capture: (theirs & (1 << to)) !== 0 });
    }
  }
  return out;
}

function pawnSteps(v, s, returning, occ, theirs, out) {
  const n = v.size;
  const row = Math.floor(s / n);
  const col = s % n;
  const arrive = (r) => (r === n - 1 ? true : r === 0 ? false : returning);
  const fr = row + (returning ? -1 : 1);
  if (fr >= 0 && fr < n) {
    const to = fr * n + col;
    if (!(occ & (1 << to))) out.push({ slot: 0, from: s, to, returning: arrive(fr), capture: false });
  }
  let cdir = 1;
  if (returning) {
    if (v.reading === 'outbound-only') return;
    cdir = v.reading === 'travel-direction' ? -1 : 1;
  }
  const cr = row + cdir;
  if (cr < 0 || cr >= n) return;
  for (const dc of [-1, 1]) {
    const cc = col + dc;
    if (cc < 0 || cc >= n) continue;
    const to = cr * n + cc;
    if (theirs & (1 << to)) out.push({ slot: 0, from: s, to, returning: arrive(cr), capture: true });
  }
}

// Position::legal_steps: empty for a terminal position.
export function legalSteps(pos) {
  if (isTerminal(pos)) return [];
  const [mover, opp] = normalized(pos);
  return genSteps(pos.v, mover, occupancy(mover), pos.v.g.rotate(occupancy(opp)), pos.ply !== null, []);
}

// Position::play_step (with play_step of mod.rs).
export function playStep(pos, step) {
  const v = pos.v;
  const [mover, opp] = normalized(pos);
  const me = copySide(mover);
  const them = copySide(opp);
  if (step.capture) {
    const t = v.g.sqs - 1 - step.to;
    for (let i = 0; i < 4; i++) if (them.sq[i] === t) them.sq[i] = HAND;
    if (them.sq[0] === HAND) them.returning = false;
  }
  me.sq[step.slot] = step.to;
  if (step.slot === 0) me.returning = step.returning;
  const turn = pos.turn === 'w' ? 'b' : 'w';
  const ply = pos.ply === null || pos.ply + 1 >= v.openingPlies ? null : pos.ply + 1;
  return turn === 'w' ? { v, white: them, black: me, turn, ply } : { v, white: me, black: them, turn, ply };
}

// Move::to_text of the step in absolute squares.
export function moveText(pos, step) {
  const g = pos.v.g;
  const abs = (s) => (pos.turn === 'w' ? s : g.sqs - 1 - s);
  if (step.from === HAND) {
    const l = LETTERS[step.slot];
    return `${pos.turn === 'w' ? l : l.toLowerCase()}@${g.squareName(abs(step.to))}`;
  }
  return `${g.squareName(abs(step.from))}-${g.squareName(abs(step.to))}`;
}

// Plays a space-separated move list (`N@b2 n@c3 a1-b3`, `a1xb3` accepted).
export function playMoves(pos, moves) {
  let cur = pos;
  moves.split(/\s+/).filter((m) => m).forEach((text, i) => {
    const want = text.replace('x', '-');
    const steps = legalSteps(cur);
    const k = steps.findIndex((s) => moveText(cur, s) === want);
    if (k < 0) throw new Error(`move ${i + 1} \`${text}\`: not a legal move in position \`${toNotation(cur)}\``);
    cur = playStep(cur, steps[k]);
  });
  return cur;
}

// ---- Index (tables/src/index.rs) -----------------------------------------------

// Post-opening rank: rank(mover, opp) = base[id(mover)] + inner(opp | mover).
export class Index {
  constructor(v) {
    this.v = v;
    this.sqs = v.g.sqs;
    this.radix = this.sqs + 1;
    this.hasPawn = v.hasRole(0);
    this.arrangements();
    this.fillSides();
  }

  // Index::arrangements: x[g], np (key -> dense rank) over g free squares.
  arrangements() {
    const v = this.v;
    const r = this.radix;
    this.np = new Uint16Array(r * r * r * r).fill(0xffff);
    this.x = [];
    for (let gg = 0; gg <= this.sqs; gg++) {
      const range = (slot) => (v.hasRole(slot) ? [0, gg] : [gg, gg]);
      let count = 0;
      const [a1, b1] = range(1);
      const [a2, b2] = range(2);
      const [a3, b3] = range(3);
      for (let c1 = a1; c1 <= b1; c1++) {
        for (let c2 = a2; c2 <= b2; c2++) {
          for (let c3 = a3; c3 <= b3; c3++) {
            let used = 0;
            let ok = true;
            for (const c of [c1, c2, c3]) {
              if (c < gg) {
                ok = ok && !(used & (1 << c));
                used |= 1 << c;
              }
            }
            if (!ok) continue;
            this.np[((gg * r + c1) * r + c2) * r + c3] = count++;
          }
        }
      }
      this.x.push(count);
    }
  }

  sideKey(s) {
    const r = this.radix;
    const c = (q) => (q >= 16 ? this.sqs : q);
    const pc = this.hasPawn && s.sq[0] < 16 ? 1 + 2 * s.sq[0] + (s.returning ? 1 : 0) : 0;
    return ((pc * r + c(s.sq[1])) * r + c(s.sq[2])) * r + c(s.sq[3]);
  }

  // Index::fill_sides and fill_bases: configurations in key order, the
  // first rank of each one's block.
  fillSides() {
    const v = this.v;
    const sqs = this.sqs;
    const r = this.radix;
    this.keyToId = new Int32Array((2 * sqs + 1) * r * r * r).fill(-1);
    this.base = [];
    let acc = 0;
    const code = (c, slot) => (!v.hasRole(slot) ? (c === sqs ? ABSENT : null) : c === sqs ? HAND : c);
    for (let pc = 0; pc <= 2 * sqs; pc++) {
      if (pc > 0 && !this.hasPawn) break;
      for (let c1 = 0; c1 <= sqs; c1++) {
        for (let c2 = 0; c2 <= sqs; c2++) {
          for (let c3 = 0; c3 <= sqs; c3++) {
            const s1 = code(c1, 1);
            const s2 = code(c2, 2);
            const s3 = code(c3, 3);
            if (s1 === null || s2 === null || s3 === null) continue;
            const p = pc === 0 ? (this.hasPawn ? HAND : ABSENT) : (pc - 1) >> 1;
            const side = { sq: [p, s1, s2, s3], returning: pc > 0 && (pc - 1) % 2 === 1 };
            if (checkSide(side, v)) continue;
            this.keyToId[this.sideKey(side)] = this.base.length;
            this.base.push(acc);
            acc += this.innerCount(v.g.rotate(occupancy(side)));
          }
        }
      }
    }
    this.size = acc;
  }

  innerCount(blocked) {
    const free = this.v.g.full & ~blocked;
    const g = popcount(free);
    if (!this.hasPawn) return this.x[g];
    const ps = g + popcount(free & this.v.g.interior);
    return this.x[g] + ps * this.x[g - 1];
  }

  npRank(g, c1, c2, c3) {
    const r = this.radix;
    return this.np[((g * r + c1) * r + c2) * r + c3];
  }

  // Index::inner_rank.
  innerRank(opp, blocked) {
    const free = this.v.g.full & ~blocked;
    const g = popcount(free);
    const p = opp.sq[0];
    const c = (s, f, gg) => (s >= 16 ? gg : below(f, s));
    if (this.hasPawn && p < 16) {
      let ps = below(free, p) + below(free & this.v.g.interior, p);
      if (this.v.g.interior & (1 << p)) ps += opp.returning ? 1 : 0;
      const f2 = free & ~(1 << p);
      const g2 = g - 1;
      return this.x[g] + ps * this.x[g2] + this.npRank(g2, c(opp.sq[1], f2, g2), c(opp.sq[2], f2, g2), c(opp.sq[3], f2, g2));
    }
    return this.npRank(g, c(opp.sq[1], free, g), c(opp.sq[2], free, g), c(opp.sq[3], free, g));
  }

  rank(mover, opp) {
    return this.base[this.keyToId[this.sideKey(mover)]] + this.innerRank(opp, this.v.g.rotate(occupancy(mover)));
  }
}

// OpeningIndex (index.rs): plies one after another; within a ply
// (white role subset, black role subset, squares as a permutation rank).
export class OpeningIndex {
  constructor(v) {
    this.v = v;
    const sqs = v.g.sqs;
    this.subsets = [];
    for (let k = 0; k <= v.size; k++) this.subsets.push([]);
    for (let mask = 0; mask < 16; mask++) if ((mask & ~v.rolesMask) === 0) this.subsets[popcount(mask)].push(mask);
    this.offsets = [0];
    for (let k = 0; k < v.openingPlies; k++) {
      const w = Math.ceil(k / 2);
      const b = Math.floor(k / 2);
      this.offsets.push(this.offsets[k] + this.subsets[w].length * this.subsets[b].length * falling(sqs, w + b));
    }
    this.size = this.offsets[this.offsets.length - 1];
  }

  rank(pos) {
    const k = pos.ply;
    const sqs = this.v.g.sqs;
    const w = Math.ceil(k / 2);
    const b = Math.floor(k / 2);
    let mw = 0;
    let mb = 0;
    const squares = [];
    for (let slot = 0; slot < 4; slot++) {
      if (pos.white.sq[slot] < 16) {
        mw |= 1 << slot;
        squares.push(pos.white.sq[slot]);
      }
    }
    for (let slot = 0; slot < 4; slot++) {
      if (pos.black.sq[slot] < 16) {
        mb |= 1 << slot;
        squares.push(sqs - 1 - pos.black.sq[slot]);
      }
    }
    const sw = this.subsets[w].indexOf(mw);
    const sb = this.subsets[b].indexOf(mb);
    let perm = 0;
    let used = 0;
    squares.forEach((s, i) => {
      perm = perm * (sqs - i) + below(~used & 0xffff, s);
      used |= 1 << s;
    });
    return this.offsets[k] + (sw * this.subsets[b].length + sb) * falling(sqs, w + b) + perm;
  }
}

// The table cell of a position: {section: 'post-opening' | 'opening', index}.
export function cellOf(idx, oidx, pos) {
  if (pos.ply !== null) return { section: 'opening', index: oidx.rank(pos) };
  const [m, o] = normalized(pos);
  return { section: 'post-opening', index: idx.rank(m, o) };
}

function falling(n, k) {
  let p = 1;
  for (let i = 0; i < k; i++) p *= n - i;
  return p;
}

// ---- Cell values (tables/src/code.rs) -------------------------------------------

// A cell byte as the shared JSON value {category, distance, text}.
export function decode(code) {
  if (code === 255) return { category: 'draw', distance: null, text: 'draw' };
  if (code === 254) throw new Error('the table holds the invalid code 254');
  return code % 2 === 1 ? { category: 'win', distance: code, text: `win in ${code}` } : { category: 'loss', distance: code, text: `loss in ${code}` };
}

function parentOf(val) {
  if (val.category === 'draw') return val;
  const d = val.distance + 1;
  return val.category === 'loss' ? { category: 'win', distance: d, text: `win in ${d}` } : { category: 'loss', distance: d, text: `loss in ${d}` };
}

// Wdl::preference: higher is better for the mover.
const preference = (val) => (val.category === 'win' ? 1000 - val.distance : val.category === 'draw' ? 0 : -1000 + val.distance);
const sameValue = (a, b) => a.category === b.category && a.distance === b.distance;
const valueOf = (val) => ({ category: val.category, distance: val.distance, text: val.text });

// ---- Block files ----------------------------------------------------------------

let CRC_TABLE = null;

// CRC-32/ISO-HDLC of `bytes`.
export function crc32(bytes) {
  if (!CRC_TABLE) {
    CRC_TABLE = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      let c = i;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      CRC_TABLE[i] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// Decompresses a zlib stream with the browser's DecompressionStream, read
// chunk by chunk: through \`new Response(stream)\` Chromium replaces the
// decompressor's error with "Failed to fetch", which reads as a network
// failure.
export async function inflateStream(bytes) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate')).getReader();
  const parts = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    length += value.length;
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const hex64 = (lo, hi) => '0x' + hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');

// Checks a block file of a static site (header: tablebase/src/site/block.rs)
// against what the manifest says of it, and returns its cells
// decompressed. The checks, in order: the magic, the block number, the
// table's cells CRC, the table's fields (header bytes 24..31), the length
// of the cells, their decompression, their CRC-32. `name` is the file's
// path in the site, `number` the block's, `length` the bytes of cells
// it must hold; `spec` is what the manifest says of the table's blocks:
//   headerLen, cellsCrc  the header's length, the cells CRC ('0x...')
//   fields               [rule tag, board size, role byte, opening plies, format]
//   mismatch(named)      why the header's fields (in that order) are refused
//   units                [what the header counts, what the cells decompress to]
//   damaged(e)           why cells that do not decompress are refused
// Throws an Error naming the file and the reason.
export async function openBlock(bytes, name, number, length, spec, inflate) {
  const refuse = (why) => {
    throw new Error(`block ${name} is refused: ${why}; the site is damaged or mixes files of another export`);
  };
  if (bytes.length < spec.headerLen || BLOCK_MAGIC.some((b, i) => bytes[i] !== b)) refuse('it is not a block file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(4, true) !== number) refuse(`it holds block ${view.getUint32(4, true)}`);
  const crc = hex64(view.getUint32(8, true), view.getUint32(12, true));
  if (crc !== spec.cellsCrc) refuse(`it is a block of the table with cells CRC ${crc}, the manifest says ${spec.cellsCrc}`);
  const named = [view.getUint32(24, true), bytes[28], bytes[29], bytes[30], bytes[31]];
  if (named.some((x, i) => x !== spec.fields[i])) refuse(spec.mismatch(named));
  if (view.getUint32(16, true) !== length) refuse(`it holds ${view.getUint32(16, true)} ${spec.units[0]} instead of ${length}`);
  let cells;
  try {
    cells = await inflate(bytes.subarray(spec.headerLen));
  } catch (e) {
    refuse(spec.damaged(e));
  }
  if (cells.length !== length) refuse(`it decompresses to ${cells.length} ${spec.units[1]} instead of ${length}`);
  if (crc32(cells) !== view.getUint32(20, true)) refuse('its cells do not match their CRC-32');
  return cells;
}

// The block files of one table of a site, under its folder `dir`
// (block B in `dir/K/B.bin`, K = B / 1024): fetched with `read` when
// first asked for, opened by the subclass's `open(bytes, b, name)` (a
// promise of the cells), and kept, the `keep` most recently used; counts
// the files and bytes fetched.
export class BlockFiles {
  constructor(dir, read, keep) {
    this.dir = dir;
    this.read = read;
    this.keep = keep;
    this.blocks = new Map();
    this.fetched = 0;
    this.fetchedBytes = 0;
  }

  // A promise of the cells of block `b`.
  block(b) {
    let p = this.blocks.get(b);
    if (p) {
      this.blocks.delete(b);
      this.blocks.set(b, p);
      return p;
    }
    const name = `${this.dir}/${Math.floor(b / 1024)}/${b}.bin`;
    p = this.read(name).then((bytes) => {
      this.fetched++;
      this.fetchedBytes += bytes.length;
      return this.open(bytes, b, name);
    });
    p.catch(() => this.blocks.delete(b));
    this.blocks.set(b, p);
    if (this.blocks.size > this.keep) this.blocks.delete(this.blocks.keys().next().value);
    return p;
  }
}

// `read(path)` of the site at `base` (a URL of its folder): a promise of
// the bytes of one of its files, fetched; an HTTP error names the file.
export function siteReader(base) {
  return async (path) => {
    const r = await fetch(new URL(path, base));
    if (!r.ok) throw new Error(`${path}: ${r.status} ${r.statusText}`);
    return new Uint8Array(await r.arrayBuffer());
  };
}

// What the manifest says of the blocks of table `t` (openBlock's `spec`).
function blockSpec(t) {
  return {
    headerLen: t.block_header_len,
    cellsCrc: t.cells_crc,
    fields: [t.rule_tag, t.size, roleMask(t.roles), t.opening_plies, BLOCK_FORMATS[t.format]],
    mismatch: ([tag, size, roles, lock, format]) =>
      `it is a block of the table with rule tag 0x${tag.toString(16)} (${READINGS[tag] || 'unknown'}), size ${size}, role mask ${roles}, lock ${lock}, format ${format}; the manifest says rule tag 0x${t.rule_tag.toString(16)} (${t.reading}), size ${t.size}, roles ${t.roles}, lock ${t.opening_plies}, format ${t.format}`,
    units: ['cells', 'cells'],
    damaged: (e) => `its compressed cells are damaged: they do not decompress (${String(e.message || e).replace(/\.$/, '')})`,
  };
}

// One table of a site: its index and its blocks, fetched on demand and
// kept (up to `keep` blocks, least recently used dropped first).
class SiteTable extends BlockFiles {
  constructor(meta, checked, read, inflate, keep) {
    super(meta.dir, read, keep);
    this.meta = meta;
    this.v = checked.v;
    this.inflate = inflate;
    this.spec = blockSpec(meta);
    this.idx = checked.idx;
    this.oidx = checked.oidx;
  }

  open(bytes, b, name) {
    const m = this.meta;
    const length = Math.min(m.block_size, m.post_cells + m.opening_cells - b * m.block_size);
    return openBlock(bytes, name, b, length, this.spec, this.inflate);
  }

  // Prober::cell: the position's section, index and value.
  async cell(pos) {
    const { section, index } = cellOf(this.idx, this.oidx, pos);
    const at = section === 'opening' ? this.meta.post_cells + index : index;
    const bs = this.meta.block_size;
    const cells = await this.block(Math.floor(at / bs));
    return { section, index, value: decode(cells[at % bs]) };
  }

  async value(pos) {
    return (await this.cell(pos)).value;
  }

  // Prober::probe: value and every legal move, best first.
  async probe(pos) {
    const steps = legalSteps(pos);
    const [here, ...children] = await Promise.all([this.cell(pos), ...steps.map((s) => this.value(playStep(pos, s)))]);
    const moves = steps.map((s, order) => {
      const child = playStep(pos, s);
      return { move: moveText(pos, s), result: parentOf(children[order]), child, order };
    });
    moves.sort((a, b) => preference(b.result) - preference(a.result));
    return { pos, here, moves };
  }
}

// ---- The site -------------------------------------------------------------------

// Checks the manifest against what this script computes (rules it knows,
// index sizes) and returns each table's variant and indexes.
function checkManifest(m) {
  if (!m || m.format !== 'ttc-static-site' || m.version !== 2) throw new Error('manifest.json is not the manifest of a ttc static site (format ttc-static-site, version 2): export the site again with this version of ttc');
  if (!Array.isArray(m.tables) || m.tables.length < 1 || m.tables.length > 2) throw new Error('manifest.json lists no table');
  let shared = null; // the index of the first table: the pawn reading does not change it
  return m.tables.map((t, k) => {
    const reading = READINGS[t.rule_tag];
    if (!reading || reading !== t.reading) throw new Error(`manifest.json: table ${k} has rule tag ${t.rule_tag} (${t.reading}), which this page does not know`);
    if (![3, 4].includes(t.size) || !/^[PNBR]+$/.test(t.roles) || t.roles.length !== t.size) throw new Error(`manifest.json: table ${k} has an unknown board (${t.size}, ${t.roles})`);
    const v = new Variant(t.size, t.roles, reading, t.opening_plies);
    const same = shared && m.tables[0].size === t.size && m.tables[0].roles === t.roles;
    const idx = same ? shared : new Index(v);
    shared = shared || idx;
    const oidx = new OpeningIndex(v);
    const post = idx.size;
    const opening = oidx.size;
    if (post !== t.post_cells || opening !== t.opening_cells) {
      throw new Error(`manifest.json: table ${k} (${t.size}x${t.size} ${t.roles}) has ${t.post_cells} + ${t.opening_cells} cells, this page's index counts ${post} + ${opening}: the page and the site do not match`);
    }
    if (t.blocks !== Math.ceil((post + opening) / t.block_size) || t.compression !== 'zlib' || t.block_header_len !== BLOCK_HEADER_LEN || !(t.format in BLOCK_FORMATS)) throw new Error(`manifest.json: table ${k} has an unknown block layout`);
    checkInfo(m.info && Array.isArray(m.info.tables) ? m.info.tables[k] : null, t, k);
    return { v, idx, oidx };
  });
}

// Checks that what the page shows of table `k` (`info`, as /api/info)
// names the table whose blocks `t` describes: the blocks themselves check
// `t` when read, so a hand-edited `info` cannot show other rules.
function checkInfo(info, t, k) {
  const rules = `${t.size}x${t.size} ${t.roles} ${t.reading} lock ${t.opening_plies}`;
  const want = { rule_tag: '0x' + t.rule_tag.toString(16).padStart(8, '0'), reading: t.reading, size: t.size, roles: t.roles, opening_plies: t.opening_plies, cells_crc: t.cells_crc, format: t.format, rules };
  const wrong = info ? Object.keys(want).filter((f) => info[f] !== want[f]) : ['info'];
  if (wrong.length) throw new Error(`manifest.json: info of table ${k} disagrees with its blocks' table on ${wrong.join(', ')}`);
}

// A static site's tables, answering as the server's API does.
//
// `manifest` is the parsed manifest.json; `read(path)` returns a promise of
// the bytes of a site file (a Uint8Array); `inflate(bytes)` decodes a zlib
// stream (default: DecompressionStream); `keep` blocks are kept per table.
export class Site {
  constructor(manifest, read, inflate = inflateStream, keep = 512) {
    const checked = checkManifest(manifest);
    this.manifest = manifest;
    this.tables = manifest.tables.map((t, k) => new SiteTable(t, checked[k], read, inflate, keep));
    this.v = checked[0].v;
  }

  // Opens the site at `base` (a URL of its folder) with fetch.
  static async fromUrl(base) {
    const read = siteReader(base);
    const m = await fetch(new URL('manifest.json', base));
    if (!m.ok) throw new Error(`manifest.json: ${m.status} ${m.statusText}`);
    return new Site(await m.json(), read);
  }

  // Bytes and block files fetched so far, all tables.
  fetched() {
    return this.tables.reduce((a, t) => ({ blocks: a.blocks + t.fetched, bytes: a.bytes + t.fetchedBytes }), { blocks: 0, bytes: 0 });
  }

  // GET /api/info.
  info() {
    return this.manifest.info;
  }

  // The position of a request: `position` (default the empty board), then
  // `moves` played from it (Explorer::position).
  position(text, moves) {
    const start = text === undefined || text === null ? emptyPosition(this.v) : parsePosition(text.trim(), this.v);
    return moves ? playMoves(start, moves) : start;
  }

  // The same position under the other table's rules.
  other(pos) {
    return { ...pos, v: this.tables[1].v };
  }

  // PositionAnswer::from_probe, with compare_with in compare mode (fields
  // in the order the server writes them).
  async answer(p) {
    const pos = p.pos;
    const moves = p.moves.map((m) => ({ move: m.move, ...valueOf(m.result), position: toNotation(m.child), order: m.order }));
    let compare = {};
    let otherOnly = {};
    if (this.tables.length > 1) {
      const o = await this.tables[1].probe(this.other(pos));
      moves.forEach((entry, i) => {
        const there = o.moves.find((x) => x.move === p.moves[i].move);
        entry.other = there ? { legal: true, ...valueOf(there.result) } : { legal: false };
        entry.differs = !there || !sameValue(there.result, p.moves[i].result);
      });
      compare = { other: valueOf(o.here.value), differs: !sameValue(o.here.value, p.here.value) };
      otherOnly = {
        other_only: o.moves
          .filter((x) => !p.moves.some((m) => m.move === x.move))
          .map((x) => ({ move: x.move, ...valueOf(x.result), position: toNotation({ ...x.child, v: this.v }) })),
      };
    }
    return {
      position: toNotation(pos),
      to_move: pos.turn === 'w' ? 'white' : 'black',
      opening_ply: pos.ply,
      terminal: isTerminal(pos),
      no_legal_move: p.moves.length === 0 && !isTerminal(pos),
      cell: { section: p.here.section, index: p.here.index },
      ...valueOf(p.here.value),
      ...compare,
      moves,
      ...otherOnly,
    };
  }

  // GET /api/probe.
  async probe(text, moves) {
    return this.answer(await this.tables[0].probe(this.position(text, moves)));
  }

  // GET /api/line (Prober::line, LineAnswer::of).
  async line(text, moves, maxPlies = DEFAULT_MAX_PLIES) {
    const main = this.tables[0];
    const seen = new Set();
    const steps = [];
    let cur = this.position(text, moves);
    let end;
    for (;;) {
      const key = toNotation(cur);
      if (seen.has(key)) {
        end = 'repetition';
        break;
      }
      seen.add(key);
      const p = await main.probe(cur);
      const best = p.moves[0];
      steps.push({ position: cur, value: p.here.value, best: best ? best.move : null });
      if (!best) {
        end = isTerminal(cur) ? 'line' : 'no_move';
        break;
      }
      if (steps.length >= maxPlies) {
        end = 'limit';
        break;
      }
      cur = best.child;
    }
    const plies = steps.filter((s) => s.best).length;
    let cycle = null;
    if (end === 'repetition') {
      const last = steps[steps.length - 1];
      const next = toNotation(playMoves(last.position, last.best));
      const k = steps.findIndex((s) => toNotation(s.position) === next);
      cycle = [k, plies - k];
    }
    const out = [];
    for (const [ply, s] of steps.entries()) {
      const step = { ply, position: toNotation(s.position), to_move: s.position.turn === 'w' ? 'white' : 'black', ...valueOf(s.value) };
      if (this.tables.length > 1) {
        const o = await this.tables[1].value(this.other(s.position));
        step.other = valueOf(o);
        step.differs = !sameValue(o, s.value);
      }
      step.move = s.best;
      out.push(step);
    }
    return { steps: out, end, plies, prefix_plies: cycle ? cycle[0] : null, cycle_plies: cycle ? cycle[1] : null };
  }

  // GET /api/play: the first move of the probe's list (best result, then
  // generator order), and the position after it probed.
  async play(text, moves) {
    const pos = this.position(text, moves);
    const here = await this.tables[0].probe(pos);
    const best = here.moves[0];
    if (!best) return { from: toNotation(pos), move: null, result: null, equal_alternatives: 0, next: await this.answer(here) };
    const equal = here.moves.filter((m) => sameValue(m.result, best.result)).length - 1;
    const next = await this.answer(await this.tables[0].probe(best.child));
    return { from: toNotation(pos), move: best.move, result: valueOf(best.result), equal_alternatives: equal, next };
  }
}
