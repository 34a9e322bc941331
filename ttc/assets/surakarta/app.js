// The Surakarta endgame explorer page. Plain JavaScript and SVG (an ES
// module, no library). Two backends, one page: under `ttc serve DIR` it
// asks the JSON API of the same server (/api/info, /api/probe, /api/line,
// /api/play); on a static site written by `ttc export-site DIR SITE`
// (<html data-backend="static">) site.js answers the same requests in the
// browser from the site's block files. The board, the editor and the
// capture paths use the rules in rules.js.
import { POINTS, TRACKS, squareName, squareIndex, parsePosition, formatPosition, count } from './rules.js';

const SVG = 'http://www.w3.org/2000/svg';
const GAP = 60; // pixels between two points
const EDGE = 150; // margin round the points, room for the large loops
const $ = (id) => document.getElementById(id);

const S = {
  info: null,        // /api/info
  positions: [],     // position text after i moves (0 = start)
  played: [],        // played[i] = move leading to positions[i + 1]
  cur: 0,            // index into positions
  probe: null,       // probe answer of positions[cur]
  cache: new Map(),  // position text -> probe answer
  flip: false,
  sel: null,         // selected point name
  hover: null,       // move of the list under the pointer, shown on the board
  mode: 'off',       // play against the tables: 'off', 'red', 'black'
  token: 0,          // bumps on every navigation, cancels stale replies
  edit: null,        // the editor's position {board, side, quiet}, or null
  tool: 'red',       // what a click of the editor puts: 'red', 'black', 'empty'
};

// ---- API ---------------------------------------------------------------

const STATIC = document.documentElement.dataset.backend === 'static';
let site = null; // static backend: a promise of site.js's SurakartaSite

// A static site's answer to an API request, computed in the browser.
async function siteApi(path, params) {
  if (!site) {
    site = import('./site.js').then((m) => m.SurakartaSite.fromUrl(new URL('.', location.href)));
    site.then((x) => (window.ttcSite = x), () => (site = null));
  }
  const x = await site;
  const p = params || {};
  if (path === '/api/info') return x.info();
  if (path === '/api/probe') return x.probe(p.position, p.moves);
  if (path === '/api/line') return x.line(p.position, p.moves, p.max_plies);
  if (path === '/api/play') return x.play(p.position, p.moves);
  throw new Error(`no such request: ${path}`);
}

async function api(path, params) {
  if (STATIC) return siteApi(path, params);
  const u = new URL(path, location.href);
  for (const [k, v] of Object.entries(params || {})) u.searchParams.set(k, v);
  const r = await fetch(u);
  const body = await r.json();
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

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

async function probe(position) {
  if (!S.cache.has(position)) S.cache.set(position, gameOver(position) || (await api('/api/probe', { position })));
  return S.cache.get(position);
}

// ---- Text ----------------------------------------------------------------

const sideName = (s) => (s === 'red' || s === 'r' ? 'Red' : 'Black');
const endText = (category, distance) => (distance === null || distance === undefined ? category : `${category} in ${distance}`);
const ruleText = (category, dtz) => (dtz === null || dtz === undefined ? category : `${category}, dtz ${dtz}`);

// ---- Navigation ----------------------------------------------------------

function showError(msg) {
  $('error').textContent = msg || '';
}

function permalink() {
  const q = new URLSearchParams();
  q.set('position', S.positions[0]);
  const moves = S.played.slice(0, S.cur).join(' ');
  if (moves) q.set('moves', moves);
  return '?' + q.toString();
}

// Shows positions[cur]: probes it (cached), then draws everything.
async function show(reply) {
  const token = ++S.token;
  const position = S.positions[S.cur];
  document.body.dataset.state = 'loading';
  try {
    const p = await probe(position);
    if (token !== S.token) return;
    S.probe = p;
    S.sel = null;
    S.hover = null;
    render();
    const link = permalink();
    $('permalink').href = link;
    history.replaceState(null, '', link);
    document.body.dataset.position = p.position;
    document.body.dataset.state = 'ready';
    // The first move list on screen (the static site's first-view figure).
    if (!performance.getEntriesByName('ttc-ready').length) performance.mark('ttc-ready');
    if (reply) maybeReply(token);
  } catch (e) {
    if (token === S.token) {
      showError(e.message);
      document.body.dataset.state = 'error';
    }
  }
}

// Plays a move from the current position (it must be in the move list).
function play(mv) {
  const m = S.probe && S.probe.moves.find((x) => x.move === mv);
  if (!m) return;
  S.positions.length = S.cur + 1;
  S.played.length = S.cur;
  S.positions.push(m.position);
  S.played.push(m.move);
  S.cur++;
  showError('');
  show(true);
}

function go(i) {
  if (i < 0 || i >= S.positions.length || i === S.cur) return;
  S.cur = i;
  showError('');
  show();
}

// Against the tables: when it is their turn, ask /api/play and play it.
async function maybeReply(token) {
  const p = S.probe;
  if (S.mode === 'off' || p.over || p.to_move === S.mode || p.moves.length === 0 || p.drawn_by_rule) return;
  try {
    const r = await api('/api/play', { position: p.position });
    if (token !== S.token || !r.move) return;
    play(r.move);
  } catch (e) {
    showError(e.message);
  }
}

// Loads a position text as a new start; returns whether it was accepted.
async function load(text, quiet) {
  try {
    const p = await probe(text.trim());
    S.positions = [p.position];
    S.played = [];
    S.cur = 0;
    S.cache.set(p.position, p);
    $('line').hidden = true;
    showError('');
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

function el(name, attrs, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
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

function movesFrom(src) {
  return S.probe && !S.edit ? S.probe.moves.filter((m) => moveFrom(m.move) === src) : [];
}

function boardCells() {
  if (S.edit) return S.edit.board;
  return parsePosition(S.probe.position).board;
}

function renderBoard() {
  const svg = $('board');
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${2 * EDGE + 5 * GAP} ${2 * EDGE + 5 * GAP}`);
  drawCircuits(svg);
  drawGrid(svg);
  const board = boardCells();
  const hover = S.hover && !S.edit ? S.probe.moves.find((m) => m.move === S.hover) : null;
  const lastTo = !S.edit && S.cur > 0 ? S.played[S.cur - 1] : null;
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
    if (S.edit) g.classList.add('editable');
    svg.append(g);
  }
  svg.setAttribute('aria-label', 'Board: ' + (S.edit ? formatPosition(S.edit) : S.probe.position));
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
  $('undo').disabled = S.cur === 0;
  $('redo').disabled = S.cur >= S.positions.length - 1;
  $('restart').disabled = S.cur === 0;
  const input = $('position');
  if (document.activeElement !== input) input.value = p.position;
}

function span(cls, text) {
  const s = document.createElement('span');
  s.className = cls;
  s.textContent = text;
  return s;
}

function renderMoves() {
  const list = $('moves');
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.move : null;
  list.replaceChildren();
  const p = S.probe;
  if (p.moves.length === 0) {
    const li = document.createElement('li');
    li.className = 'none';
    li.textContent = p.over ? 'none: the game is over' : 'none: no legal move (a draw)';
    list.append(li);
  }
  const groups = { win: 'Winning', draw: 'Drawing', loss: 'Losing' };
  p.moves.forEach((m, i) => {
    if (i === 0 || p.moves[i - 1].category50 !== m.category50) {
      // Moves are best first by the rule's result: each result is one run.
      const n = p.moves.filter((x) => x.category50 === m.category50).length;
      const head = document.createElement('li');
      head.className = 'group ' + m.category50;
      head.setAttribute('role', 'presentation');
      head.textContent = `${groups[m.category50]} moves under the 50-ply rule (${n})`;
      list.append(head);
    }
    const li = document.createElement('li');
    li.className = 'move res-' + m.category50 + (m.kind === 'capture' ? ' capture' : '');
    li.setAttribute('role', 'option');
    li.tabIndex = i === 0 ? 0 : -1;
    li.dataset.move = m.move;
    li.dataset.category = m.category;
    li.dataset.category50 = m.category50;
    li.append(span('mv', m.move), span('result ' + m.category, endText(m.category, m.distance)), span('result other ' + m.category50, ruleText(m.category50, m.dtz)));
    if (m.kind === 'capture') li.title = 'a capture: point at it to see its path round the loops';
    list.append(li);
    if (m.move === focused) li.focus();
  });
}

function renderHistory() {
  const list = $('history');
  list.replaceChildren();
  const start = document.createElement('li');
  start.className = 'start';
  start.append(historyButton('start', 0));
  list.append(start);
  S.played.forEach((mv, i) => {
    const li = document.createElement('li');
    li.append(historyButton(`${i + 1}. ${mv}`, i + 1));
    list.append(li);
  });
}

function historyButton(text, index) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  if (index === S.cur) b.setAttribute('aria-current', 'step');
  b.addEventListener('click', () => go(index));
  return b;
}

function render() {
  renderBoard();
  renderStatus();
  renderMoves();
  renderHistory();
}

// ---- Best line -----------------------------------------------------------

async function bestLine() {
  if (!S.probe || S.probe.over || S.edit) return;
  const from = S.cur;
  try {
    const l = await api('/api/line', { position: S.positions[from] });
    const first = l.steps[0];
    $('line-summary').textContent = `${endText(first.category, first.distance)}; 50-ply rule: ${ruleText(first.category50, first.dtz)}; ${l.steps.length - 1} plies, ${l.end}`;
    const list = $('line-moves');
    list.replaceChildren();
    l.steps.forEach((s, i) => {
      if (!s.best) return;
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'line-step';
      b.dataset.ply = i + 1;
      b.append(span('mv', s.best), span('result ' + s.category, endText(s.category, s.distance)));
      b.title = 'go to the position after this move';
      b.addEventListener('click', () => followLine(from, l, i + 1));
      li.append(b);
      list.append(li);
    });
    $('line').hidden = false;
  } catch (e) {
    showError(e.message);
  }
}

// Plays the first `k` moves of a line from positions[from]; the position
// after the last move of a line that captured the last piece is not a
// step of the line, so it is probed again.
async function followLine(from, l, k) {
  S.positions.length = from + 1;
  S.played.length = from;
  let p = await probe(S.positions[from]);
  for (let i = 0; i < k && i < l.steps.length && l.steps[i].best; i++) {
    const m = p.moves.find((x) => x.move === l.steps[i].best);
    if (!m) break;
    S.played.push(m.move);
    S.positions.push(m.position);
    p = await probe(m.position);
  }
  S.cur = S.positions.length - 1;
  show();
}

// ---- Board input: click a piece then a marked point, or drag ------------

let drag = null;

function pointAt(x, y) {
  const hit = document.elementFromPoint(x, y);
  const g = hit && hit.closest('[data-square]');
  return g ? g.dataset.square : null;
}

function tryTarget(sq) {
  const m = movesFrom(S.sel).find((x) => moveTo(x.move) === sq);
  if (m) play(m.move);
  return Boolean(m);
}

function onPointerDown(e) {
  if (!S.probe || e.button > 0) return;
  const g = e.target.closest('[data-square]');
  if (!g) return;
  const sq = g.dataset.square;
  if (S.edit) {
    editPut(sq);
    return;
  }
  if (S.sel && tryTarget(sq)) return;
  S.sel = movesFrom(sq).length && S.sel !== sq ? sq : null;
  renderBoard();
  if (!S.sel) return;
  e.preventDefault();
  const ghost = document.createElement('div');
  ghost.className = 'ghost ' + (S.probe.to_move === 'red' ? 'red' : 'black');
  drag = { ghost, x0: e.clientX, y0: e.clientY, moved: false };
}

function onPointerMove(e) {
  if (!drag) return;
  if (!drag.moved && Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) > 6) {
    drag.moved = true;
    document.body.append(drag.ghost);
  }
  if (drag.moved) {
    drag.ghost.style.left = e.clientX + 'px';
    drag.ghost.style.top = e.clientY + 'px';
  }
}

function onPointerUp(e) {
  if (!drag) return;
  const d = drag;
  drag = null;
  d.ghost.remove();
  if (!d.moved) return;
  const sq = pointAt(e.clientX, e.clientY);
  if (!(sq && tryTarget(sq))) {
    S.sel = null;
    renderBoard();
  }
}

// ---- Editor ----------------------------------------------------------------

function startEdit() {
  if (!S.probe || S.edit) return;
  const pos = parsePosition(S.probe.position);
  S.edit = pos;
  S.hover = null;
  S.sel = null;
  $('editor').hidden = false;
  $('edit-side').value = pos.side;
  $('edit-quiet').value = String(pos.quiet);
  document.body.dataset.editing = '1';
  renderEditor();
}

function stopEdit() {
  S.edit = null;
  showError('');
  $('editor').hidden = true;
  delete document.body.dataset.editing;
  if (S.probe) render();
}

function editPut(sq) {
  const i = squareIndex(sq);
  const put = { red: 'r', black: 'b', empty: '' }[S.tool];
  S.edit.board[i] = S.edit.board[i] === put ? '' : put;
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
  const pos = S.edit;
  pos.side = $('edit-side').value;
  const q = Number($('edit-quiet').value);
  pos.quiet = Number.isInteger(q) ? Math.min(Math.max(q, 0), S.info.quiet_limit) : 0;
  const red = count(pos, 'r');
  const black = count(pos, 'b');
  const problem = editProblem(pos);
  $('edit-count').textContent = `Red ${red}, Black ${black}: ${red + black} of at most ${S.info.max_pieces} pieces · ${formatPosition(pos)}`;
  $('edit-done').disabled = Boolean(problem);
  showError(problem ? `Refused: ${problem}` : '');
  for (const b of document.querySelectorAll('#editor .tool')) b.setAttribute('aria-pressed', String(b.dataset.tool === S.tool));
  renderBoard();
}

async function finishEdit() {
  const pos = S.edit;
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

// ---- Keyboard --------------------------------------------------------------

function onMovesKey(e) {
  const li = e.target.closest('li[data-move]');
  if (!li) return;
  const items = [...$('moves').querySelectorAll('li[data-move]')];
  const i = items.indexOf(li);
  let next = null;
  if (e.key === 'ArrowDown') next = items[Math.min(i + 1, items.length - 1)];
  else if (e.key === 'ArrowUp') next = items[Math.max(i - 1, 0)];
  else if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    play(li.dataset.move);
    return;
  } else return;
  e.preventDefault();
  items.forEach((x) => (x.tabIndex = -1));
  next.tabIndex = 0;
  next.focus();
}

function undo() {
  let i = S.cur - 1;
  // Against the tables, step back to a position where it is the player's turn.
  while (S.mode !== 'off' && i > 0 && S.cache.get(S.positions[i]) && S.cache.get(S.positions[i]).to_move !== S.mode) i--;
  go(Math.max(i, 0));
}

function onKey(e) {
  const tag = e.target.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
  const ctrl = e.ctrlKey || e.metaKey;
  if (S.edit) {
    if (e.key === 'Escape') stopEdit();
    return;
  }
  if (e.key === 'ArrowLeft' || (ctrl && e.key === 'z')) undo();
  else if (e.key === 'ArrowRight' || (ctrl && e.key === 'y')) go(S.cur + 1);
  else if (e.key === 'Home') go(0);
  else if (e.key === 'End') go(S.positions.length - 1);
  else if (!ctrl && e.key === 'f') flip();
  else if (!ctrl && e.key === 'l') bestLine();
  else if (!ctrl && e.key === 'e') startEdit();
  else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !e.target.closest('#moves')) {
    const first = $('moves').querySelector('li[data-move]');
    if (first) first.focus();
  } else return;
  e.preventDefault();
}

function flip() {
  S.flip = !S.flip;
  if (S.probe) renderBoard();
}

// ---- Start -----------------------------------------------------------------

function describeTables(info) {
  const formats = [...new Set(info.tables.map((t) => t.format))].join(' and ');
  const where = STATIC ? ' · static site, probed in this browser' : '';
  return `Surakarta · ${info.tables.length} ${formats} tables in ${info.folder}: every material up to ${info.max_pieces} pieces · the 50-ply rule draws after ${info.quiet_limit} plies without a capture${where}`;
}

// ?moves=: plays a space-separated line from the start position, each move
// checked against the probed list; stops at the first one not legal.
async function replay(text) {
  for (const mv of text.split(/\s+/).filter((x) => x)) {
    const p = await probe(S.positions[S.positions.length - 1]);
    const m = p.moves.find((x) => x.move.replace('x', '-') === mv.replace('x', '-'));
    if (!m) {
      showError(`?moves=: ${mv} is not a legal move in ${p.position}`);
      break;
    }
    S.positions.push(m.position);
    S.played.push(m.move);
  }
  S.cur = S.positions.length - 1;
}

function wire() {
  $('board').addEventListener('pointerdown', onPointerDown);
  document.addEventListener('pointermove', onPointerMove);
  document.addEventListener('pointerup', onPointerUp);
  document.addEventListener('keydown', onKey);
  $('moves').addEventListener('keydown', onMovesKey);
  // Hovering (or focusing) a move shows it on the board.
  const preview = (e) => {
    const li = e.target.closest && e.target.closest('li[data-move]');
    const mv = li ? li.dataset.move : null;
    if (mv === S.hover || !S.probe || S.edit) return;
    S.hover = mv;
    renderBoard();
  };
  $('moves').addEventListener('mouseover', preview);
  $('moves').addEventListener('focusin', preview);
  $('moves').addEventListener('mouseleave', () => preview({ target: document.body }));
  $('moves').addEventListener('click', (e) => {
    const li = e.target.closest('li[data-move]');
    if (li && !S.edit) play(li.dataset.move);
  });
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', () => go(S.cur + 1));
  $('restart').addEventListener('click', () => go(0));
  $('flip').addEventListener('click', flip);
  $('best').addEventListener('click', bestLine);
  $('edit').addEventListener('click', startEdit);
  $('edit-cancel').addEventListener('click', stopEdit);
  $('edit-done').addEventListener('click', finishEdit);
  $('clear').addEventListener('click', () => {
    S.edit.board.fill('');
    renderEditor();
  });
  for (const b of document.querySelectorAll('#editor .tool')) {
    b.addEventListener('click', () => {
      S.tool = b.dataset.tool;
      renderEditor();
    });
  }
  $('edit-side').addEventListener('change', renderEditor);
  $('edit-quiet').addEventListener('input', renderEditor);
  $('mode').addEventListener('change', (e) => {
    S.mode = e.target.value;
    S.flip = S.mode === 'black';
    show(true);
  });
  $('position-form').addEventListener('submit', (e) => {
    e.preventDefault();
    if (!S.edit) load($('position').value);
  });
}

async function start() {
  wire();
  try {
    S.info = await api('/api/info');
    $('rules').textContent = describeTables(S.info);
    const query = new URLSearchParams(location.search);
    const fromUrl = query.get('position');
    // A bad ?position= is reported and the page starts from the example.
    if (!(fromUrl && (await load(fromUrl, true)))) S.positions = [S.info.example_position];
    if (query.get('moves')) await replay(query.get('moves'));
    await show();
  } catch (e) {
    showError(e.message);
    document.body.dataset.state = 'error';
  }
}

start();
