#!/usr/bin/env bash
# Feature dumps for the learned ranker: `repomap eval --features` over a sample set,
# one JSONL file per repository in OUT (bench/learn/README.md).
#
#   bench/learn/dump.sh SAMPLES.jsonl REPOS_DIR OUT_DIR [CACHE_DIR]
#
# REPOS_DIR holds the git repositories as owner+name, owner+name/repo or owner/name.
# A sample whose repository or base commit is missing is reported and left out.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: bench/learn/dump.sh SAMPLES.jsonl REPOS_DIR OUT_DIR [CACHE_DIR]" >&2
  exit 2
fi
SAMPLES="$1" REPOS="$2" OUT="$3" CACHE="${4:-}"
for f in "$SAMPLES" "$REPOS"; do
  [ -e "$f" ] || { echo "bench/learn/dump.sh: $f does not exist" >&2; exit 2; }
done
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
npm run build --silent
mkdir -p "$OUT"
CACHE_ARGS=()
[ -n "$CACHE" ] && CACHE_ARGS=(--cache "$CACHE")
node bin/repomap.js eval --samples "$SAMPLES" --repos "$REPOS" --method repomap --jobs "${REPOMAP_JOBS:-2}" \
  "${CACHE_ARGS[@]}" --no-timing --features "$OUT" --out "$OUT.details.jsonl" --summary "$OUT.summary.json"
