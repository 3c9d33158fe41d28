#!/usr/bin/env node
// gen-flags.mjs writes the flags the printed geography cards show
// (printer/art/data/flags/XX.png and index.csv) for every country of the
// deck lists in scripts/geo/. The flags are the 4:3 SVGs of the npm package
// flag-icons (MIT licence), rasterised by rsvg-convert (Debian librsvg2-bin)
// and reduced to a small palette by pngquant, so a card prints them sharp
// at its size without any SVG renderer in tableref. scripts/gen-flags.sh
// installs the pinned package outside the repository and runs this.
//
//   node scripts/gen-flags.mjs --flags DIR    (DIR: the installed flag-icons)
//
// index.csv maps every country name the decks print (English, Spanish,
// Italian, from scripts/geo/countries.csv) to its ISO code.

import { readFileSync, writeFileSync, mkdirSync, existsSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const geoDir = path.join(root, 'scripts', 'geo');
const outDir = path.join(root, 'printer', 'art', 'data', 'flags');
// 4:3 at 240×180 px: 200 dpi on a card's 30 mm flag.
const width = 240, height = 180;

function fail(msg) {
  console.error(`gen-flags: ${msg}`);
  process.exit(1);
}

function csv(file) {
  return readFileSync(path.join(geoDir, file), 'utf8').split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split(','));
}

function main(argv) {
  let flags = '';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--flags') flags = argv[++i];
    else fail(`unknown argument ${argv[i]}`);
  }
  if (!flags) fail('want --flags DIR (the installed flag-icons package)');
  const used = new Set();
  for (const deck of ['sa.csv', 'wld.csv', 'eu.csv']) {
    const [head, ...rows] = csv(deck);
    const cc = head.indexOf('cc');
    for (const r of rows) used.add(r[cc].toLowerCase());
  }
  const [chead, ...countries] = csv('countries.csv');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const index = ['name,cc'];
  let bytes = 0;
  for (const code of [...used].sort()) {
    const svg = path.join(flags, 'flags', '4x3', `${code}.svg`);
    if (!existsSync(svg)) fail(`no flag for ${code} in ${svg}`);
    const png = path.join(outDir, `${code}.png`);
    execFileSync('rsvg-convert', ['-w', String(width), '-h', String(height), '-o', png, svg]);
    execFileSync('pngquant', ['--force', '--skip-if-larger', '--strip', '--speed', '1', '--output', png, '64', png]);
    bytes += readFileSync(png).length;
    const row = countries.find((r) => r[0].toLowerCase() === code);
    if (!row) fail(`country ${code} missing from countries.csv`);
    const names = new Set(row.slice(1).filter(Boolean));
    for (const n of names) index.push(`${n},${code}`);
  }
  writeFileSync(path.join(outDir, 'index.csv'), index.join('\n') + '\n');
  console.error(`${used.size} flags, ${bytes} bytes; header ${chead.join(',')}`);
}

main(process.argv.slice(2));
