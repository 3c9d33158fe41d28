// tableref status page: renders the state the daemon streams (server-sent
// events) and posts the controls. No framework, no build step.
'use strict';

const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};
const svgEl = (tag, attrs) => {
  const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};
const colours = {red: '#d63a2f', blue: '#2c63c9', black: '#222', green: '#2f9a4d', grey: '#9aa0a6', white: '#fafafa', yellow: '#f2c94c'};
const clock = (ms) => new Date(ms).toLocaleTimeString([], {hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23'});
let state = null;
let modes = [];
let shownFrame = 0;
let inputsKey = '';
let crop = null; // the part of the picture that has held codes in this game
let cropGame = '';

function currentTurn(s) {
  const evs = s.events || [];
  for (let i = evs.length - 1; i >= 0; i--) {
    if ((evs[i].kind === 'turn' || evs[i].kind === 'round') && evs[i].player) return evs[i].player;
  }
  return 0;
}

// ranked orders the scores best first (a lower total is better where the
// game counts what is left, as Nord Sud Ovest Est does).
function ranked(s) {
  const sc = (s.scores || []).slice();
  const lower = sc.some((x) => x.lowerWins);
  sc.sort((a, b) => (lower ? a.total - b.total : b.total - a.total));
  return sc;
}

function names(list) {
  return list.length <= 1 ? list.join('') : list.slice(0, -1).join(', ') + ' and ' + list[list.length - 1];
}

function renderHeader(s) {
  $('mode').textContent = s.modeName ? s.modeName + (s.finished ? ': ' + t('game over') : '') : '';
  const cam = $('camera');
  const src = s.status.source || 'camera';
  cam.textContent = s.status.cameraOk ? src : src + ': ' + (s.status.camera || 'lost');
  cam.className = 'pill' + (s.status.cameraOk ? '' : ' bad');
  $('moving').hidden = !s.status.moving;
  const sp = $('speech');
  sp.hidden = !s.speech;
  if (s.speech) {
    sp.setAttribute('aria-pressed', String(!s.speech.muted));
    sp.title = s.speech.muted ? 'The referee is silent: press to hear the verdicts' : 'The referee speaks: press to silence it';
  }
}

// The page's own words in the players' language (docs/languages.md): the
// English of each element marked data-w is its key; /api/words gives the
// translations. What the referee said comes translated in the state.
let lang = 'en';
let dict = {};
const t = (en) => dict[en] || en;

async function loadWords(l) {
  if (!l || l === lang) return;
  lang = l;
  $('lang').value = l;
  document.documentElement.lang = l;
  dict = await (await fetch('/api/words?lang=' + encodeURIComponent(l))).json().catch(() => ({}));
  for (const e of document.querySelectorAll('[data-w]')) {
    if (!e.dataset.w) e.dataset.w = e.textContent;
    e.textContent = t(e.dataset.w);
  }
  if (state) render(state);
}

function renderScores(s) {
  const ol = $('scores');
  ol.replaceChildren();
  const turn = s.finished ? 0 : currentTurn(s);
  const winners = new Set(s.finished ? s.winners || [] : []);
  for (const sc of s.scores || []) {
    const li = el('li', (sc.player === turn ? 'turn ' : '') + (winners.has(sc.player) ? 'winner' : ''));
    li.append(el('span', 'who', sc.name), el('span', 'total', String(sc.total)));
    if (sc.player === turn) {
      li.setAttribute('aria-current', 'true');
      li.append(el('span', 'mark', t('to play')));
    }
    if (winners.has(sc.player)) li.append(el('span', 'mark', t('wins')));
    ol.append(li);
  }
}

function renderBanner(s) {
  const b = s.banner || {};
  const lines = (s.screen && s.screen.lines) || [];
  $('banner').className = 'banner ' + (b.verdict || 'none');
  // The sentence, big; the working in brackets ("green 3 < 54"), small.
  // The server has put it in the players' language (or, where its
  // catalogue lacks it, the display's words in place of the English).
  const text = b.text || lines.join(' ') || t('Waiting for the referee…');
  const why = [...text.matchAll(/\s*\(([^()]*)\)/g)].map((m) => m[1]);
  $('banner-text').textContent = text.replace(/\s*\([^()]*\)/g, '');
  $('banner-why').textContent = why.join('; ');
  $('banner-why').hidden = why.length === 0;
  const now = $('banner-now');
  now.textContent = b.now || '';
  now.className = 'banner-now' + (b.nowKind === 'warning' ? ' warning' : '');
  now.hidden = !b.now;
}

function renderAlert(s) {
  const msg = s.status.journal || '';
  $('alert').hidden = !msg;
  $('alert').textContent = msg ? 'The referee has stopped: ' + msg : '';
}

function renderFinal(s) {
  const box = $('final');
  box.hidden = !s.finished;
  if (!s.finished) return;
  const winners = new Set(s.winners || []);
  const w = (s.scores || []).filter((x) => winners.has(x.player)).map((x) => x.name);
  const u = s.undecided;
  const tied = u ? (s.scores || []).filter((x) => u.players.includes(x.player)).map((x) => x.name) : [];
  $('final-winner').textContent = u
    ? `Undecided: ${names(tied)} tie. ${u.settle[0].toUpperCase() + u.settle.slice(1)}.`
    : w.length === 0 ? t('Nobody wins.') : t(w.length === 1 ? '{} wins!' : '{} share the win!').replace('{}', names(w));
  const ol = $('final-list');
  ol.replaceChildren();
  for (const sc of ranked(s)) {
    const li = el('li');
    li.append(el('span', 'who', sc.name + ' '), el('span', 'total', String(sc.total)));
    if (sc.parts && sc.parts.length) li.append(el('span', 'parts', partsText(sc.parts)));
    ol.append(li);
  }
}

function partsText(parts) {
  return parts.map((p) => (p.points === 0 && p.detail ? `${p.category}: ${p.detail}` : `${p.category} ${p.points}` + (p.detail ? ` (${p.detail})` : ''))).join(', ');
}

// renderControls shows the inputs the mode takes and nothing else; it is
// rebuilt only when they change, so what a player is typing stays.
function renderControls(s) {
  const uses = s.inputs || [];
  renderPlayers(s, uses.some((u) => u.player));
  const key = s.mode + '|' + JSON.stringify(uses);
  if (key !== inputsKey) {
    inputsKey = key;
    const box = $('inputs');
    box.replaceChildren();
    for (const u of uses) box.append(inputBlock(u));
    $('no-buttons').hidden = uses.length > 0;
  }
  document.querySelectorAll('[data-input]').forEach((b) => { b.disabled = !!s.status.journal || s.finished; });
}

function field(id, label, input) {
  const row = el('div', 'row');
  const l = el('label', '', label);
  l.htmlFor = id;
  input.id = id;
  row.append(l, input);
  return row;
}

function inputBlock(u) {
  const div = el('div', 'input');
  const help = el('p', 'help', u.help);
  help.id = `help-${u.type}`;
  const ids = {};
  if (u.number) {
    const i = el('input');
    i.type = 'number'; i.min = '0'; i.max = '99'; i.value = '1'; i.inputMode = 'numeric';
    div.append(field(ids.number = `f-${u.type}-number`, 'How many', i));
  }
  if (u.choices && u.choices.length) {
    const sel = el('select');
    for (const c of u.choices) sel.append(new Option(c, c));
    div.append(field(ids.choice = `f-${u.type}-choice`, u.label, sel));
  }
  if (u.cards) {
    const a = el('input'); a.placeholder = 'name, if you want'; a.autocomplete = 'off';
    const b = el('input'); b.placeholder = 'name, if you want'; b.autocomplete = 'off';
    div.append(field(ids.card = `f-${u.type}-card`, 'Card', a), field(ids.other = `f-${u.type}-other`, u.type === 'swap' ? 'for' : 'Neighbour', b));
  }
  const btn = el('button', 'btn' + (div.childElementCount ? '' : ' primary'), u.label);
  btn.type = 'button';
  btn.dataset.input = u.type;
  btn.setAttribute('aria-describedby', help.id);
  btn.addEventListener('click', () => sendInput(u, ids));
  div.prepend(help);
  div.append(btn);
  return div;
}

function renderPlayers(s, needed) {
  $('who-row').hidden = !needed;
  const sel = $('player');
  const want = ['—'].concat(s.players || []).join('|');
  if (sel.dataset.players === want) return;
  const keep = sel.value;
  sel.replaceChildren();
  sel.append(new Option('whoever is to play', '0'));
  (s.players || []).forEach((p, i) => sel.append(new Option(p, String(i + 1))));
  sel.dataset.players = want;
  sel.value = keep || '0';
}

function verdicts(s) {
  const v = new Map();
  for (const z of s.zones || []) for (const c of z.cells || []) if (c.card && c.verdict) v.set(c.card, c.verdict);
  return v;
}

function renderZones(s) {
  const box = $('zones');
  box.replaceChildren();
  const zones = s.zones || [];
  const sides = s.sides || ['', ''];
  if (zones.length === 0) { box.append(el('p', 'empty', t('No cards seen yet.'))); }
  for (const z of zones) {
    const wrap = el('div', 'zone');
    wrap.append(el('h3', '', z.name));
    const grid = el('div', 'grid');
    const colourZone = z.cells.length > 0 && z.cells.every((c) => c.colour && !c.card);
    grid.style.gridTemplateColumns = `repeat(${z.cols}, ${colourZone ? '2.4rem' : 'minmax(min-content, 1fr)'})`;
    const byPos = new Map(z.cells.map((c) => [c.row + ',' + c.col, c]));
    for (let r = 0; r < z.rows; r++) {
      for (let c = 0; c < z.cols; c++) grid.append(renderCell(byPos.get((z.top + r) + ',' + (z.left + c)), colourZone, sides));
    }
    // A map wider than a phone is scaled to the width (fitGrids); one too
    // wide even then scrolls in its own box, which the keyboard can reach
    // and scroll too, and says so.
    const scroll = el('div', 'grid-scroll');
    scroll.tabIndex = 0;
    scroll.setAttribute('role', 'region');
    scroll.setAttribute('aria-label', `${z.name}: the cards as the referee sees them`);
    scroll.append(grid);
    const hint = el('p', 'scroll-hint', t('The map goes on: scroll it sideways →'));
    hint.hidden = true;
    wrap.append(scroll, hint);
    if (z.items && z.items.length) {
      wrap.append(el('p', 'items', 'Off the grid: ' + z.items.map((i) => i.name + (i.back && sides[1] ? ` (${sides[1]} up)` : '')).join(', ')));
    }
    box.append(wrap);
  }
  fitGrids();
  const legend = $('legend');
  legend.replaceChildren();
  const key = (cls, text) => { const sp = el('span'); sp.append(el('span', 'swatch ' + cls), text); return sp; };
  legend.append(key('right', t('right')), key('wrong', t('wrong')));
  if (sides[1]) legend.append(key('back', `${sides[1]} up`));
}

// The smallest scale a map is shown at: card names stay readable (a
// phone's .76rem names at 8 CSS px, 24 device pixels on a 3× screen); the
// demo game's six columns need 0.69 at 390 px.
const minZoom = 0.66;

// fitGrids scales each map down to its box's width, no smaller than
// minZoom; a map still too wide shows the hint under it. A map cut at the
// window's edge with nothing saying more lies beyond misleads the players.
function fitGrids() {
  for (const scroll of document.querySelectorAll('#zones .grid-scroll')) {
    const grid = scroll.firstElementChild;
    grid.style.zoom = '';
    const need = grid.scrollWidth, have = scroll.clientWidth;
    if (need > have + 1 && have > 0) grid.style.zoom = String(Math.max(minZoom, have / need));
    scroll.nextElementSibling.hidden = scroll.scrollWidth <= scroll.clientWidth + 1;
  }
}

function renderCell(cell, colourZone, sides) {
  if (!cell) return el('div', colourZone ? 'colour empty-cell' : 'cell');
  if (cell.colour && !cell.card) {
    const d = el('div', 'colour');
    d.style.background = colours[cell.colour] || '#ccc';
    d.title = cell.colour;
    d.setAttribute('role', 'img');
    d.setAttribute('aria-label', cell.colour);
    return d;
  }
  const d = el('div', 'tcard' + (cell.back ? ' back' : '') + (cell.verdict ? ' ' + cell.verdict : ''));
  d.append(el('div', 'name', cell.name || cell.card));
  const side = sides[cell.back ? 1 : 0];
  d.append(el('div', 'side', side ? `${side} up` : cell.card));
  if (cell.verdict) {
    const v = el('span', 'v', cell.verdict === 'right' ? '✓' : '✗');
    v.setAttribute('aria-label', cell.verdict);
    v.setAttribute('role', 'img');
    d.append(v);
  }
  d.title = `${cell.name || cell.card} (${cell.card})`;
  return d;
}

// renderPicture shows the latest camera picture and draws, over it, every
// code read with the referee's verdict on its card.
function renderPicture(s) {
  const img = $('frame');
  if (s.frame && s.frame !== shownFrame) {
    shownFrame = s.frame;
    img.src = '/api/frame.jpg?n=' + s.frame;
    $('picture').hidden = false;
  }
  const marks = s.marks || [];
  const v = verdicts(s);
  zoom(s, marks);
  const svg = $('outlines');
  svg.setAttribute('viewBox', '0 0 1 1');
  svg.replaceChildren();
  const labels = $('labels');
  labels.replaceChildren();
  const count = {right: 0, wrong: 0, out: 0, placed: 0};
  for (const m of marks) {
    const verdict = v.get(m.card);
    const kind = verdict || (m.placed ? 'placed' : 'out');
    count[kind]++;
    svg.append(svgEl('polygon', {points: m.quad.map((p) => p.join(',')).join(' '), class: kind}));
    const cx = m.quad.reduce((a, p) => a + p[0], 0) / 4;
    const xs = m.quad.map((p) => p[0]);
    const ys = m.quad.map((p) => p[1]);
    // Under the code, no wider than about its card, so that neighbours'
    // names do not run into each other; where a card is too small on the
    // screen for its name, only the verdict's mark.
    const room = (Math.max(...xs) - Math.min(...xs)) * 2.2;
    const icon = verdict === 'right' ? '✓' : verdict === 'wrong' ? '✗' : '';
    const named = room * $('framed').clientWidth >= 46;
    if (!named && !icon) continue;
    const label = el('span', kind, named ? (icon ? icon + ' ' : '') + m.name : icon);
    label.style.left = (cx * 100).toFixed(2) + '%';
    label.style.top = (Math.max(...ys) * 100 + 0.6).toFixed(2) + '%';
    label.style.maxWidth = (room * 100).toFixed(2) + '%';
    labels.append(label);
  }
  const parts = [];
  if (count.right) parts.push(`${count.right} right`);
  if (count.wrong) parts.push(`${count.wrong} wrong`);
  if (count.placed) parts.push(`${count.placed} more in place`);
  if (count.out) parts.push(`${count.out} left out of the table's grid`);
  const sum = !s.frame ? t('No camera picture yet.') : marks.length === 0 ? t('No code read in this picture.') : `${marks.length} codes read: ${parts.join(', ')}.`;
  $('picture-sum').textContent = sum;
  img.alt = 'The latest camera picture. ' + sum;
  const pr = $('problems');
  pr.replaceChildren();
  for (const p of s.status.problems || []) pr.append(el('li', '', p));
}

// zoom shows the part of the picture where codes have been read in this
// game (with a margin), as large as the page allows; the whole picture
// until a code is read.
function zoom(s, marks) {
  const game = s.mode + '|' + (s.players || []).join(',');
  if (game !== cropGame) { cropGame = game; crop = null; }
  for (const m of marks) {
    for (const [x, y] of m.quad) {
      if (!crop) crop = {x0: x, y0: y, x1: x, y1: y};
      crop.x0 = Math.min(crop.x0, x); crop.y0 = Math.min(crop.y0, y);
      crop.x1 = Math.max(crop.x1, x); crop.y1 = Math.max(crop.y1, y);
    }
  }
  const img = $('frame');
  const aspect = img.naturalWidth && img.naturalHeight ? img.naturalWidth / img.naturalHeight : 16 / 9;
  let x0 = 0, y0 = 0, w = 1, h = 1;
  if (crop) {
    const mx = 0.08, my = 0.12;
    x0 = Math.max(0, crop.x0 - mx); y0 = Math.max(0, crop.y0 - my);
    w = Math.min(1, crop.x1 + mx) - x0; h = Math.min(1, crop.y1 + my) - y0;
    // Not narrower than 40 % of the picture, nor taller than wide.
    if (w < 0.4) { x0 = Math.max(0, Math.min(1 - 0.4, x0 - (0.4 - w) / 2)); w = 0.4; }
    const minH = Math.min(1, (w * aspect) / (16 / 9) * 0.5);
    if (h < minH) { y0 = Math.max(0, Math.min(1 - minH, y0 - (minH - h) / 2)); h = minH; }
  }
  $('picture').style.aspectRatio = String((w * aspect) / h);
  const f = $('framed').style;
  f.width = (100 / w).toFixed(3) + '%';
  f.height = (100 / h).toFixed(3) + '%';
  f.left = (-x0 / w * 100).toFixed(3) + '%';
  f.top = (-y0 / h * 100).toFixed(3) + '%';
}

function renderDetails(s) {
  const ul = $('breakdown');
  ul.replaceChildren();
  let any = false;
  for (const sc of s.scores || []) {
    if (!sc.parts || !sc.parts.length) continue;
    any = true;
    const li = el('li');
    li.append(el('strong', '', `${sc.name} ${sc.total}: `), el('span', 'parts', partsText(sc.parts)));
    ul.append(li);
  }
  $('details').hidden = !any || s.finished; // the final standings say it
}

function renderEvents(s) {
  const ol = $('events');
  ol.replaceChildren();
  for (const e of (s.events || []).slice().reverse()) {
    const li = el('li', e.verdict || e.kind);
    const t = el('time', 't', e.at ? clock(e.at) : '—');
    if (e.at) t.dateTime = new Date(e.at).toISOString();
    else t.title = 'said before tableref restarted';
    li.append(t, el('span', 'text', e.long || e.short.join(' ')));
    ol.append(li);
  }
}

function renderJoin(s) {
  const p = $('join');
  p.replaceChildren();
  if (!s.join) return;
  const a = el('a', '', s.join.replace(/^https?:\/\//, '').replace(/\/$/, ''));
  a.href = s.join;
  p.append('On a phone: open ', a, ' (the PIN is on the referee\'s display).');
}

function render(s) {
  state = s;
  if (s.lang && s.lang !== lang) loadWords(s.lang);
  renderHeader(s);
  renderScores(s);
  renderBanner(s);
  renderAlert(s);
  renderFinal(s);
  renderControls(s);
  renderPicture(s);
  renderZones(s);
  renderDetails(s);
  renderEvents(s);
  renderJoin(s);
  renderLinks(s);
}

// The other pages of the referee (past games, learning a box), when the
// daemon mounts them.
function renderLinks(s) {
  const nav = $('links');
  const want = (s.links || []).map((l) => l.href + ' ' + l.text).join('|');
  if (nav.dataset.shown === want) return;
  nav.dataset.shown = want;
  nav.replaceChildren(...(s.links || []).map((l) => {
    const a = el('a', 'link', l.text);
    a.href = l.href;
    return a;
  }));
}

// Log out, shown to a visitor who logged in with the PIN (login.js notes
// it): this phone's session ends and the PIN is asked again.
$('logout').hidden = localStorage.getItem('tableref-session') !== '1';
$('logout').addEventListener('click', async () => {
  await fetch('/api/logout', {method: 'POST'}).catch(() => {});
  localStorage.removeItem('tableref-session');
  location.href = '/login.html';
});

async function post(url, body) {
  const r = await fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
  const j = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(j.error || r.statusText);
  return j;
}

function say(id, text, error) {
  const m = $(id);
  m.textContent = text;
  m.className = 'msg' + (error ? ' error' : '');
}

async function sendInput(u, ids) {
  const body = {type: u.type};
  if (u.player) body.player = Number($('player').value) || 0;
  if (ids.number) body.number = Number($(ids.number).value) || 0;
  if (ids.choice) body.choice = $(ids.choice).value;
  if (ids.card) { body.card = $(ids.card).value; body.other = $(ids.other).value; }
  try {
    await post('/api/input', body);
    say('input-msg', `${u.label}: sent`);
  } catch (err) {
    say('input-msg', `${u.label}: ${err.message}`, true);
  }
}

function renderModeOptions() {
  const m = modes.find((x) => x.id === $('ng-mode').value);
  const box = $('ng-options');
  box.replaceChildren();
  if (!m) return;
  $('ng-players').placeholder = `${m.minPlayers} to ${m.maxPlayers} names, comma-separated`;
  for (const o of m.options || []) {
    let input;
    if (o.Values && o.Values.length) {
      input = el('select');
      for (const v of o.Values) input.append(new Option(v, v));
    } else {
      input = el('input');
    }
    input.value = o.Default;
    input.dataset.key = o.Key;
    const row = field('ng-opt-' + o.Key, o.Key, input);
    if (o.Help) {
      const h = el('span', 'hint', o.Help);
      h.id = 'ng-opt-help-' + o.Key;
      input.setAttribute('aria-describedby', h.id);
      row.append(h);
    }
    box.append(row);
  }
}

async function loadModes() {
  modes = await (await fetch('/api/modes')).json();
  const sel = $('ng-mode');
  for (const m of modes) sel.append(new Option(m.name, m.id));
  if (state && state.mode) sel.value = state.mode;
  if (state && state.players) $('ng-players').value = state.players.join(', ');
  renderModeOptions();
}

let retry;
function connect() {
  clearTimeout(retry);
  const es = new EventSource('/api/events');
  es.addEventListener('state', (e) => {
    $('full').hidden = true;
    $('conn').textContent = t('live');
    $('conn').className = 'pill';
    render(JSON.parse(e.data));
  });
  // Too many pages are open on the referee: say so, try again later.
  es.addEventListener('full', (e) => {
    es.close();
    $('conn').textContent = 'too many pages';
    $('conn').className = 'pill off';
    $('full').textContent = JSON.parse(e.data).error;
    $('full').hidden = false;
    retry = setTimeout(connect, 30000);
  });
  // The page keeps the last state it had (the final standings stay).
  es.onerror = () => {
    $('conn').textContent = t('offline');
    $('conn').className = 'pill off';
  };
}

$('frame').addEventListener('load', () => { if (state) renderPicture(state); });
window.addEventListener('resize', fitGrids); // a phone turned sideways
$('lang').addEventListener('change', async (e) => {
  try {
    await post('/api/language', {lang: e.target.value});
    await loadWords(e.target.value);
  } catch (err) {
    say('input-msg', err.message, true);
    e.target.value = lang;
  }
});
$('b-undo').addEventListener('click', () => sendInput({type: 'undo', label: 'Undo'}, {}));
$('speech').addEventListener('click', async () => {
  if (!state || !state.speech) return;
  try {
    await post('/api/speech', {muted: !state.speech.muted});
  } catch (err) {
    say('input-msg', `Speech: ${err.message}`, true);
  }
});
$('again').addEventListener('click', async () => {
  if (!state) return;
  try {
    await post('/api/newgame', {mode: state.mode, players: state.players, options: state.options || {}});
    say('again-msg', t('New game started.'));
  } catch (err) {
    say('again-msg', err.message, true);
  }
});
$('change').addEventListener('click', () => {
  $('newgame').open = true;
  $('ng-mode').focus();
});
$('ng-mode').addEventListener('change', renderModeOptions);
$('newgame-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const options = {};
  $('ng-options').querySelectorAll('[data-key]').forEach((i) => { options[i.dataset.key] = i.value; });
  const players = $('ng-players').value.split(',').map((p) => p.trim()).filter(Boolean);
  try {
    await post('/api/newgame', {mode: $('ng-mode').value, players, options});
    say('ng-msg', t('New game started.'));
    $('newgame').open = false;
  } catch (err) {
    say('ng-msg', err.message, true);
  }
});
connect();
loadModes();
