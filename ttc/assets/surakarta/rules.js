// The Surakarta rules in plain JavaScript (an ES module): position notation,
// legal moves with every capture's paths round the loops, playing a move.
// The same rules as the Rust library (rules::surakarta and its paths
// module), written again for the browser and tested against it position by
// position (ttc/tests/js/surakarta_rules.mjs, scripts/js_test.sh): the
// explorer page draws with them, and the static site probes with them.
//
// A point is an index 6 * rank + file (a1 = 0, f1 = 5, a2 = 6, f6 = 35); a
// board is an array of 36 cells, each '' (empty), 'r' (Red) or 'b' (Black).

export const POINTS = 36;
/** Plies without a capture after which the game is drawn. */
export const QUIET_LIMIT = 50;
/** Most pieces a side may have. */
export const PIECES_PER_SIDE = 12;

const NAMES = Array.from({ length: POINTS }, (_, i) => 'abcdef'[i % 6] + (Math.floor(i / 6) + 1));

/** The name of point `i`: 'a1' .. 'f6'. */
export function squareName(i) {
  return NAMES[i];
}

// STEPS[s]: the up to eight neighbours of point s, ascending.
const STEPS = Array.from({ length: POINTS }, (_, s) => {
  const out = [];
  for (let t = 0; t < POINTS; t++) {
    const df = Math.abs((t % 6) - (s % 6));
    const dr = Math.abs(Math.floor(t / 6) - Math.floor(s / 6));
    if (t !== s && df <= 1 && dr <= 1) out.push(t);
  }
  return out;
});

/** The point named `name` ('a1' .. 'f6'), or -1. */
export function squareIndex(name) {
  if (typeof name !== 'string' || name.length !== 2) return -1;
  const f = 'abcdef'.indexOf(name[0]);
  const r = '123456'.indexOf(name[1]);
  return f < 0 || r < 0 ? -1 : 6 * r + f;
}

// TRACKS[c][p]: the point at position p (0..24) of circuit c (0 small, 1
// large). With k = c + 1 the track runs up file k, right along rank 5 - k,
// down file 5 - k, left along rank k (0-based); a corner loop joins the
// ends of consecutive lines (positions 5|6, 11|12, 17|18, 23|0).
export const TRACKS = [0, 1].map((c) => {
  const k = c + 1;
  const t = [];
  for (let j = 0; j < 6; j++) t[j] = j * 6 + k;
  for (let j = 0; j < 6; j++) t[6 + j] = (5 - k) * 6 + j;
  for (let j = 0; j < 6; j++) t[12 + j] = (5 - j) * 6 + (5 - k);
  for (let j = 0; j < 6; j++) t[18 + j] = k * 6 + (5 - j);
  return t;
});

// ENTRIES[s]: the [circuit, track position] pairs of point s, small circuit
// first, then by track position (as the Rust library lists them).
const ENTRIES = Array.from({ length: POINTS }, () => []);
for (let c = 0; c < 2; c++) for (let p = 0; p < 24; p++) ENTRIES[TRACKS[c][p]].push([c, p]);

const opponent = (side) => (side === 'r' ? 'b' : 'r');

/**
 * Parses the notation `RANKS SIDE [QUIET]` (rank 6 first, `/` between
 * ranks, `r`/`b` pieces, digits 1-6 for empty runs; side `r` or `b`; plies
 * since the last capture, 0 to 50, default 0). Throws an Error naming the
 * fault.
 */
export function parsePosition(text) {
  const input = String(text);
  const fields = input.trim().split(/\s+/).filter((x) => x);
  const fail = (why) => {
    throw new Error(`position "${input}": ${why}`);
  };
  if (fields.length < 2 || fields.length > 3) fail(`expected 2 or 3 fields (ranks, side, quiet plies), found ${fields.length}`);
  const ranks = fields[0].split('/');
  if (ranks.length !== 6) fail(`expected 6 ranks separated by '/', found ${ranks.length}`);
  const board = new Array(POINTS).fill('');
  ranks.forEach((row, i) => {
    const rank = 5 - i;
    let file = 0;
    let prevDigit = false;
    for (const ch of row) {
      if (ch === 'r' || ch === 'b') {
        if (file < 6) board[rank * 6 + file] = ch;
        file += 1;
        prevDigit = false;
      } else if (ch >= '1' && ch <= '6') {
        if (prevDigit) fail(`rank ${rank + 1}: two digits in a row`);
        prevDigit = true;
        file += Number(ch);
      } else fail(`rank ${rank + 1}: unexpected character '${ch}'`);
    }
    if (file !== 6) fail(`rank ${rank + 1} has ${file} points, not 6`);
  });
  const side = fields[1];
  if (side !== 'r' && side !== 'b') fail(`side to move must be 'r' or 'b', found '${side}'`);
  let quiet = 0;
  if (fields.length === 3) {
    if (!/^[0-9]+$/.test(fields[2]) || Number(fields[2]) > QUIET_LIMIT) {
      fail(`plies without a capture must be a number from 0 to ${QUIET_LIMIT}, found '${fields[2]}'`);
    }
    quiet = Number(fields[2]);
  }
  for (const s of ['r', 'b']) {
    const n = board.filter((x) => x === s).length;
    if (n > PIECES_PER_SIDE) fail(`${s === 'r' ? 'Red' : 'Black'} has ${n} pieces, more than ${PIECES_PER_SIDE}`);
  }
  return { board, side, quiet };
}

/** The notation of `pos` as the Rust library writes it. */
export function formatPosition(pos) {
  const rows = [];
  for (let rank = 5; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 6; file++) {
      const c = pos.board[rank * 6 + file];
      if (!c) empty++;
      else {
        if (empty) row += empty;
        empty = 0;
        row += c;
      }
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return `${rows.join('/')} ${pos.side} ${pos.quiet}`;
}

/** The pieces of `side` ('r' or 'b'). */
export function count(pos, side) {
  return pos.board.reduce((n, c) => n + (c === side ? 1 : 0), 0);
}

// One way from point `from` along circuit c from track position p: the
// points passed up to the first piece met, when it is an enemy reached
// round at least one loop.
function walk(board, owner, from, c, p, forward) {
  const track = TRACKS[c];
  const points = [from];
  let loops = 0;
  let at = p;
  for (let i = 0; i < 24; i++) {
    const next = forward ? (at + 1) % 24 : (at + 23) % 24;
    if (Math.floor(at / 6) !== Math.floor(next / 6)) loops++;
    at = next;
    const sq = track[at];
    points.push(sq);
    if (sq === from) continue;
    const piece = board[sq];
    if (!piece) continue;
    return piece !== owner && loops > 0 ? { to: sq, points, loops } : null;
  }
  return null;
}

/**
 * Every capture path of the piece on point `from`: `{to, points, loops}`,
 * in the order of the point's track entries (small circuit first), forward
 * before backward.
 */
export function capturePaths(board, from) {
  const owner = board[from];
  if (!owner) return [];
  const out = [];
  for (const [c, p] of ENTRIES[from]) {
    for (const forward of [true, false]) {
      const path = walk(board, owner, from, c, p, forward);
      if (path) out.push(path);
    }
  }
  return out;
}

/**
 * The legal moves of the side to move, in the Rust library's order: by
 * point of the moving piece, its steps then its captures, each by target
 * point. A move is `{from, to, capture, text, paths}` (`paths`: the point
 * lists of every way a capture goes; empty for a step).
 */
export function legalMoves(pos) {
  const { board, side } = pos;
  const moves = [];
  for (let from = 0; from < POINTS; from++) {
    if (board[from] !== side) continue;
    for (const to of STEPS[from]) {
      if (!board[to]) moves.push({ from, to, capture: false, text: `${NAMES[from]}-${NAMES[to]}`, paths: [] });
    }
    const byTarget = new Map();
    for (const p of capturePaths(board, from)) {
      if (!byTarget.has(p.to)) byTarget.set(p.to, []);
      byTarget.get(p.to).push(p.points);
    }
    for (const to of [...byTarget.keys()].sort((a, b) => a - b)) {
      moves.push({ from, to, capture: true, text: `${NAMES[from]}x${NAMES[to]}`, paths: byTarget.get(to) });
    }
  }
  return moves;
}

/** The position after `move` (legal in `pos`): the counter resets on a capture. */
export function play(pos, move) {
  const board = pos.board.slice();
  board[move.to] = board[move.from];
  board[move.from] = '';
  return { board, side: opponent(pos.side), quiet: move.capture ? 0 : pos.quiet + 1 };
}

/** The legal move written `text` (`b2-c3` or `b2xe5`; `x` and `-` are read alike), or null. */
export function findMove(pos, text) {
  const t = String(text).trim().replace('x', '-');
  return legalMoves(pos).find((m) => m.text.replace('x', '-') === t) || null;
}
