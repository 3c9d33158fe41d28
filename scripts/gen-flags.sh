#!/bin/sh
# gen-flags.sh regenerates printer/art/data/flags/ from the pinned npm
# package flag-icons (MIT), installed outside the repository. It needs
# rsvg-convert (librsvg2-bin) and pngquant from Debian: development tools
# only, never needed to build or test tableref.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=${TABLEREF_MAPS_DIR:-${TMPDIR:-/tmp}/tableref-maps}
for tool in rsvg-convert pngquant; do
	command -v "$tool" >/dev/null || { echo "gen-flags: $tool missing: apt-get install librsvg2-bin pngquant" >&2; exit 1; }
done
if [ ! -f "$dir/node_modules/flag-icons/package.json" ]; then
	mkdir -p "$dir"
	npm install --prefix "$dir" --no-save --no-audit --no-fund flag-icons@7.5.0 >&2
fi
exec node "$here/gen-flags.mjs" --flags "$dir/node_modules/flag-icons" "$@"
