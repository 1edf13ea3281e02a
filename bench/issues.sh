#!/usr/bin/env bash
# Issue-localization bench: repomap (learned and tuned rankers), BM25, BM25F (repomap's
# lexical channel alone) and RRF(repomap + BM25) on the issue rows (../shared/bench/issues:
# a bug report's title and body → the files its fix edited), then TABLE.md: per language and per half of
# bench/split.json, Acc@1/3/5/10, MRR, R@20, BCY@8k and function-level Acc@5/10.
#
#   bench/issues.sh REPOS_DIR            (or REPOMAP_REPOS=REPOS_DIR bench/issues.sh)
#
# REPOS_DIR holds the git repositories as owner+name, owner+name/repo or owner/name.
# Environment: REPOMAP_ISSUES (the issue set folder, default ../shared/bench/issues from
# the repo root), REPOMAP_JOBS (worker processes, default 2), REPOMAP_OUT (default
# bench/results/issues), REPOMAP_CACHE (a tags cache folder kept across runs; default none,
# so index timings stay cold), REPOMAP_FEATURES (a folder: the repomap run also dumps the
# learned ranker's feature vectors there, bench/learn/README.md). Writes <run>.summary.json
# and TABLE.md (committed) and
# <run>.details.jsonl, <run>.scores.jsonl, <run>.log (ignored: large or machine-local).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
bench_repos "bench/issues.sh REPOS_DIR   (or set REPOMAP_REPOS)" "${1:-}"
bench_set ISSUES issues
bench_out issues
cd "$ROOT"

npm run build --silent
SAMPLES=(--samples "$ISSUES/issue2code.jsonl")
CACHE=()
[ -n "${REPOMAP_CACHE:-}" ] && CACHE=(--cache "$REPOMAP_CACHE")

run() {
  local name="$1"
  shift
  echo "== $name: repomap $*" >&2
  node bin/repomap.js "$@" >"$OUT/$name.log"
}

# repomap with each task's default ranker (learned for issue2code), repomap with the tuned
# score alone, then the lexical baselines.
for name in repomap repomap-tuned bm25 bm25f; do
  method="${name%-tuned}"
  extra=()
  [ "$name" = repomap-tuned ] && extra=(--ranker tuned)
  [ "$name" = repomap ] && [ -n "${REPOMAP_FEATURES:-}" ] && extra=(--features "$REPOMAP_FEATURES")
  cache=("${CACHE[@]}")
  [ "$method" = bm25 ] && cache=()
  run "$name" eval "${SAMPLES[@]}" --repos "$REPOS" --method "$method" --jobs "$JOBS" "${cache[@]}" "${extra[@]}" \
    --out "$OUT/$name.details.jsonl" --summary "$OUT/$name.summary.json" --sample-scores "$OUT/$name.scores.jsonl"
done
run rrf-fuse fuse "$OUT/repomap.details.jsonl" "$OUT/bm25.details.jsonl" --out "$OUT/rrf.details.jsonl"
run rrf score "${SAMPLES[@]}" --details "$OUT/rrf.details.jsonl" --repos "$REPOS" --name 'rrf(repomap+bm25)' \
  --summary "$OUT/rrf.summary.json" --sample-scores "$OUT/rrf.scores.jsonl"

node bench/issues-table.mjs "$OUT" "$ISSUES/issue2code.jsonl" "bench/issues.sh $*" >"$OUT/TABLE.md"
echo "wrote $OUT/TABLE.md" >&2
