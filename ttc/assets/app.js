// The explorer page. Plain JavaScript and SVG. Two backends, one page:
// under `ttc serve` it talks to the JSON API of the same server (/api/info,
// /api/probe, /api/line, /api/play); on a static site written by `ttc
// export-site` (<html data-backend="static">) probe.js answers the same
// requests in the browser from the site's block files.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 100;
const $ = (id) => document.getElementById(id);

const S = {
  info: null,        // /api/info
  n: 4,              // board side
  positions: [],     // position text after i moves (0 = start)
  played: [],        // played[i] = move leading to positions[i + 1]
  cur: 0,            // index into positions
  probe: null,       // /api/probe of positions[cur]
  cache: new Map(),  // position text -> probe answer
  flip: false,
  sel: null,         // selected source: 'a1' or '@N'
  hover: null,       // move of the list under the pointer, shown on the board
  mode: 'off',       // play against the table: 'off', 'white', 'black'
  token: 0,          // bumps on every navigation, cancels stale replies
};

// ---- API ---------------------------------------------------------------

const STATIC = document.documentElement.dataset.backend === 'static';
let site = null; // static backend: a promise of probe.js's Site

// A static site's answer to an API request, computed in the browser.
async function siteApi(path, params) {
  if (!site) {
    site = import('./probe.js').then((m) => m.Site.fromUrl(new URL('.', location.href)));
    site.then((x) => (window.ttcSite = x), () => (site = null));
  }
  const x = await site;
  const p = params || {};
  if (path === '/api/info') return x.info();
  if (path === '/api/probe') return x.probe(p.position, p.moves);
  if (path === '/api/line') return x.line(p.position, p.moves);
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

async function probe(position) {
  if (!S.cache.has(position)) S.cache.set(position, await api('/api/probe', { position }));
  return S.cache.get(position);
}

// ---- Position text -------------------------------------------------------

function squareName(file, rank) {
  return String.fromCharCode(97 + file) + (rank + 1);
}

// Parses `BOARD SIDE HANDS PAWNS PLY` into pieces by square, hands and pawn
// directions. The server validated the text; this only reads it.
function parsePosition(text) {
  const [board, side, hands, pawns, ply] = text.trim().split(/\s+/);
  const pieces = {};
  board.split('/').forEach((row, i) => {
    const rank = S.n - 1 - i;
    let file = 0;
    for (const c of row) {
      if (/[0-9]/.test(c)) file += Number(c);
      else pieces[squareName(file++, rank)] = c;
    }
  });
  return {
    pieces,
    side: side === 'w' ? 'white' : 'black',
    hands: hands === '-' ? '' : hands,
    pawns: { white: pawns[0], black: pawns[1] },
    ply: ply === '-' ? null : Number(ply),
  };
}

const isWhite = (letter) => letter === letter.toUpperCase();

// ---- Moves -------------------------------------------------------------

function source(mv) {
  const at = mv.indexOf('@');
  return at >= 0 ? '@' + mv.slice(0, at) : mv.split('-')[0];
}

function target(mv) {
  const at = mv.indexOf('@');
  return at >= 0 ? mv.slice(at + 1) : mv.split('-')[1];
}

function resultText(v) {
  return v.text;
}

function movesFrom(src) {
  return S.probe ? S.probe.moves.filter((m) => source(m.move) === src) : [];
}

function hasMoves(src) {
  return movesFrom(src).length > 0;
}

// ---- Navigation ----------------------------------------------------------

// The error line at the top of the page (empty: hidden); brought into view
// when it is set, wherever the page was scrolled.
function showError(msg) {
  const e = $('error');
  e.textContent = msg || '';
  if (msg) e.scrollIntoView({ block: 'nearest' });
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
    document.body.dataset.position = p.position;
    document.body.dataset.state = 'ready';
    // The first ranked move list on screen (the static site's benchmark).
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
  S.cur += 1;
  showError('');
  show(true);
}

function go(index) {
  if (index < 0 || index >= S.positions.length || index === S.cur) return;
  S.cur = index;
  show();
}

// Loads a pasted position: checked by the server first, the game restarts
// there; `quiet` leaves the drawing to the caller. False if refused (the
// board stays as it was).
async function load(text, quiet) {
  try {
    const p = await api('/api/probe', { position: text });
    S.cache.set(p.position, p);
    S.positions = [p.position];
    S.played = [];
    S.cur = 0;
    $('position').value = p.position;
    $('line').hidden = true;
    showError('');
    if (!quiet) show();
    return true;
  } catch (e) {
    // From the address (quiet), the page goes on from the start position:
    // say so, so that the board is not taken for the refused position.
    showError(quiet ? `?position=: ${e.message}; the board shows the start position instead` : e.message);
    return false;
  }
}

// In play mode, lets the table answer when it is its turn.
async function maybeReply(token) {
  const p = S.probe;
  if (S.mode === 'off' || p.to_move === S.mode || p.moves.length === 0) return;
  await new Promise((r) => setTimeout(r, 350));
  if (token !== S.token) return;
  try {
    const a = await api('/api/play', { position: p.position });
    if (token !== S.token || !a.move) return;
    S.cache.set(a.next.position, a.next);
    play(a.move);
  } catch (e) {
    showError(e.message);
  }
}

// ---- Drawing -------------------------------------------------------------

function el(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function screen(name) {
  const file = name.charCodeAt(0) - 97;
  const rank = Number(name.slice(1)) - 1;
  const n = S.n;
  return { x: (S.flip ? n - 1 - file : file) * CELL, y: (S.flip ? rank : n - 1 - rank) * CELL };
}

// A piece figure (assets/pieces.svg, inline in the page) in a 100 x 100
// square; a pawn also shows its direction as an arrow (toward the last rank
// is up unless the board is flipped).
function pieceSvg(letter, dir, extra) {
  const white = isWhite(letter);
  const g = el('g', { class: 'piece ' + (white ? 'white' : 'black') + (extra ? ' ' + extra : '') });
  g.append(el('use', { href: figure(letter), transform: 'translate(8 8) scale(2.1)' }));
  if (letter.toUpperCase() === 'P' && (dir === '^' || dir === 'v')) {
    const up = (dir === '^') !== S.flip;
    const d = up ? 'M50 1 L62 15 L38 15 Z' : 'M50 99 L62 85 L38 85 Z';
    g.append(el('path', { d, class: 'arrow' }));
  }
  return g;
}

// The id of a piece's figure: #piece-wn for a White knight.
function figure(letter) {
  return `#piece-${isWhite(letter) ? 'w' : 'b'}${letter.toLowerCase()}`;
}

// A small SVG of a piece, for the hands and the dragged ghost.
function miniPiece(letter) {
  const svg = el('svg', { viewBox: '0 0 40 40', class: 'mini', 'aria-hidden': 'true' });
  svg.append(el('use', { href: figure(letter) }));
  return svg;
}

// Where a hovered move of the list comes from and goes to (null: none).
function hovered() {
  if (!S.hover || !S.probe) return null;
  const m = S.probe.moves.find((x) => x.move === S.hover);
  return m ? { from: source(m.move), to: target(m.move), move: m } : null;
}

function renderBoard(pos) {
  const svg = $('board');
  const n = S.n;
  svg.setAttribute('viewBox', `0 0 ${n * CELL} ${n * CELL}`);
  svg.replaceChildren();
  const targets = new Map(movesFrom(S.sel).map((m) => [target(m.move), m]));
  const last = S.cur > 0 ? S.played[S.cur - 1] : null;
  const hover = hovered();
  for (let rank = 0; rank < n; rank++) {
    for (let file = 0; file < n; file++) {
      const name = squareName(file, rank);
      const { x, y } = screen(name);
      const g = el('g', { class: 'square', 'data-square': name, transform: `translate(${x},${y})` });
      let cls = (file + rank) % 2 ? 'light' : 'dark';
      if (S.sel === name) cls += ' selected';
      if (last && (target(last) === name || source(last) === name)) cls += ' last';
      if (hover && (hover.from === name || hover.to === name)) cls += ' preview ' + hover.move.category;
      g.append(el('rect', { width: CELL, height: CELL, class: cls }));
      if (y === (n - 1) * CELL) g.append(el('text', { x: 94, y: 94, class: 'coord', 'text-anchor': 'end' }, name[0]));
      if (x === 0) g.append(el('text', { x: 5, y: 18, class: 'coord' }, name.slice(1)));
      const letter = pos.pieces[name];
      if (letter) g.append(pieceSvg(letter, pos.pawns[isWhite(letter) ? 'white' : 'black'], hover && hover.from === name ? 'leaving' : ''));
      if (hover && hover.to === name) {
        // The moving piece, faint, where the hovered move puts it.
        const moving = hover.from.startsWith('@') ? hover.from[1] : pos.pieces[hover.from];
        if (moving) g.append(pieceSvg(moving, null, 'arriving'));
      }
      const m = targets.get(name);
      if (m) {
        g.classList.add('target');
        g.append(el('circle', { cx: 50, cy: 50, r: letter ? 44 : 16, class: 'dot ' + m.category }));
        if (m.distance !== null) g.append(el('text', { x: 50, y: 90, class: 'dist', 'text-anchor': 'middle' }, m.distance));
      }
      svg.append(g);
    }
  }
  svg.setAttribute('aria-label', 'Board: ' + S.probe.position);
}

function renderHands(pos) {
  const bottom = S.flip ? 'black' : 'white';
  for (const [id, color] of [['hand-bottom', bottom], ['hand-top', bottom === 'white' ? 'black' : 'white']]) {
    const box = $(id);
    box.replaceChildren();
    const label = document.createElement('span');
    label.className = 'hand-label';
    label.textContent = (color === 'white' ? 'White' : 'Black') + ' hand:';
    box.append(label);
    const mine = [...pos.hands].filter((l) => isWhite(l) === (color === 'white'));
    if (mine.length === 0) box.append(span('hand-empty', 'empty'));
    for (const letter of pos.hands) {
      if (isWhite(letter) !== (color === 'white')) continue;
      const b = document.createElement('span');
      b.className = 'hand-piece ' + color + (S.sel === '@' + letter ? ' selected' : '');
      b.dataset.source = '@' + letter;
      b.append(miniPiece(letter));
      b.setAttribute('aria-label', letter.toUpperCase());
      b.title = `${color} ${letter.toUpperCase()} in hand` + (hasMoves('@' + letter) ? ': click or drag to a square' : '');
      box.append(b);
    }
  }
}

function setValue(id, v) {
  const e = $(id);
  e.textContent = resultText(v);
  e.className = 'value ' + v.category;
}

function renderStatus(pos) {
  const p = S.probe;
  const side = p.to_move === 'white' ? 'White' : 'Black';
  let turn = `${side} to move`;
  if (p.terminal) turn = `Game over: a line is on the board (${side}, to move, has lost)`;
  else if (pos.ply !== null) turn += ` · opening ply ${pos.ply} of ${S.info.tables[0].opening_plies}: placement only`;
  else turn += ' · opening over: pieces move and capture';
  const dirs = ['white', 'black'].map((c) => {
    const d = pos.pawns[c];
    return `${c} pawn ${d === '^' ? '↑ toward rank ' + S.n : d === 'v' ? '↓ toward rank 1' : 'off the board'}`;
  });
  $('turn').textContent = turn + ' · ' + dirs.join(', ');
  setValue('value', p);
  $('value').textContent = `${p.text} for ${side}`;
  $('other-row').hidden = !p.other;
  if (p.other) {
    setValue('other-value', p.other);
    $('other-value').textContent = `${p.other.text} for ${side}`;
    $('differs').hidden = !p.differs;
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
    li.textContent = p.terminal ? 'none: the game is over' : 'none: no legal move';
    list.append(li);
  }
  const groups = { win: 'Winning', draw: 'Drawing', loss: 'Losing' };
  p.moves.forEach((m, i) => {
    if (i === 0 || p.moves[i - 1].category !== m.category) {
      // Moves are best first, so each result forms one run: head it.
      const n = p.moves.filter((x) => x.category === m.category).length;
      const head = document.createElement('li');
      head.className = 'group ' + m.category;
      head.setAttribute('role', 'presentation');
      head.textContent = `${groups[m.category]} moves (${n})`;
      list.append(head);
    }
    const li = document.createElement('li');
    li.className = 'move res-' + m.category + (m.differs ? ' disagree' : '');
    li.setAttribute('role', 'option');
    li.tabIndex = i === 0 ? 0 : -1;
    li.dataset.move = m.move;
    li.dataset.category = m.category;
    li.append(span('mv', m.move), span('result ' + m.category, m.text));
    if (m.other) {
      const o = m.other.legal ? m.other : { category: 'illegal', text: 'not legal' };
      li.append(span('result other ' + o.category, o.text));
      li.append(span('mark', m.differs ? '≠' : ''));
      if (m.differs) li.title = 'the two readings disagree on this move';
    }
    list.append(li);
    if (m.move === focused) li.focus();
  });
  renderOtherOnly(p);
}

// Compare mode: moves legal only under the compared rules (not playable here).
function renderOtherOnly(p) {
  const box = $('other-only');
  const only = p.other_only || [];
  box.hidden = only.length === 0;
  if (box.hidden) return;
  $('other-only-head').textContent = `Legal only under ${S.info.tables[1].reading}`;
  const list = $('other-only-moves');
  list.replaceChildren();
  for (const m of only) {
    const li = document.createElement('li');
    li.className = 'move disagree';
    li.dataset.otherOnly = m.move;
    li.append(span('mv', m.move), span('result', '—'), span('result other ' + m.category, m.text), span('mark', '≠'));
    list.append(li);
  }
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
  const pos = parsePosition(S.probe.position);
  renderBoard(pos);
  renderHands(pos);
  renderStatus(pos);
  renderMoves();
  renderHistory();
}

// ---- Best line -----------------------------------------------------------

const ENDS = {
  line: 'ends with a line on the board',
  no_move: 'ends with no legal move',
  repetition: 'ends when a position repeats (draw)',
  limit: 'stops at the ply limit',
};

async function bestLine() {
  const from = S.cur;
  try {
    const l = await api('/api/line', { position: S.positions[from] });
    let summary = `${l.steps[0].text}: ${l.plies} plies, ${ENDS[l.end]}`;
    if (l.end === 'repetition') summary += `: ${l.prefix_plies} plies, then a cycle of ${l.cycle_plies}`;
    $('line-summary').textContent = summary;
    const list = $('line-moves');
    list.replaceChildren();
    l.steps.forEach((s, i) => {
      if (!s.move) return;
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'line-step' + (s.differs ? ' disagree' : '');
      b.dataset.ply = i + 1;
      b.append(span('mv', s.move), span('result ' + s.category, s.text));
      if (s.other) b.append(span('result other ' + s.other.category, s.other.text));
      b.title = 'go to the position after this move';
      b.addEventListener('click', () => followLine(from, l.steps, i + 1));
      li.append(b);
      list.append(li);
    });
    $('line').hidden = false;
  } catch (e) {
    showError(e.message);
  }
}

// Plays the first `k` moves of a line from positions[from].
function followLine(from, steps, k) {
  S.positions.length = from + 1;
  S.played.length = from;
  for (let i = 0; i < k && i + 1 < steps.length; i++) {
    S.played.push(steps[i].move);
    S.positions.push(steps[i + 1].position);
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
  const m = movesFrom(S.sel).find((x) => target(x.move) === sq);
  if (m) play(m.move);
  return Boolean(m);
}

function onPointerDown(e) {
  if (!S.probe || e.button > 0) return;
  const src = sourceAt(e);
  if (!src) return;
  if (S.sel && !src.startsWith('@') && tryTarget(src)) return;
  S.sel = hasMoves(src) && S.sel !== src ? src : null;
  render();
  if (!S.sel) return;
  e.preventDefault();
  const ghost = document.createElement('div');
  ghost.className = 'ghost ' + (S.probe.to_move === 'white' ? 'white' : 'black');
  const moving = src.startsWith('@') ? src[1] : parsePosition(S.probe.position).pieces[src];
  if (moving) ghost.append(miniPiece(moving));
  drag = { src, ghost, x0: e.clientX, y0: e.clientY, moved: false };
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
    render();
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
  // Against the table, step back to a position where it is the player's turn.
  while (S.mode !== 'off' && i > 0 && S.cache.get(S.positions[i]) && S.cache.get(S.positions[i]).to_move !== S.mode) i--;
  go(Math.max(i, 0));
}

function onKey(e) {
  const tag = e.target.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
  const ctrl = e.ctrlKey || e.metaKey;
  if (e.key === 'ArrowLeft' || (ctrl && e.key === 'z')) undo();
  else if (e.key === 'ArrowRight' || (ctrl && e.key === 'y')) go(S.cur + 1);
  else if (e.key === 'Home') go(0);
  else if (e.key === 'End') go(S.positions.length - 1);
  else if (!ctrl && e.key === 'f') flip();
  else if (!ctrl && e.key === 'l') bestLine();
  else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !e.target.closest('#moves')) {
    const first = $('moves').querySelector('li[data-move]');
    if (first) first.focus();
  } else return;
  e.preventDefault();
}

function flip() {
  S.flip = !S.flip;
  if (S.probe) render();
}

// ---- Start -----------------------------------------------------------------

function describeTables(info) {
  const [a, b] = info.tables;
  const where = STATIC ? ' · static site, probed in this browser' : '';
  if (!b) return `${a.rules} · ${a.format} table ${a.path}${where}`;
  return `Comparing ${a.reading} (${a.path}) with ${b.reading} (${b.path}) · ${a.size}x${a.size} ${a.roles}, opening lock ${a.opening_plies}${where}`;
}

function compareHeader(info) {
  const head = $('moves-head');
  if (!info.compare) {
    head.hidden = true;
    return;
  }
  document.body.dataset.compare = '1';
  head.replaceChildren(span('mv', 'move'), span('result', info.tables[0].reading), span('result other', info.tables[1].reading), span('mark', ''));
  $('main-label').textContent = info.tables[0].reading;
  $('other-label').textContent = info.tables[1].reading;
}

async function start() {
  $('board').addEventListener('pointerdown', onPointerDown);
  for (const id of ['hand-top', 'hand-bottom']) $(id).addEventListener('pointerdown', onPointerDown);
  document.addEventListener('pointermove', onPointerMove);
  document.addEventListener('pointerup', onPointerUp);
  document.addEventListener('keydown', onKey);
  $('moves').addEventListener('keydown', onMovesKey);
  // Hovering (or focusing) a move shows it on the board.
  const preview = (e) => {
    const li = e.target.closest && e.target.closest('li[data-move]');
    const mv = li ? li.dataset.move : null;
    if (mv === S.hover || !S.probe) return;
    S.hover = mv;
    renderBoard(parsePosition(S.probe.position));
  };
  $('moves').addEventListener('mouseover', preview);
  $('moves').addEventListener('focusin', preview);
  $('moves').addEventListener('mouseleave', () => preview({ target: document.body }));
  $('moves').addEventListener('click', (e) => {
    const li = e.target.closest('li[data-move]');
    if (li) play(li.dataset.move);
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
    load($('position').value);
  });
  try {
    S.info = await api('/api/info');
    S.n = S.info.tables[0].size;
    $('rules').textContent = describeTables(S.info);
    compareHeader(S.info);
    const query = new URLSearchParams(location.search);
    const fromUrl = query.get('position');
    // A bad ?position= is reported and the page starts from the empty board.
    if (!(fromUrl && (await load(fromUrl, true)))) S.positions = [S.info.empty_position];
    if (query.get('moves')) await replay(query.get('moves'));
    show();
  } catch (e) {
    showError(e.message);
    document.body.dataset.state = 'error';
  }
}

// ?moves=: plays a space-separated line from the start position, each move
// checked against the probed list; stops at the first one not legal.
async function replay(text) {
  for (const mv of text.split(/\s+/).filter((x) => x)) {
    const p = await probe(S.positions[S.positions.length - 1]);
    const m = p.moves.find((x) => x.move === mv.replace('x', '-'));
    if (!m) {
      showError(`?moves=: ${mv} is not a legal move in ${p.position}`);
      break;
    }
    S.positions.push(m.position);
    S.played.push(m.move);
  }
  S.cur = S.positions.length - 1;
}

start();
