#!/usr/bin/env bash
# Dev-set bench: repomap, BM25 and RRF(repomap + BM25) on the whole dev set,
# the two reference baselines on their rows (and ours on those same rows), and
# the selective (abstention) report on dev positives + the counterfactual set.
#
#   bench/dev.sh REPOS_DIR            (or REPOMAP_REPOS=REPOS_DIR bench/dev.sh)
#
# REPOS_DIR holds the git repositories as owner+name, owner+name/repo or owner/name.
# Environment: REPOMAP_DEV (dev set folder, default ../shared/bench/dev from the
# repo root), REPOMAP_JOBS (worker processes, default 2), REPOMAP_OUT (default
# bench/results/dev), REPOMAP_CF (counterfactual set written and used, default
# bench/abstention/counterfactual.jsonl), REPOMAP_FEATURES (see step 1). Writes
# <run>.summary.json and TABLE.md (committed) and
# <run>.details.jsonl, <run>.log, <run>.time (ignored: large or machine-local).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
bench_repos "bench/dev.sh REPOS_DIR   (or set REPOMAP_REPOS)" "${1:-}"
bench_set DEV dev
bench_out dev
cd "$ROOT"

npm run build --silent
CF="${REPOMAP_CF:-bench/abstention/counterfactual.jsonl}"
node bench/make-abstention.mjs "$DEV" "$CF"

DEV_SAMPLES=(--samples "$DEV/code2test.jsonl" --samples "$DEV/edit2ripple.jsonl" --samples "$DEV/trace2code.jsonl")
CF_SAMPLES=(--samples "$CF")
BASELINES=("$DEV/baselines/arb-repomap.details.jsonl" "$DEV/baselines/arb-bm25.details.jsonl")

# run NAME ARGS...: one repomap command, its report in NAME.log, its wall time and peak memory in NAME.time.
run() {
  local name="$1"
  shift
  echo "== $name: repomap $*" >&2
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -v -o "$OUT/$name.time" node bin/repomap.js "$@" >"$OUT/$name.log"
  else
    node bin/repomap.js "$@" >"$OUT/$name.log"
  fi
}

# 1. The two retrievers on dev + counterfactual samples. No-gold rows never enter the
#    metric means (those are over the dev positives); they feed the selective report.
#    REPOMAP_FEATURES: the repomap run also dumps the learned ranker's feature vectors there.
for method in repomap bm25; do
  extra=()
  [ "$method" = repomap ] && [ -n "${REPOMAP_FEATURES:-}" ] && extra=(--features "$REPOMAP_FEATURES")
  run "$method" eval "${DEV_SAMPLES[@]}" "${CF_SAMPLES[@]}" --repos "$REPOS" --method "$method" --jobs "$JOBS" \
    "${extra[@]}" --selective --out "$OUT/$method.details.jsonl" --summary "$OUT/$method.summary.json"
done

# 2. RRF(repomap + BM25), scored by the same code.
run rrf-fuse fuse "$OUT/repomap.details.jsonl" "$OUT/bm25.details.jsonl" --out "$OUT/rrf.details.jsonl"
run rrf score "${DEV_SAMPLES[@]}" "${CF_SAMPLES[@]}" --details "$OUT/rrf.details.jsonl" --repos "$REPOS" \
  --name 'rrf(repomap+bm25)' --summary "$OUT/rrf.summary.json"

# 2b. Weighted RRF, repomap 7 : BM25 1: the smallest repomap weight (of 1..8) whose fusion beat
#     repomap alone on both Recall@20 and MRR on the held-in half (bench/README.md).
run rrf-w7-fuse fuse "$OUT/repomap.details.jsonl" "$OUT/bm25.details.jsonl" --weights 7,1 --out "$OUT/rrf-w7.details.jsonl"
run rrf-w7 score "${DEV_SAMPLES[@]}" "${CF_SAMPLES[@]}" --details "$OUT/rrf-w7.details.jsonl" --repos "$REPOS" \
  --name 'rrf 7:1(repomap+bm25)' --summary "$OUT/rrf-w7.summary.json"

# 3. The reference baselines on their rows, and ours restricted to the same rows.
for file in "${BASELINES[@]}"; do
  name="$(basename "$file" .details.jsonl)"
  run "$name" score "${DEV_SAMPLES[@]}" --details "$file" --only-rows --repos "$REPOS" --name "$name" \
    --summary "$OUT/$name.summary.json"
done
for method in repomap bm25 rrf; do
  run "$method.baseline-rows" score "${DEV_SAMPLES[@]}" --details "$OUT/$method.details.jsonl" \
    --restrict-to "${BASELINES[0]}" --restrict-to "${BASELINES[1]}" --repos "$REPOS" --name "$method" \
    --summary "$OUT/$method.baseline-rows.summary.json"
done

# 4. Each half of bench/split.json (held-in: defaults were chosen there; held-out: never looked at
#    while choosing): every method on all its rows, and the reference rows of that half.
for half in held-in held-out; do
  for method in repomap bm25 rrf rrf-w7; do
    run "$method.$half" score "${DEV_SAMPLES[@]}" --details "$OUT/$method.details.jsonl" --repo-list "bench/split.json#$half" \
      --repos "$REPOS" --name "$method" --summary "$OUT/$method.$half.summary.json"
  done
  for file in "${BASELINES[@]}"; do
    name="$(basename "$file" .details.jsonl)"
    run "$name.$half" score "${DEV_SAMPLES[@]}" --details "$file" --only-rows --repo-list "bench/split.json#$half" --repos "$REPOS" \
      --name "$name" --summary "$OUT/$name.$half.summary.json"
  done
  for method in repomap bm25 rrf; do
    run "$method.baseline-rows.$half" score "${DEV_SAMPLES[@]}" --details "$OUT/$method.details.jsonl" \
      --restrict-to "${BASELINES[0]}" --restrict-to "${BASELINES[1]}" --repo-list "bench/split.json#$half" --repos "$REPOS" \
      --name "$method" --summary "$OUT/$method.baseline-rows.$half.summary.json"
  done
done

node bench/table.mjs "$OUT" "bench/dev.sh $*" >"$OUT/TABLE.md"
echo "wrote $OUT/TABLE.md" >&2
