// The Surakarta endgame explorer page: what is Surakarta's own (the
// board with its circuits and loops, capture paths, the two results of a
// position and of each move, the editor, the permalink), given to the
// page's shell, ../explorer.js (an ES module shared with the Tic-Tac-Chec
// page: backends, navigation, moves list, history, best line, board
// input, keys). Under `ttc serve DIR` the shell asks the server's API; on
// a static site written by `ttc export-site DIR SITE` (<html
// data-backend="static">) site.js answers the same requests in the
// browser from the site's block files. The board, the editor and the
// capture paths use the rules in rules.js.
import { POINTS, TRACKS, squareName, squareIndex, parsePosition, formatPosition, count } from './rules.js';
import { S, $, STATIC, el, span, probe, show, render, showError, restartAt, movesFrom, start } from '../explorer.js';

const GAP = 60; // pixels between two points
const EDGE = 150; // margin round the points, room for the large loops

const E = {
  edit: null,        // the editor's position {board, side, quiet}, or null
  tool: 'red',       // what a click of the editor puts: 'red', 'black', 'empty'
};

// A position where a side has no piece: the game is over, nothing to probe.
// Text that does not parse is left to the API, whose message names the fault.
function gameOver(text) {
  let pos;
  try {
    pos = parsePosition(text);
  } catch (e) {
    return null;
  }
  const side = pos.side === 'r' ? 'red' : 'black';
  const empty = ['r', 'b'].find((s) => count(pos, s) === 0);
  if (!empty) return null;
  return { position: formatPosition(pos), to_move: side, quiet: pos.quiet, over: empty, moves: [] };
}

// ---- Text ----------------------------------------------------------------

const sideName = (s) => (s === 'red' || s === 'r' ? 'Red' : 'Black');
const endText = (category, distance) => (distance === null || distance === undefined ? category : `${category} in ${distance}`);
const ruleText = (category, dtz) => (dtz === null || dtz === undefined ? category : `${category}, dtz ${dtz}`);

// ---- Navigation ----------------------------------------------------------

function permalink() {
  const q = new URLSearchParams();
  q.set('position', S.positions[0]);
  const moves = S.played.slice(0, S.cur).join(' ');
  if (moves) q.set('moves', moves);
  return '?' + q.toString();
}

// Loads a position text as a new start; returns whether it was accepted.
async function load(text, quiet) {
  try {
    const p = await probe(text.trim());
    restartAt(p);
    if (!quiet) await show(true);
    return true;
  } catch (e) {
    showError(e.message);
    return false;
  }
}

// ---- Board geometry --------------------------------------------------------

// Screen coordinates of point `i` (files left to right, rank 6 on top; the
// other way round when flipped).
function xy(i) {
  let f = i % 6;
  let r = Math.floor(i / 6);
  if (S.flip) {
    f = 5 - f;
    r = 5 - r;
  }
  return [EDGE + f * GAP, EDGE + (5 - r) * GAP];
}

// The SVG path of a corner loop from point a to point b (the two ends of
// consecutive lines of a circuit): three quarters of a circle round the
// corner point between them, outside the board.
function loopArc(a, b) {
  const edge = (v) => v === 0 || v === 5;
  const fa = a % 6, ra = Math.floor(a / 6), fb = b % 6, rb = Math.floor(b / 6);
  const cf = edge(fa) && !edge(ra) ? fa : fb;
  const cr = edge(ra) && !edge(fa) ? ra : rb;
  const [cx, cy] = xy(6 * cr + cf);
  const [ax, ay] = xy(a);
  const [bx, by] = xy(b);
  const radius = Math.hypot(ax - cx, ay - cy);
  // From a to b the short way round the corner is a quarter turn inside
  // the board; the loop is the other way.
  let d = Math.atan2(by - cy, bx - cx) - Math.atan2(ay - cy, ax - cx);
  while (d <= -Math.PI) d += 2 * Math.PI;
  while (d > Math.PI) d -= 2 * Math.PI;
  const sweep = d > 0 ? 0 : 1;
  return `A ${radius} ${radius} 0 1 ${sweep} ${bx} ${by}`;
}

// The SVG path through `points` (indices): straight along lines, round a
// loop between two points that are not neighbours.
function routePath(points) {
  const [x0, y0] = xy(points[0]);
  let d = `M ${x0} ${y0}`;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const near = Math.abs((a % 6) - (b % 6)) + Math.abs(Math.floor(a / 6) - Math.floor(b / 6)) === 1;
    if (near) {
      const [x, y] = xy(b);
      d += ` L ${x} ${y}`;
    } else d += ' ' + loopArc(a, b);
  }
  return d;
}

// The two circuits: their lines and their four loops each, as one path.
function drawCircuits(svg) {
  for (const c of [0, 1]) {
    const t = TRACKS[c];
    const points = [...t, t[0]];
    svg.append(el('path', { d: routePath(points), class: `circuit c${c}`, fill: 'none' }));
  }
}

function drawGrid(svg) {
  const g = el('g', { class: 'grid' });
  for (let k = 0; k < 6; k++) {
    const [x1, y1] = xy(k);
    const [x2, y2] = xy(30 + k);
    g.append(el('line', { x1, y1, x2, y2 }));
    const [x3, y3] = xy(6 * k);
    const [x4, y4] = xy(6 * k + 5);
    g.append(el('line', { x1: x3, y1: y3, x2: x4, y2: y4 }));
  }
  svg.append(g);
  for (let k = 0; k < 6; k++) {
    const [fx] = xy(k);
    const [, ry] = xy(6 * k);
    const bottom = EDGE + 5 * GAP + 22;
    svg.append(el('text', { x: fx + 9, y: bottom + 20, class: 'coord', 'text-anchor': 'start' }, 'abcdef'[k]));
    svg.append(el('text', { x: EDGE - 22, y: ry - 8, class: 'coord', 'text-anchor': 'end' }, String(k + 1)));
  }
}

// ---- Board ---------------------------------------------------------------

const moveFrom = (mv) => mv.slice(0, 2);
const moveTo = (mv) => mv.slice(3, 5);

function boardCells() {
  if (E.edit) return E.edit.board;
  return parsePosition(S.probe.position).board;
}

function renderBoard() {
  const svg = $('board');
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${2 * EDGE + 5 * GAP} ${2 * EDGE + 5 * GAP}`);
  drawCircuits(svg);
  drawGrid(svg);
  const board = boardCells();
  const hover = S.hover && !E.edit ? S.probe.moves.find((m) => m.move === S.hover) : null;
  const lastTo = !E.edit && S.cur > 0 ? S.played[S.cur - 1] : null;
  const targets = new Map(movesFrom(S.sel).map((m) => [moveTo(m.move), m]));
  if (hover) drawPreview(svg, hover);
  for (let i = 0; i < POINTS; i++) {
    const name = squareName(i);
    const [x, y] = xy(i);
    const g = el('g', { class: 'point', 'data-square': name });
    g.append(el('rect', { x: x - GAP / 2, y: y - GAP / 2, width: GAP, height: GAP, class: 'hit' }));
    if (lastTo && (moveFrom(lastTo) === name || moveTo(lastTo) === name)) g.append(el('circle', { cx: x, cy: y, r: 27, class: 'last' }));
    let piece = board[i];
    const leaving = hover && moveFrom(hover.move) === name;
    const arriving = hover && moveTo(hover.move) === name;
    if (piece) {
      const cls = `piece ${piece === 'r' ? 'red' : 'black'}` + (S.sel === name ? ' selected' : '') + (leaving ? ' leaving' : '') + (arriving ? ' taken' : '');
      g.append(el('circle', { cx: x, cy: y, r: 21, class: cls, 'data-piece': piece }));
    }
    if (arriving) {
      piece = board[squareIndex(moveFrom(hover.move))];
      g.append(el('circle', { cx: x, cy: y, r: 21, class: `piece ${piece === 'r' ? 'red' : 'black'} arriving` }));
    }
    const m = targets.get(name);
    if (m) {
      g.classList.add('target');
      g.append(el('circle', { cx: x, cy: y, r: board[i] ? 27 : 11, class: 'dot ' + m.category50 + (board[i] ? ' ring' : '') }));
      if (m.dtz !== null && m.dtz !== undefined) g.append(el('text', { x: x + 17, y: y - 15, class: 'dist' }, m.dtz));
    }
    if (movesFrom(name).length) g.classList.add('movable');
    if (E.edit) g.classList.add('editable');
    svg.append(g);
  }
  svg.setAttribute('aria-label', 'Board: ' + (E.edit ? formatPosition(E.edit) : S.probe.position));
}

// A move of the list shown on the board: a capture's every path round the
// loops, a step's line, in the colour of the move's result under the rule.
function drawPreview(svg, m) {
  const from = squareIndex(moveFrom(m.move));
  const to = squareIndex(moveTo(m.move));
  const routes = m.paths && m.paths.length ? m.paths.map((p) => p.map(squareIndex)) : [[from, to]];
  for (const pts of routes) {
    // A step is one straight line (diagonal ones too), a capture its route.
    const [x0, y0] = xy(from);
    const [x1, y1] = xy(to);
    svg.append(el('path', {
      d: m.kind === 'capture' ? routePath(pts) : `M ${x0} ${y0} L ${x1} ${y1}`,
      class: `preview-path ${m.category50}` + (m.kind === 'capture' ? ' capture' : ''),
      'data-points': pts.map(squareName).join(' '),
      fill: 'none',
    }));
  }
}

// ---- Status, moves, history ------------------------------------------------

function setValue(id, category, text) {
  const e = $(id);
  e.textContent = text;
  e.className = 'value ' + category;
}

function renderStatus() {
  const p = S.probe;
  const side = sideName(p.to_move);
  const note = $('note');
  note.hidden = true;
  if (p.over) {
    const winner = p.over === 'r' ? 'Black' : 'Red';
    $('turn').textContent = `Game over: ${sideName(p.over)} has no piece left; ${winner} has won`;
    setValue('value', 'loss', `loss for ${side}`);
    setValue('value50', 'loss', `loss for ${side}`);
  } else {
    const limit = S.info.quiet_limit;
    $('turn').textContent = `${side} to move · ${p.quiet} of ${limit} plies without a capture · material ${p.material} (${side}'s pieces first)`;
    setValue('value', p.category, `${endText(p.category, p.distance)} for ${side}`);
    setValue('value50', p.category50, `${ruleText(p.category50, p.dtz)} for ${side}`);
    const notes = { 'cursed-win': 'cursed win: the rule alone draws it', 'blessed-loss': 'blessed loss: the rule alone saves it' };
    if (p.drawn_by_rule) {
      note.textContent = 'drawn: 50 plies without a capture';
      note.hidden = false;
    } else if (p.rule_note) {
      note.textContent = notes[p.rule_note];
      note.hidden = false;
    }
  }
}

// A move of the list: both results, coloured by the rule's; a capture
// marked.
function fillMove(li, m) {
  if (m.kind === 'capture') li.classList.add('capture');
  li.dataset.category = m.category;
  li.dataset.category50 = m.category50;
  li.append(span('mv', m.move), span('result ' + m.category, endText(m.category, m.distance)), span('result other ' + m.category50, ruleText(m.category50, m.dtz)));
  if (m.kind === 'capture') li.title = 'a capture: point at it to see its path round the loops';
}

// ---- Best line -----------------------------------------------------------

function lineSummary(l) {
  const first = l.steps[0];
  return `${endText(first.category, first.distance)}; 50-ply rule: ${ruleText(first.category50, first.dtz)}; ${l.steps.length - 1} plies, ${l.end}`;
}

function lineStep(s) {
  if (!s.best) return null;
  return { cells: [span('mv', s.best), span('result ' + s.category, endText(s.category, s.distance))], differs: false };
}

// The first `k` moves of a line from positions[from] and the positions
// after them; the position after the last move of a line that captured
// the last piece is not a step of the line, so each is probed again.
async function linePath(l, from, k) {
  const out = [];
  let p = await probe(S.positions[from]);
  for (let i = 0; i < k && i < l.steps.length && l.steps[i].best; i++) {
    const m = p.moves.find((x) => x.move === l.steps[i].best);
    if (!m) break;
    out.push([m.move, m.position]);
    p = await probe(m.position);
  }
  return out;
}

// ---- Editor ----------------------------------------------------------------

function startEdit() {
  if (!S.probe || E.edit) return;
  const pos = parsePosition(S.probe.position);
  E.edit = pos;
  S.hover = null;
  S.sel = null;
  $('editor').hidden = false;
  $('edit-side').value = pos.side;
  $('edit-quiet').value = String(pos.quiet);
  document.body.dataset.editing = '1';
  renderEditor();
}

function stopEdit() {
  E.edit = null;
  showError('');
  $('editor').hidden = true;
  delete document.body.dataset.editing;
  if (S.probe) render();
}

function editPut(sq) {
  const i = squareIndex(sq);
  const put = { red: 'r', black: 'b', empty: '' }[E.tool];
  E.edit.board[i] = E.edit.board[i] === put ? '' : put;
  renderEditor();
}

// Why the editor's position cannot be probed, or null.
function editProblem(pos) {
  const red = count(pos, 'r');
  const black = count(pos, 'b');
  const max = S.info.max_pieces;
  if (red === 0 || black === 0) return `${red === 0 ? 'Red' : 'Black'} has no piece: the game would be over; put at least one piece of each side`;
  if (red + black > max) return `${red + black} pieces, but the tables hold at most ${max}: remove ${red + black - max}`;
  return null;
}

function renderEditor() {
  const pos = E.edit;
  pos.side = $('edit-side').value;
  const q = Number($('edit-quiet').value);
  pos.quiet = Number.isInteger(q) ? Math.min(Math.max(q, 0), S.info.quiet_limit) : 0;
  const red = count(pos, 'r');
  const black = count(pos, 'b');
  const problem = editProblem(pos);
  $('edit-count').textContent = `Red ${red}, Black ${black}: ${red + black} of at most ${S.info.max_pieces} pieces · ${formatPosition(pos)}`;
  $('edit-done').disabled = Boolean(problem);
  showError(problem ? `Refused: ${problem}` : '');
  for (const b of document.querySelectorAll('#editor .tool')) b.setAttribute('aria-pressed', String(b.dataset.tool === E.tool));
  renderBoard();
}

async function finishEdit() {
  const pos = E.edit;
  const problem = editProblem(pos);
  if (problem) {
    showError(`Refused: ${problem}`);
    return;
  }
  const text = formatPosition(pos);
  if (await load(text, true)) {
    stopEdit();
    show(true);
  }
}


// ---- Start -----------------------------------------------------------------

function describeTables(info) {
  const formats = [...new Set(info.tables.map((t) => t.format))].join(' and ');
  const where = STATIC ? ' · static site, probed in this browser' : '';
  return `Surakarta · ${info.tables.length} ${formats} tables in ${info.folder}: every material up to ${info.max_pieces} pieces · the 50-ply rule draws after ${info.quiet_limit} plies without a capture${where}`;
}

function wireEditor() {
  $('edit').addEventListener('click', startEdit);
  $('edit-cancel').addEventListener('click', stopEdit);
  $('edit-done').addEventListener('click', finishEdit);
  $('clear').addEventListener('click', () => {
    E.edit.board.fill('');
    renderEditor();
  });
  for (const b of document.querySelectorAll('#editor .tool')) {
    b.addEventListener('click', () => {
      E.tool = b.dataset.tool;
      renderEditor();
    });
  }
  $('edit-side').addEventListener('change', renderEditor);
  $('edit-quiet').addEventListener('input', renderEditor);
}

start({
  openSite: () => import('./site.js').then((m) => m.SurakartaSite.fromUrl(new URL('.', location.href))),
  setInfo(info) {
    $('rules').textContent = describeTables(info);
  },
  startPosition: (info) => info.example_position,
  load,
  answerHere: gameOver,
  shown() {
    // The address is a permalink of the line played.
    const link = permalink();
    $('permalink').href = link;
    history.replaceState(null, '', link);
  },
  drawBoard: renderBoard,
  renderStatus,
  moveFrom,
  moveTo,
  // Moves are best first by the result under the 50-ply rule.
  group: (m) => m.category50,
  groupHead: (word, n) => `${word} moves under the 50-ply rule (${n})`,
  fillMove,
  noMoveText: (p) => (p.over ? 'none: the game is over' : 'none: no legal move (a draw)'),
  canShowLine: () => Boolean(S.probe && !S.probe.over && !E.edit),
  lineSummary,
  lineStep,
  linePath,
  canReply: (p) => !p.over && !p.drawn_by_rule,
  replyDelay: 0,
  revealError: false,
  goClearsError: true,
  // While the editor is open, the board edits and the list does not play.
  locked: () => Boolean(E.edit),
  boardClick(src) {
    if (!E.edit) return false;
    editPut(src);
    return true;
  },
  keyFirst(e) {
    if (!E.edit) return false;
    if (e.key === 'Escape') stopEdit();
    return true;
  },
  keys: { e: startEdit },
  wire: wireEditor,
});
