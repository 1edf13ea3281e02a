#!/usr/bin/env bash
# Ablation bench: repomap on the whole dev set once per configuration of
# bench/ablation/*.json (the defaults, cue matching only, each signal OFF in
# turn, each signal ALONE; written by bench/ablation-configs.mjs after the
# build), each run scored on the whole set and on the two halves of
# bench/split.json, then TABLE.md.
#
#   bench/ablation.sh REPOS_DIR [NAME ...]     (or REPOMAP_REPOS=REPOS_DIR bench/ablation.sh)
#
# NAMEs (configuration file names without .json) choose and order the runs;
# default: defaults, the off-* rows, none, the alone-* rows. A run that fails
# (e.g. a configuration naming a switch this build does not have) leaves
# NAME.failed with its error and the bench goes on; the table lists it.
# Environment: REPOMAP_DEV (dev set folder, default ../shared/bench/dev from the
# repo root), REPOMAP_JOBS (worker processes, default 2), REPOMAP_OUT (default
# bench/results/ablation), REPOMAP_RESUME=1 (skip runs whose summary exists).
# Writes NAME.summary.json, NAME.held-in.summary.json, NAME.held-out.summary.json
# and TABLE.md (committed) and NAME.details.jsonl, .log, .time (ignored).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPOS="${1:-${REPOMAP_REPOS:-}}"
if [ -z "$REPOS" ]; then
  echo "usage: bench/ablation.sh REPOS_DIR [NAME ...]   (or set REPOMAP_REPOS)" >&2
  exit 2
fi
INVOCATION="bench/ablation.sh $*"
[ $# -gt 0 ] && shift
REPOS="$(cd "$REPOS" && pwd)"
DEV="$(cd "${REPOMAP_DEV:-$ROOT/../shared/bench/dev}" && pwd)"
JOBS="${REPOMAP_JOBS:-2}"
OUT="${REPOMAP_OUT:-$ROOT/bench/results/ablation}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
cd "$ROOT"

npm run build --silent
# The configurations of the switches this build has (see bench/ablation-configs.mjs).
node bench/ablation-configs.mjs bench/ablation

if [ $# -gt 0 ]; then
  NAMES=("$@")
else
  NAMES=(defaults)
  for f in bench/ablation/off-*.json; do NAMES+=("$(basename "$f" .json)"); done
  NAMES+=(none)
  for f in bench/ablation/alone-*.json; do NAMES+=("$(basename "$f" .json)"); done
fi
for name in "${NAMES[@]}"; do
  [ -f "bench/ablation/$name.json" ] || { echo "no configuration bench/ablation/$name.json" >&2; exit 2; }
done

DEV_SAMPLES=(--samples "$DEV/code2test.jsonl" --samples "$DEV/edit2ripple.jsonl" --samples "$DEV/trace2code.jsonl")

for name in "${NAMES[@]}"; do
  if [ "${REPOMAP_RESUME:-}" = 1 ] && [ -f "$OUT/$name.summary.json" ]; then
    echo "== $name: done already (REPOMAP_RESUME=1)" >&2
    continue
  fi
  rm -f "$OUT/$name.failed"
  args=(eval "${DEV_SAMPLES[@]}" --repos "$REPOS" --config "bench/ablation/$name.json" --name "$name" --jobs "$JOBS" --no-timing
    --out "$OUT/$name.details.jsonl" --summary "$OUT/$name.summary.json")
  echo "== $name: repomap ${args[*]}" >&2
  status=0
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -v -o "$OUT/$name.time" node bin/repomap.js "${args[@]}" >"$OUT/$name.log" 2>"$OUT/$name.err" || status=$?
  else
    node bin/repomap.js "${args[@]}" >"$OUT/$name.log" 2>"$OUT/$name.err" || status=$?
  fi
  if [ "$status" -ne 0 ]; then
    echo "   failed (exit $status): $(tail -n 1 "$OUT/$name.err")" >&2
    tail -n 5 "$OUT/$name.err" >"$OUT/$name.failed"
    rm -f "$OUT/$name.summary.json" "$OUT/$name".held-*.summary.json
    continue
  fi
  # The two halves of the split, scored from the same rows (rank metrics; BCY needs --repos and is in the main run).
  for half in held-in held-out; do
    node bin/repomap.js score "${DEV_SAMPLES[@]}" --details "$OUT/$name.details.jsonl" --repo-list bench/split.json#$half \
      --name "$name" --summary "$OUT/$name.$half.summary.json" >/dev/null 2>>"$OUT/$name.err"
  done
done

node bench/ablation-table.mjs "$OUT" "$INVOCATION" >"$OUT/TABLE.md"
echo "wrote $OUT/TABLE.md" >&2
