#!/usr/bin/env bash
# Installs dynalite (a DynamoDB implementation on LevelDB, from npm) into a
# git-ignored folder and prints the package directory on stdout.
#
#   export AMBER_DYNALITE_DIR="$(bash .ci/dynalite.sh)"
#
# The cas tests start `node $AMBER_DYNALITE_DIR/cli.js --port N` themselves.
# Progress goes to stderr so that stdout is only the path.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
prefix="${AMBER_NODE_PREFIX:-$root/.cache/node}"
version="${DYNALITE_VERSION:-4.0.0}"
mkdir -p "$prefix"
# Keep the whole cache folder out of git without touching the top .gitignore.
[ -f "$root/.cache/.gitignore" ] || printf '*\n' > "$root/.cache/.gitignore" 2>/dev/null || true
dir="$prefix/node_modules/dynalite"
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "dynalite.sh: node/npm not found; DynamoDB tests will be skipped" >&2
	exit 1
fi
if [ ! -f "$dir/cli.js" ] || ! grep -q "\"version\": \"$version\"" "$dir/package.json" 2>/dev/null; then
	echo "dynalite.sh: installing dynalite@$version into $prefix" >&2
	npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund \
		--loglevel=error "dynalite@$version" >&2
fi
[ -f "$dir/cli.js" ] || { echo "dynalite.sh: $dir/cli.js missing after install" >&2; exit 1; }
echo "$dir"
