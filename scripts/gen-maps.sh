#!/bin/sh
# gen-maps.sh regenerates printer/art/data/*.map (the map outlines of the
# printed geography cards) from Natural Earth (public domain) through the
# pinned npm packages world-atlas and topojson-client, installed into a
# folder outside the repository so node_modules is never committed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=${TABLEREF_MAPS_DIR:-${TMPDIR:-/tmp}/tableref-maps}
if [ ! -f "$dir/node_modules/world-atlas/package.json" ] || [ ! -f "$dir/node_modules/topojson-client/package.json" ]; then
	mkdir -p "$dir"
	npm install --prefix "$dir" --no-save --no-audit --no-fund world-atlas@2.0.2 topojson-client@3.1.0 >&2
fi
exec node "$here/gen-maps.mjs" --atlas "$dir/node_modules/world-atlas" --topojson "$dir/node_modules/topojson-client" "$@"
