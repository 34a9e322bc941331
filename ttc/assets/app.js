// The Tic-Tac-Chec explorer page: what is Tic-Tac-Chec's own (position
// text, board, hands, status, compare mode, the best line's ends), given
// to the page's shell, explorer.js (an ES module shared with the Surakarta
// page: backends, navigation, moves list, history, best line, board input,
// keys). On a static site written by `ttc export-site` the shell asks
// probe.js, which answers the API's requests in the browser.
//
// A classic script that loads the shell with import(), so that a page
// opened as a file:// URL still runs it and shows the browser's refusal
// in its error line.
'use strict';

const CELL = 100;
const $ = (id) => document.getElementById(id);

// The shell's exports, once it is loaded (below).
let S, STATIC, el, span, api, show, showError, restartAt, movesFrom, onPointerDown;
let n = 4; // board side, from /api/info

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
    const rank = n - 1 - i;
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

// Where a move starts: a square, or `@N` for a piece in hand.
function source(mv) {
  const at = mv.indexOf('@');
  return at >= 0 ? '@' + mv.slice(0, at) : mv.split('-')[0];
}

function target(mv) {
  const at = mv.indexOf('@');
  return at >= 0 ? mv.slice(at + 1) : mv.split('-')[1];
}

// ---- Drawing -------------------------------------------------------------

function screen(name) {
  const file = name.charCodeAt(0) - 97;
  const rank = Number(name.slice(1)) - 1;
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
      b.title = `${color} ${letter.toUpperCase()} in hand` + (movesFrom('@' + letter).length > 0 ? ': click or drag to a square' : '');
      box.append(b);
    }
  }
}

// The board and the hands (the flip, a selection and a hovered move
// change both).
function drawBoard() {
  const pos = parsePosition(S.probe.position);
  renderBoard(pos);
  renderHands(pos);
}

// The dragged piece: the one on `src`, or the piece in hand `@N`.
function ghostFigure(src) {
  const moving = src.startsWith('@') ? src[1] : parsePosition(S.probe.position).pieces[src];
  return moving ? miniPiece(moving) : null;
}

// ---- Status and moves ------------------------------------------------------

function setValue(id, v) {
  const e = $(id);
  e.textContent = v.text;
  e.className = 'value ' + v.category;
}

function renderStatus() {
  const p = S.probe;
  const pos = parsePosition(p.position);
  const side = p.to_move === 'white' ? 'White' : 'Black';
  let turn = `${side} to move`;
  if (p.terminal) turn = `Game over: a line is on the board (${side}, to move, has lost)`;
  else if (pos.ply !== null) turn += ` · opening ply ${pos.ply} of ${S.info.tables[0].opening_plies}: placement only`;
  else turn += ' · opening over: pieces move and capture';
  const dirs = ['white', 'black'].map((c) => {
    const d = pos.pawns[c];
    return `${c} pawn ${d === '^' ? '↑ toward rank ' + n : d === 'v' ? '↓ toward rank 1' : 'off the board'}`;
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
}

// A move of the list: its result, and in compare mode the other reading's.
function fillMove(li, m) {
  if (m.differs) li.classList.add('disagree');
  li.dataset.category = m.category;
  li.append(span('mv', m.move), span('result ' + m.category, m.text));
  if (m.other) {
    const o = m.other.legal ? m.other : { category: 'illegal', text: 'not legal' };
    li.append(span('result other ' + o.category, o.text));
    li.append(span('mark', m.differs ? '≠' : ''));
    if (m.differs) li.title = 'the two readings disagree on this move';
  }
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

// ---- Best line -----------------------------------------------------------

const ENDS = {
  line: 'ends with a line on the board',
  no_move: 'ends with no legal move',
  repetition: 'ends when a position repeats (draw)',
  limit: 'stops at the ply limit',
};

function lineSummary(l) {
  let summary = `${l.steps[0].text}: ${l.plies} plies, ${ENDS[l.end]}`;
  if (l.end === 'repetition') summary += `: ${l.prefix_plies} plies, then a cycle of ${l.cycle_plies}`;
  return summary;
}

function lineStep(s) {
  if (!s.move) return null;
  const cells = [span('mv', s.move), span('result ' + s.category, s.text)];
  if (s.other) cells.push(span('result other ' + s.other.category, s.other.text));
  return { cells, differs: s.differs };
}

// The first `k` moves of a line and the positions after them (the line's
// own steps).
function linePath(l, from, k) {
  const out = [];
  for (let i = 0; i < k && i + 1 < l.steps.length; i++) out.push([l.steps[i].move, l.steps[i + 1].position]);
  return out;
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

// Loads a pasted position: checked by the server first, the game restarts
// there; `quiet` leaves the drawing to the caller. False if refused (the
// board stays as it was).
async function load(text, quiet) {
  try {
    const p = await api('/api/probe', { position: text });
    restartAt(p);
    $('position').value = p.position;
    if (!quiet) show();
    return true;
  } catch (e) {
    // From the address (quiet), the page goes on from the start position:
    // say so, so that the board is not taken for the refused position.
    showError(quiet ? `?position=: ${e.message}; the board shows the start position instead` : e.message);
    return false;
  }
}

const GAME = {
  openSite: () => import('./probe.js').then((m) => m.Site.fromUrl(new URL('.', location.href))),
  setInfo(info) {
    n = info.tables[0].size;
    $('rules').textContent = describeTables(info);
    compareHeader(info);
  },
  startPosition: (info) => info.empty_position,
  load,
  drawBoard,
  renderStatus,
  moveFrom: source,
  moveTo: target,
  group: (m) => m.category,
  groupHead: (word, count) => `${word} moves (${count})`,
  fillMove,
  noMoveText: (p) => (p.terminal ? 'none: the game is over' : 'none: no legal move'),
  afterMoves: renderOtherOnly,
  lineSummary,
  lineStep,
  linePath,
  canReply: () => true,
  // A pause before the table's reply, so that the player's move is seen.
  replyDelay: 350,
  // The error line is in the header: a refusal is brought into view.
  revealError: true,
  goClearsError: false,
  ghostFigure,
  wire() {
    for (const id of ['hand-top', 'hand-bottom']) $(id).addEventListener('pointerdown', onPointerDown);
  },
};

import('./explorer.js').then(
  (X) => {
    ({ S, STATIC, el, span, api, show, showError, restartAt, movesFrom, onPointerDown } = X);
    X.start(GAME);
  },
  (e) => {
    // A page opened as a file:// URL: the browser refuses the module.
    const line = $('error');
    line.textContent = e.message;
    line.scrollIntoView({ block: 'nearest' });
    document.body.dataset.state = 'error';
  },
);
