#!/usr/bin/env node
// gen-maps.mjs writes the map outlines the printed geography cards draw
// (printer/art/data/*.map) from Natural Earth's public-domain data, as
// packaged by the npm package world-atlas (TopoJSON; ISC licence), decoded
// with topojson-client (ISC). scripts/gen-maps.sh installs both, pinned,
// outside the repository and runs this.
//
//   node scripts/gen-maps.mjs --atlas DIR --topojson DIR
//
// Each map is a window of the world (a longitude/latitude box around what
// its deck needs) with two layers: land (filled polygons, lakes as holes)
// and the borders between countries (lines). Points are simplified with
// Douglas–Peucker to a tolerance well under what a card's map can show,
// quantised to 1/100 degree and stored as zigzag varint deltas, so the
// three maps together weigh tens of kilobytes, not the megabytes of the
// source.
//
// File format (all integers unsigned LEB128 varints unless said):
//   "TRMAP1"  magic
//   n layers, then per layer: name length, name bytes, kind byte (0 land
//   polygons, 1 border lines), n rings, then per ring: n points, then per
//   point dLon, dLat (zigzag signed, 1/100 degree, from the previous point
//   of the ring; the first from 0, 0).

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'printer', 'art', 'data');

// The windows (west, south, east, north) with a margin round what the
// cards draw, the Natural Earth scale and the simplification tolerance
// (degrees). Borders are left out of the world map: at 50 mm wide they
// would be a grey smudge.
const maps = [
  { name: 'sa', box: [-95, -60, -25, 17], scale: '50m', tol: 0.06, borders: true },
  { name: 'world', box: [-180, -60, 180, 85], scale: '110m', tol: 0.25, borders: false },
  { name: 'europe', box: [-35, 25, 65, 75], scale: '50m', tol: 0.05, borders: true },
];

function fail(msg) {
  console.error(`gen-maps: ${msg}`);
  process.exit(1);
}

function main(argv) {
  let atlas = '', topo = '';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--atlas') atlas = argv[++i];
    else if (argv[i] === '--topojson') topo = argv[++i];
    else fail(`unknown argument ${argv[i]}`);
  }
  if (!atlas || !topo) fail('want --atlas DIR (world-atlas) and --topojson DIR (topojson-client)');
  const require = createRequire(import.meta.url);
  const topojson = require(topo);
  mkdirSync(outDir, { recursive: true });
  for (const m of maps) {
    const land = JSON.parse(readFileSync(path.join(atlas, `land-${m.scale}.json`), 'utf8'));
    const countries = JSON.parse(readFileSync(path.join(atlas, `countries-${m.scale}.json`), 'utf8'));
    const layers = [];
    const landGeo = topojson.feature(land, land.objects.land);
    const polys = [];
    for (const f of landGeo.features ?? [landGeo]) {
      const g = f.geometry ?? f;
      const list = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
      for (const poly of list) {
        for (const ring of poly) {
          // An unwrapped ring may lie a turn east or west of the window
          // (Eurasia starts in Chukotka): clip each of the three copies.
          const flat = simplify(unwrap(ring), m.tol);
          for (const turn of [-360, 0, 360]) {
            const clipped = clipRing(flat.map(([lon, lat]) => [lon + turn, lat]), m.box);
            if (clipped.length >= 3 && area(clipped) !== 0) polys.push(clipped);
          }
        }
      }
    }
    layers.push({ name: 'land', kind: 0, rings: polys });
    if (m.borders) {
      const mesh = topojson.mesh(countries, countries.objects.countries, (a, b) => a !== b);
      const lines = [];
      for (const line of mesh.coordinates) {
        for (const part of clipLine(simplify(line, m.tol), m.box)) {
          if (part.length >= 2) lines.push(part);
        }
      }
      layers.push({ name: 'borders', kind: 1, rings: lines });
    }
    const bytes = encode(layers);
    writeFileSync(path.join(outDir, `${m.name}.map`), bytes);
    const pts = layers.reduce((n, l) => n + l.rings.reduce((k, r) => k + r.length, 0), 0);
    console.error(`${m.name}.map: ${layers.map((l) => `${l.rings.length} ${l.name}`).join(', ')}, ${pts} points, ${bytes.length} bytes`);
  }
}

// unwrap removes the antimeridian jumps of a ring by carrying longitudes
// past ±180 (Natural Earth cuts Russia and Fiji there), so no polygon
// edge sweeps across the whole map; clipping to the window then cuts it.
function unwrap(ring) {
  const out = [];
  let shift = 0;
  for (let i = 0; i < ring.length; i++) {
    let [lon, lat] = ring[i];
    if (i > 0) {
      const prev = ring[i - 1][0];
      if (lon - prev > 180) shift -= 360;
      else if (prev - lon > 180) shift += 360;
    }
    out.push([lon + shift, lat]);
  }
  return out;
}

// simplify is Douglas–Peucker with tolerance tol degrees.
function simplify(pts, tol) {
  if (pts.length <= 3) return pts;
  const keep = new Uint8Array(pts.length);
  keep[0] = keep[pts.length - 1] = 1;
  const stack = [[0, pts.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop();
    let best = -1, dmax = 0;
    for (let i = a + 1; i < b; i++) {
      const d = segDist(pts[i], pts[a], pts[b]);
      if (d > dmax) { dmax = d; best = i; }
    }
    if (best >= 0 && dmax > tol) {
      keep[best] = 1;
      stack.push([a, best], [best, b]);
    }
  }
  return pts.filter((_, i) => keep[i]);
}

function segDist(p, a, b) {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  let t = l2 ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2 : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

// clipRing is Sutherland–Hodgman against the box: a polygon stays a
// polygon (parts outside collapse onto the box's edge, which the cards clip
// again after projecting).
function clipRing(ring, [w, s, e, n]) {
  const edges = [
    (p) => p[0] >= w, (p) => p[0] <= e, (p) => p[1] >= s, (p) => p[1] <= n,
  ];
  const cut = [
    (a, b) => at(a, b, (w - a[0]) / (b[0] - a[0])), (a, b) => at(a, b, (e - a[0]) / (b[0] - a[0])),
    (a, b) => at(a, b, (s - a[1]) / (b[1] - a[1])), (a, b) => at(a, b, (n - a[1]) / (b[1] - a[1])),
  ];
  let out = ring;
  for (let k = 0; k < 4 && out.length; k++) {
    const inp = out;
    out = [];
    for (let i = 0; i < inp.length; i++) {
      const cur = inp[i], prev = inp[(i + inp.length - 1) % inp.length];
      const ci = edges[k](cur), pi = edges[k](prev);
      if (ci) {
        if (!pi) out.push(cut[k](prev, cur));
        out.push(cur);
      } else if (pi) out.push(cut[k](prev, cur));
    }
  }
  return out;
}

function area(ring) {
  let a = 0;
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i], q = ring[(i + 1) % ring.length];
    a += p[0] * q[1] - q[0] * p[1];
  }
  return Math.abs(a) < 1e-9 ? 0 : a / 2;
}

function at(a, b, t) {
  return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
}

// clipLine keeps the parts of a polyline inside the box (whole segments
// whose both ends are inside; a border leaving the window is simply cut).
function clipLine(line, [w, s, e, n]) {
  const inside = (p) => p[0] >= w && p[0] <= e && p[1] >= s && p[1] <= n;
  const parts = [];
  let cur = [];
  for (const p of line) {
    if (inside(p)) cur.push(p);
    else {
      if (cur.length >= 2) parts.push(cur);
      cur = [];
    }
  }
  if (cur.length >= 2) parts.push(cur);
  return parts;
}

function encode(layers) {
  const out = [];
  const uv = (v) => {
    do {
      let b = v & 0x7f;
      v = Math.floor(v / 128);
      if (v) b |= 0x80;
      out.push(b);
    } while (v);
  };
  const zz = (v) => uv(v >= 0 ? 2 * v : -2 * v - 1);
  for (const c of 'TRMAP1') out.push(c.charCodeAt(0));
  uv(layers.length);
  for (const l of layers) {
    uv(l.name.length);
    for (const c of l.name) out.push(c.charCodeAt(0));
    out.push(l.kind);
    uv(l.rings.length);
    for (const r of l.rings) {
      // Quantise, then drop points that became repeats.
      const q = [];
      for (const [lon, lat] of r) {
        const p = [Math.round(lon * 100), Math.round(lat * 100)];
        const last = q[q.length - 1];
        if (!last || last[0] !== p[0] || last[1] !== p[1]) q.push(p);
      }
      uv(q.length);
      let px = 0, py = 0;
      for (const [x, y] of q) {
        zz(x - px); zz(y - py);
        px = x; py = y;
      }
    }
  }
  return Uint8Array.from(out);
}

main(process.argv.slice(2));
