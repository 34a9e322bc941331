// The index of the Surakarta tables in plain JavaScript (an ES module): the
// cell of a position in its material's table, reduced by the eight
// symmetries of the square, exactly as tables::surakarta::index computes it
// (and tested against it: ttc/tests/js/surakarta_rules.mjs).
//
// A point set is an ascending array of point indices (a1 = 0 .. f6 = 35).
// Sets of one size are numbered in colexicographic order, which is the
// numeric order of their bitboards.
//
// cell(M, O) = id(M') * C(36 - m, o) + colex(squeeze(O', M')), where M is
// the side to move's set, O the other side's, g the first symmetry taking M
// to its orbit's smallest set M', O' the smallest image of g(O) under the
// symmetries fixing M', and id(M') the number of orbits whose smallest set
// is smaller than M'.

/** BINOMIAL[n][k] = C(n, k) for n <= 36, k <= 12 (exact: below 2^31). */
export const BINOMIAL = (() => {
  const t = [];
  for (let n = 0; n <= 36; n++) {
    t.push(new Array(13).fill(0));
    t[n][0] = 1;
    for (let k = 1; k <= 12; k++) t[n][k] = n === 0 ? 0 : t[n - 1][k - 1] + t[n - 1][k];
  }
  return t;
})();

/** Colex rank of an ascending point set: sum of C(p_i, i + 1). */
export function colexRank(points) {
  let r = 0;
  for (let i = 0; i < points.length; i++) r += BINOMIAL[points[i]][i + 1];
  return r;
}

/** The ascending set of `k` points below `n` whose colex rank is `r`. */
export function colexUnrank(r, k, n) {
  const out = new Array(k);
  let p = n;
  for (let i = k; i >= 1; i--) {
    p -= 1;
    while (BINOMIAL[p][i] > r) p -= 1;
    r -= BINOMIAL[p][i];
    out[i - 1] = p;
  }
  return out;
}

/** SYM[g][sq]: the image of point sq under symmetry g (bit 2 swaps file
 * and rank, then bit 0 mirrors the files, bit 1 the ranks). */
export const SYM = Array.from({ length: 8 }, (_, g) =>
  Array.from({ length: 36 }, (_, sq) => {
    let f = sq % 6;
    let r = Math.floor(sq / 6);
    if (g & 4) [f, r] = [r, f];
    if (g & 1) f = 5 - f;
    if (g & 2) r = 5 - r;
    return r * 6 + f;
  }),
);

/** The image of an ascending set under symmetry g, ascending. */
export function applySym(g, points) {
  const map = SYM[g];
  const out = points.map((p) => map[p]);
  // Insertion sort: sets have at most 12 points.
  for (let i = 1; i < out.length; i++) {
    const v = out[i];
    let j = i - 1;
    while (j >= 0 && out[j] > v) {
      out[j + 1] = out[j];
      j--;
    }
    out[j + 1] = v;
  }
  return out;
}

/** The points of `set` (none in `gaps`) each moved down by the number of
 * `gaps` points below it. */
export function squeeze(set, gaps) {
  return set.map((p) => p - gaps.filter((q) => q < p).length);
}

/** Whether no symmetry maps `set` (of colex rank `r`) below itself. */
function isSmallest(set, r) {
  for (let g = 1; g < 8; g++) if (colexRank(applySym(g, set)) < r) return false;
  return true;
}

/** The next set of the same size in colex order (in place); false after
 * the last one below 36. */
function nextSet(set) {
  const k = set.length;
  for (let i = 0; i < k; i++) {
    const limit = i + 1 < k ? set[i + 1] : 36;
    if (set[i] + 1 < limit) {
      set[i] += 1;
      for (let j = 0; j < i; j++) set[j] = j;
      return true;
    }
  }
  return false;
}

/**
 * The orbit numbers of the mover sets of `m` points: `counts[c]` is the
 * number of orbits whose smallest set has a colex rank below `c * step`;
 * the number of a smallest set is then its checkpoint's count plus the
 * smallest sets between the checkpoint and it (at most `step - 1` sets
 * tested). Built by walking every set once (`MoverIds.build`), or given
 * (`new MoverIds(m, step, counts)`: a static site ships them).
 */
export class MoverIds {
  constructor(m, step, counts) {
    this.m = m;
    this.step = step;
    this.counts = counts;
  }

  // Step 1 keeps a count per set (the whole map, C(36, m) numbers: quick
  // lookups for a test); a larger step keeps one per `step` sets.
  static build(m, step = 1024) {
    const total = BINOMIAL[36][m];
    const chunks = Math.ceil(total / step);
    const counts = new Uint32Array(chunks + 1);
    const set = Array.from({ length: m }, (_, i) => i);
    let found = 0;
    for (let r = 0; r < total; r++) {
      if (r % step === 0) counts[r / step] = found;
      if (isSmallest(set, r)) found++;
      nextSet(set);
    }
    counts[chunks] = found;
    return new MoverIds(m, step, counts);
  }

  /** Number of orbits (canonical sets). */
  get length() {
    return this.counts[this.counts.length - 1];
  }

  /** The orbit number of the smallest set `set` of colex rank `r`. */
  id(set, r) {
    const c = Math.floor(r / this.step);
    let n = this.counts[c];
    if (c * this.step === r) return n;
    const s = colexUnrank(c * this.step, this.m, 36);
    for (let q = c * this.step; q < r; q++) {
      if (isSmallest(s, q)) n++;
      nextSet(s);
    }
    return n;
  }
}

/**
 * The cell of the position whose side to move holds `mover` and the other
 * side `other` (ascending, disjoint point sets), given the mover sets'
 * numbering `ids` (a MoverIds of `mover.length` points).
 */
export function rank(mover, other, ids) {
  let best = colexRank(mover);
  let bestG = 0;
  for (let g = 1; g < 8; g++) {
    const r = colexRank(applySym(g, mover));
    if (r < best) {
      best = r;
      bestG = g;
    }
  }
  const m = applySym(bestG, mover);
  const base = applySym(bestG, other);
  let o = base;
  let oRank = colexRank(base);
  for (let h = 1; h < 8; h++) {
    if (colexRank(applySym(h, m)) !== best) continue; // h does not fix m
    const img = applySym(h, base);
    const r = colexRank(img);
    if (r < oRank) {
      o = img;
      oRank = r;
    }
  }
  const block = BINOMIAL[36 - mover.length][other.length];
  return ids.id(m, best) * block + colexRank(squeeze(o, m));
}

/** Number of cells of material `m`v`o` (`ids` numbers the m-point sets). */
export function cells(ids, o) {
  return ids.length * BINOMIAL[36 - ids.m][o];
}
