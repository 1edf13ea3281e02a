#!/usr/bin/env bash
# Ablation bench: repomap on the whole dev set under every configuration of
# bench/ablation/*.json (the defaults, cue matching only, each signal OFF in
# turn, each signal ALONE; written by bench/ablation-configs.mjs after the
# build), each scored on the whole set and on the two halves of
# bench/split.json, then TABLE.md. All configurations run in one pass
# (bench/ablation.mjs: one index per snapshot and graph configuration, every
# rank configuration ranks on it).
#
#   bench/ablation.sh REPOS_DIR [NAME ...]     (or REPOMAP_REPOS=REPOS_DIR bench/ablation.sh)
#
# NAMEs (configuration file names without .json) choose the configurations;
# default: all. A configuration naming a key the build does not have stops the
# bench before anything runs, naming the file and the key.
# Environment: REPOMAP_DEV (dev set folder, default ../shared/bench/dev from the
# repo root), REPOMAP_JOBS (processes, default 2), REPOMAP_OUT (default
# bench/results/ablation), REPOMAP_RESUME=1 (skip configurations whose summary exists).
# Writes NAME.summary.json, NAME.held-in.summary.json, NAME.held-out.summary.json
# and TABLE.md (committed) and ablation.time (ignored).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
bench_repos "bench/ablation.sh REPOS_DIR [NAME ...]   (or set REPOMAP_REPOS)" "${1:-}"
INVOCATION="bench/ablation.sh $*"
[ $# -gt 0 ] && shift
bench_set DEV dev
bench_out ablation
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

if [ "${REPOMAP_RESUME:-}" = 1 ]; then
  TODO=()
  for name in "${NAMES[@]}"; do
    if [ -f "$OUT/$name.summary.json" ]; then echo "== $name: done already (REPOMAP_RESUME=1)" >&2; else TODO+=("$name"); fi
  done
  NAMES=("${TODO[@]}")
fi
if [ ${#NAMES[@]} -gt 0 ]; then
  echo "== ${#NAMES[@]} configurations: node bench/ablation.mjs $REPOS $DEV bench/ablation $OUT ${NAMES[*]}" >&2
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -v -o "$OUT/ablation.time" node bench/ablation.mjs "$REPOS" "$DEV" bench/ablation "$OUT" "${NAMES[@]}"
  else
    node bench/ablation.mjs "$REPOS" "$DEV" bench/ablation "$OUT" "${NAMES[@]}"
  fi
fi

node bench/ablation-table.mjs "$OUT" "$INVOCATION" >"$OUT/TABLE.md"
echo "wrote $OUT/TABLE.md" >&2
