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
const colours = {red: '#d63a2f', blue: '#2c63c9', black: '#222', green: '#2f9a4d', grey: '#9aa0a6', white: '#fafafa'};
let state = null;
let modes = [];
let shownFrame = 0;

function renderScreen(s) {
  const v = (s.screen && s.screen.verdict) || 'none';
  $('screen').className = 'screen ' + v;
  const lines = (s.screen && s.screen.lines) || [];
  $('screen-1').textContent = lines[0] || '';
  $('screen-2').textContent = lines.slice(1).join(' ');
}

function renderAlert(s) {
  const msg = s.status.journal || '';
  $('alert').hidden = !msg;
  $('alert').textContent = msg ? 'The referee has stopped: ' + msg : '';
}

function renderHealth(s) {
  const cam = $('camera');
  cam.textContent = s.status.camera || 'camera';
  cam.className = 'pill' + (s.status.cameraOk ? '' : ' bad');
  $('moving').hidden = !s.status.moving;
  $('mode').textContent = s.modeName ? s.modeName + (s.finished ? ' — finished' : '') : '';
}

function renderZones(s) {
  const box = $('zones');
  box.replaceChildren();
  const zones = s.zones || [];
  if (zones.length === 0) { box.append(el('p', 'empty', 'No cards seen yet.')); return; }
  for (const z of zones) {
    const wrap = el('div', 'zone');
    wrap.append(el('h3', '', z.name));
    const grid = el('div', 'grid');
    const colourZone = z.cells.length > 0 && z.cells.every((c) => c.colour && !c.card);
    const w = colourZone ? '46px' : 'minmax(92px, 124px)';
    grid.style.gridTemplateColumns = `repeat(${z.cols}, ${w})`;
    const byPos = new Map(z.cells.map((c) => [c.row + ',' + c.col, c]));
    for (let r = 0; r < z.rows; r++) {
      for (let c = 0; c < z.cols; c++) {
        const cell = byPos.get((z.top + r) + ',' + (z.left + c));
        grid.append(renderCell(cell, colourZone));
      }
    }
    wrap.append(grid);
    if (z.items && z.items.length) {
      wrap.append(el('div', 'items', 'Off the grid: ' + z.items.map((i) => i.name + (i.back ? ' (back)' : '')).join(', ')));
    }
    box.append(wrap);
  }
}

function renderCell(cell, colourZone) {
  if (!cell) return el('div', colourZone ? 'colour empty-cell' : 'cell');
  if (cell.colour && !cell.card) {
    const d = el('div', 'colour');
    d.style.background = colours[cell.colour] || '#ccc';
    d.title = cell.colour;
    return d;
  }
  const d = el('div', 'tcard' + (cell.back ? ' back' : '') + (cell.verdict ? ' ' + cell.verdict : ''));
  d.append(el('div', 'name', cell.name || cell.card));
  d.append(el('div', 'id', cell.card + (cell.back ? ' · back' : '')));
  d.title = (cell.name || cell.card) + (cell.verdict ? ': ' + cell.verdict : '');
  return d;
}

function currentTurn(s) {
  const evs = s.events || [];
  for (let i = evs.length - 1; i >= 0; i--) {
    if ((evs[i].kind === 'turn' || evs[i].kind === 'round') && evs[i].player) return evs[i].player;
  }
  return 0;
}

function renderScores(s) {
  const ol = $('scores');
  ol.replaceChildren();
  const turn = s.finished ? 0 : currentTurn(s);
  const winners = new Set(s.winners || []);
  for (const sc of s.scores || []) {
    const li = el('li', (sc.player === turn ? 'turn ' : '') + (winners.has(sc.player) ? 'winner' : ''));
    const head = el('div', 'score-head');
    head.append(el('span', 'who', sc.name + (sc.player === turn ? ' ◀' : '')));
    head.append(el('span', 'total', String(sc.total)));
    li.append(head);
    if (sc.parts && sc.parts.length) {
      const ul = el('ul', 'parts');
      for (const p of sc.parts) ul.append(el('li', '', `${p.category}: ${p.points}${p.detail ? ' (' + p.detail + ')' : ''}`));
      li.append(ul);
    }
    ol.append(li);
  }
  const w = (s.scores || []).filter((sc) => winners.has(sc.player)).map((sc) => sc.name);
  $('winners').hidden = !s.finished;
  $('winners').textContent = !s.finished ? '' : w.length === 0 ? 'Nobody wins.' : w.length === 1 ? `${w[0]} wins!` : `Shared win: ${w.join(', ')}`;
}

function renderPlayers(s) {
  const sel = $('player');
  const want = ['—'].concat(s.players || []).join('|');
  if (sel.dataset.players === want) return;
  const keep = sel.value;
  sel.replaceChildren();
  sel.append(new Option('— (not said)', '0'));
  (s.players || []).forEach((p, i) => sel.append(new Option(`${i + 1}. ${p}`, String(i + 1))));
  sel.dataset.players = want;
  sel.value = keep || '0';
}

function renderEvents(s) {
  const ol = $('events');
  ol.replaceChildren();
  const evs = (s.events || []).slice().reverse();
  for (const e of evs) {
    const li = el('li', e.verdict || e.kind);
    li.append(el('span', 't', e.t.toFixed(1) + 's'));
    li.append(el('span', 'text', e.long || e.short.join(' ')));
    ol.append(li);
  }
}

function renderFrame(s) {
  const img = $('frame');
  if (s.frame && s.frame !== shownFrame) {
    shownFrame = s.frame;
    img.src = '/api/frame.jpg?n=' + s.frame;
    img.hidden = false;
    $('noframe').hidden = true;
  }
  const pr = $('problems');
  pr.replaceChildren();
  for (const p of s.status.problems || []) pr.append(el('li', '', p));
}

function render(s) {
  state = s;
  renderScreen(s);
  renderAlert(s);
  renderHealth(s);
  renderZones(s);
  renderScores(s);
  renderPlayers(s);
  renderEvents(s);
  renderFrame(s);
  document.querySelectorAll('[data-input]').forEach((b) => { b.disabled = !!s.status.journal; });
}

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

async function sendInput(type) {
  const body = {type, player: Number($('player').value) || 0};
  if (type === 'guess') body.number = Number($('number').value) || 0;
  if (type === 'choose') body.choice = $('choice').value;
  if (type === 'swap') { body.card = $('card').value; body.other = $('other').value; }
  try {
    await post('/api/input', body);
    say('input-msg', `${type}: sent`);
  } catch (err) {
    say('input-msg', `${type}: ${err.message}`, true);
  }
}

function renderModeOptions() {
  const m = modes.find((x) => x.id === $('ng-mode').value);
  const box = $('ng-options');
  box.replaceChildren();
  if (!m) return;
  $('ng-players').placeholder = `${m.minPlayers} to ${m.maxPlayers} names, comma-separated`;
  for (const o of m.options || []) {
    const label = el('label', 'row', o.Key + ' ');
    label.title = o.Help || '';
    let input;
    if (o.Values && o.Values.length) {
      input = el('select');
      for (const v of o.Values) input.append(new Option(v, v));
    } else {
      input = el('input');
    }
    input.value = o.Default;
    input.dataset.key = o.Key;
    label.append(input);
    box.append(label);
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
    $('conn').textContent = 'live';
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
  es.onerror = () => {
    $('conn').textContent = 'offline';
    $('conn').className = 'pill off';
  };
}

document.querySelectorAll('[data-input]').forEach((b) => b.addEventListener('click', () => sendInput(b.dataset.input)));
$('ng-mode').addEventListener('change', renderModeOptions);
$('newgame-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const options = {};
  $('ng-options').querySelectorAll('[data-key]').forEach((i) => { options[i.dataset.key] = i.value; });
  const players = $('ng-players').value.split(',').map((p) => p.trim()).filter(Boolean);
  try {
    await post('/api/newgame', {mode: $('ng-mode').value, players, options});
    say('ng-msg', 'New game started.');
    $('newgame').open = false;
  } catch (err) {
    say('ng-msg', err.message, true);
  }
});
connect();
loadModes();
