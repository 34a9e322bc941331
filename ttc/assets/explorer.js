// explorer.js: the shell of the explorer page, shared by the Tic-Tac-Chec
// page (app.js) and the Surakarta page (surakarta/app.js). Plain
// JavaScript, an ES module, no library. Two backends, one page: under
// `ttc serve` it asks the JSON API of the same server (/api/info,
// /api/probe, /api/line, /api/play); on a static site written by `ttc
// export-site` (<html data-backend="static">) the game's prober answers
// the same requests in the browser from the site's block files.
//
// The shell keeps the game being explored (positions, moves played, the
// current one, probe answers cached), draws the moves list, the history
// and the best line, plays against the tables, and reads clicks, drags
// and keys; the game passes in what is its own, as an object given to
// `start(game)`:
//
//   openSite()          a promise of the static backend (info, probe, line, play)
//   setInfo(info)       /api/info has arrived: the rules line, headers
//   startPosition(info) the position shown without ?position=
//   load(text, quiet)   a position typed or given as ?position=; true if accepted
//   drawBoard()         the board (and what else the flip, selection or hover change)
//   renderStatus()      the side to move and the values of S.probe
//   moveFrom(mv), moveTo(mv)  where a move of the list starts and ends (the
//                       source is a square name, or what the page marks data-source)
//   group(m)            the result a move is grouped by: 'win', 'draw' or 'loss'
//   groupHead(word, n)  the text heading a group (`word` is 'Winning', ...)
//   fillMove(li, m)     the cells, classes and data of a move's list item
//   noMoveText(p)       the list's text when there is no move
//   lineSummary(l)      the text heading a best line (/api/line's answer)
//   lineStep(s)         a step of the line: null (no move) or {cells, differs}
//   linePath(l, from, k)  [move, position] of the first k moves of a line
//                       played from positions[from] (may be a promise)
//   canReply(p)         false where the tables have no reply to play
//   replyDelay          milliseconds before the tables play their reply
//   revealError         whether an error is scrolled into view when shown
//   goClearsError       whether moving through the game clears the error
//   optional: answerHere(position) (an answer without probing, or null),
//   shown(p) (after each position is drawn), locked() (board and list
//   ignore play, e.g. while an editor is open), keyFirst(e) (a key
//   consumed before the shell's), keys ({key: action} for more keys),
//   boardClick(src) (true when handled), ghostFigure(src) (the dragged
//   figure), afterMoves(p) (more of the moves list), canShowLine(),
//   wire() (the game's own controls).

export const SVG = 'http://www.w3.org/2000/svg';
export const $ = (id) => document.getElementById(id);
export const STATIC = document.documentElement.dataset.backend === 'static';

export const S = {
  info: null,        // /api/info
  positions: [],     // position text after i moves (0 = start)
  played: [],        // played[i] = move leading to positions[i + 1]
  cur: 0,            // index into positions
  probe: null,       // probe answer of positions[cur]
  cache: new Map(),  // position text -> probe answer
  flip: false,
  sel: null,         // selected source: a square name, or a data-source value
  hover: null,       // move of the list under the pointer, shown on the board
  mode: 'off',       // play against the tables: 'off' or the side the player plays
  token: 0,          // bumps on every navigation, cancels stale replies
};

let game = null;
const locked = () => Boolean(game.locked && game.locked());

// ---- API ---------------------------------------------------------------

let site = null; // static backend: a promise of the game's site prober

// A static site's answer to an API request, computed in the browser.
async function siteApi(path, params) {
  if (!site) {
    site = game.openSite();
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

export async function api(path, params) {
  if (STATIC) return siteApi(path, params);
  const u = new URL(path, location.href);
  for (const [k, v] of Object.entries(params || {})) u.searchParams.set(k, v);
  const r = await fetch(u);
  const body = await r.json();
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

// The probe answer of a position (cached).
export async function probe(position) {
  if (!S.cache.has(position)) {
    const here = game.answerHere ? game.answerHere(position) : null;
    S.cache.set(position, here || (await api('/api/probe', { position })));
  }
  return S.cache.get(position);
}

// ---- Elements ------------------------------------------------------------

// An SVG element with attributes (and text).
export function el(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

export function span(cls, text) {
  const s = document.createElement('span');
  s.className = cls;
  s.textContent = text;
  return s;
}

// ---- Navigation ----------------------------------------------------------

// The error line (empty: hidden).
export function showError(msg) {
  const e = $('error');
  e.textContent = msg || '';
  if (msg && game.revealError) e.scrollIntoView({ block: 'nearest' });
}

// Shows positions[cur]: probes it (cached), then draws everything.
export async function show(reply) {
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
    if (game.shown) game.shown(p);
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
export function play(mv) {
  const m = S.probe && S.probe.moves.find((x) => x.move === mv);
  if (!m) return;
  S.positions.length = S.cur + 1;
  S.played.length = S.cur;
  S.positions.push(m.position);
  S.played.push(m.move);
  S.cur += 1;
  showError('');
  show(true);
}

export function go(index) {
  if (index < 0 || index >= S.positions.length || index === S.cur) return;
  S.cur = index;
  if (game.goClearsError) showError('');
  show();
}

// A new game from the probe answer `p` (a loaded position); the caller
// draws it.
export function restartAt(p) {
  S.cache.set(p.position, p);
  S.positions = [p.position];
  S.played = [];
  S.cur = 0;
  $('line').hidden = true;
  showError('');
}

// Against the tables: when it is their turn, ask /api/play and play it.
async function maybeReply(token) {
  const p = S.probe;
  if (S.mode === 'off' || p.to_move === S.mode || p.moves.length === 0 || !game.canReply(p)) return;
  if (game.replyDelay) {
    await new Promise((r) => setTimeout(r, game.replyDelay));
    if (token !== S.token) return;
  }
  try {
    const a = await api('/api/play', { position: p.position });
    if (token !== S.token || !a.move) return;
    // The Tic-Tac-Chec reply carries the next position's probe answer.
    if (a.next) S.cache.set(a.next.position, a.next);
    play(a.move);
  } catch (e) {
    showError(e.message);
  }
}

// ---- Moves, history --------------------------------------------------------

// The moves of the list that start at `src` (none while locked).
export function movesFrom(src) {
  return S.probe && !locked() ? S.probe.moves.filter((m) => game.moveFrom(m.move) === src) : [];
}

function renderMoves() {
  const list = $('moves');
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.move : null;
  list.replaceChildren();
  const p = S.probe;
  if (p.moves.length === 0) {
    const li = document.createElement('li');
    li.className = 'none';
    li.textContent = game.noMoveText(p);
    list.append(li);
  }
  const groups = { win: 'Winning', draw: 'Drawing', loss: 'Losing' };
  p.moves.forEach((m, i) => {
    const group = game.group(m);
    if (i === 0 || game.group(p.moves[i - 1]) !== group) {
      // Moves are best first, so each result forms one run: head it.
      const n = p.moves.filter((x) => game.group(x) === group).length;
      const head = document.createElement('li');
      head.className = 'group ' + group;
      head.setAttribute('role', 'presentation');
      head.textContent = game.groupHead(groups[group], n);
      list.append(head);
    }
    const li = document.createElement('li');
    li.className = 'move res-' + group;
    li.setAttribute('role', 'option');
    li.tabIndex = i === 0 ? 0 : -1;
    li.dataset.move = m.move;
    game.fillMove(li, m);
    list.append(li);
    if (m.move === focused) li.focus();
  });
  if (game.afterMoves) game.afterMoves(p);
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

// Draws S.probe: board, status, controls, moves, history.
export function render() {
  game.drawBoard();
  game.renderStatus();
  $('undo').disabled = S.cur === 0;
  $('redo').disabled = S.cur >= S.positions.length - 1;
  $('restart').disabled = S.cur === 0;
  const input = $('position');
  if (document.activeElement !== input) input.value = S.probe.position;
  renderMoves();
  renderHistory();
}

// ---- Best line -----------------------------------------------------------

async function bestLine() {
  if (game.canShowLine && !game.canShowLine()) return;
  const from = S.cur;
  try {
    const l = await api('/api/line', { position: S.positions[from] });
    $('line-summary').textContent = game.lineSummary(l);
    const list = $('line-moves');
    list.replaceChildren();
    l.steps.forEach((s, i) => {
      const step = game.lineStep(s);
      if (!step) return;
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'line-step' + (step.differs ? ' disagree' : '');
      b.dataset.ply = i + 1;
      b.append(...step.cells);
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

// Plays the first `k` moves of a line from positions[from].
async function followLine(from, l, k) {
  S.positions.length = from + 1;
  S.played.length = from;
  for (const [move, position] of await game.linePath(l, from, k)) {
    S.played.push(move);
    S.positions.push(position);
  }
  S.cur = S.positions.length - 1;
  show();
}

// ---- Board input: click a piece then a marked square, or drag ------------

let drag = null;

function sourceAt(e) {
  const hand = e.target.closest('[data-source]');
  if (hand) return hand.dataset.source;
  const sq = e.target.closest('[data-square]');
  return sq ? sq.dataset.square : null;
}

function squareAt(x, y) {
  const hit = document.elementFromPoint(x, y);
  const sq = hit && hit.closest('[data-square]');
  return sq ? sq.dataset.square : null;
}

function tryTarget(sq) {
  const m = movesFrom(S.sel).find((x) => game.moveTo(x.move) === sq);
  if (m) play(m.move);
  return Boolean(m);
}

// Pointer down on the board (or on a piece in hand, data-source).
export function onPointerDown(e) {
  if (!S.probe || e.button > 0) return;
  const src = sourceAt(e);
  if (!src) return;
  if (game.boardClick && game.boardClick(src)) return;
  if (S.sel && !src.startsWith('@') && tryTarget(src)) return;
  S.sel = movesFrom(src).length > 0 && S.sel !== src ? src : null;
  game.drawBoard();
  if (!S.sel) return;
  e.preventDefault();
  const ghost = document.createElement('div');
  ghost.className = 'ghost ' + S.probe.to_move;
  const figure = game.ghostFigure ? game.ghostFigure(src) : null;
  if (figure) ghost.append(figure);
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
  const sq = squareAt(e.clientX, e.clientY);
  if (!(sq && tryTarget(sq))) {
    S.sel = null;
    game.drawBoard();
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
  if (game.keyFirst && game.keyFirst(e)) return;
  const more = game.keys || {};
  if (e.key === 'ArrowLeft' || (ctrl && e.key === 'z')) undo();
  else if (e.key === 'ArrowRight' || (ctrl && e.key === 'y')) go(S.cur + 1);
  else if (e.key === 'Home') go(0);
  else if (e.key === 'End') go(S.positions.length - 1);
  else if (!ctrl && e.key === 'f') flip();
  else if (!ctrl && e.key === 'l') bestLine();
  else if (!ctrl && Object.prototype.hasOwnProperty.call(more, e.key)) more[e.key]();
  else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !e.target.closest('#moves')) {
    const first = $('moves').querySelector('li[data-move]');
    if (first) first.focus();
  } else return;
  e.preventDefault();
}

function flip() {
  S.flip = !S.flip;
  if (S.probe) game.drawBoard();
}

// ---- Start -----------------------------------------------------------------

// ?moves=: plays a space-separated line from the start position, each move
// checked against the probed list (`x` and `-` alike); stops at the first
// one not legal.
async function replay(text) {
  const plain = (mv) => mv.replace('x', '-');
  for (const mv of text.split(/\s+/).filter((x) => x)) {
    const p = await probe(S.positions[S.positions.length - 1]);
    const m = p.moves.find((x) => plain(x.move) === plain(mv));
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
    if (mv === S.hover || !S.probe || locked()) return;
    S.hover = mv;
    game.drawBoard();
  };
  $('moves').addEventListener('mouseover', preview);
  $('moves').addEventListener('focusin', preview);
  $('moves').addEventListener('mouseleave', () => preview({ target: document.body }));
  $('moves').addEventListener('click', (e) => {
    const li = e.target.closest('li[data-move]');
    if (li && !locked()) play(li.dataset.move);
  });
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', () => go(S.cur + 1));
  $('restart').addEventListener('click', () => go(0));
  $('flip').addEventListener('click', flip);
  $('best').addEventListener('click', bestLine);
  $('mode').addEventListener('change', (e) => {
    S.mode = e.target.value;
    S.flip = S.mode === 'black';
    show(true);
  });
  $('position-form').addEventListener('submit', (e) => {
    e.preventDefault();
    if (!locked()) game.load($('position').value);
  });
  if (game.wire) game.wire();
}

// Starts the page of `game` (see the top of this file).
export async function start(g) {
  game = g;
  wire();
  try {
    S.info = await api('/api/info');
    game.setInfo(S.info);
    const query = new URLSearchParams(location.search);
    const fromUrl = query.get('position');
    // A bad ?position= is reported and the page starts from the game's start.
    if (!(fromUrl && (await game.load(fromUrl, true)))) S.positions = [game.startPosition(S.info)];
    if (query.get('moves')) await replay(query.get('moves'));
    await show();
  } catch (e) {
    showError(e.message);
    document.body.dataset.state = 'error';
  }
}
