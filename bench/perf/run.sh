#!/usr/bin/env bash
# Performance bench (issue 6): cold index vs the I/O floor and universal-ctags on the
# same files, re-index with a tags cache, warm rank latency and memory, on dev-set
# repositories read from their git mirrors.
#
#   bench/perf/run.sh REPOS_DIR [--quick] [--profile]   (or REPOMAP_REPOS=REPOS_DIR bench/perf/run.sh)
#
# REPOS_DIR holds the git repositories as owner+name, owner+name/repo or owner/name.
# Environment: REPOMAP_DEV (dev set folder, default ../shared/bench/dev from the repo
# root), REPOMAP_OUT (default bench/perf). Writes results.json and TABLE.md (committed).
# The default run takes about 10 minutes on 2 idle cores; --quick a few minutes.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
REPOS="${REPOMAP_REPOS:-}"
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  REPOS="$1"
  shift
fi
if [ -z "$REPOS" ]; then
  echo "usage: bench/perf/run.sh REPOS_DIR [--quick] [--profile]   (or set REPOMAP_REPOS)" >&2
  exit 2
fi
REPOS="$(cd "$REPOS" && pwd)"
DEV="$(cd "${REPOMAP_DEV:-$ROOT/../shared/bench/dev}" && pwd)"
OUT="${REPOMAP_OUT:-$ROOT/bench/perf}"
mkdir -p "$OUT"
cd "$ROOT"

npm run build --silent
REPOMAP_PERF_COMMAND="bench/perf/run.sh $REPOS${*:+ $*}" node bench/perf/perf.mjs "$REPOS" --dev "$DEV" --out "$OUT" "$@"
echo "wrote $OUT/results.json and $OUT/TABLE.md" >&2
