#!/usr/bin/env bash
# Context packs against gold spans: derives the gold spans of the dev set
# (the lines each row's change edited, at its base commit), runs repomap eval
# with the span pack and the whole-file pack at each budget, scores the rows
# again with repomap score (which must agree), and writes TABLE.md.
#
#   bench/spans.sh REPOS_DIR [EVAL_ARGS...]     (or REPOMAP_REPOS=REPOS_DIR bench/spans.sh)
#
# EVAL_ARGS are passed to both eval and score, e.g. `--repo-list bench/split.json#held-in`.
# Environment: REPOMAP_DEV (dev set folder, default ../shared/bench/dev from the repo root),
# REPOMAP_JOBS (worker processes, default 2), REPOMAP_OUT (default bench/results/spans),
# REPOMAP_PACK_BUDGETS (default 4000,8000), REPOMAP_PACK_TOKENIZER (default regex: the
# contract's tokens, so pack BCY and BCY spend the same budget).
# Writes the derived samples and details rows (ignored), the summaries and TABLE.md (committed).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
bench_repos "bench/spans.sh REPOS_DIR [EVAL_ARGS...]   (or set REPOMAP_REPOS)" "${1:-}"
shift || true
bench_set DEV dev
BUDGETS="${REPOMAP_PACK_BUDGETS:-4000,8000}"
TOKENIZER="${REPOMAP_PACK_TOKENIZER:-regex}"
bench_out spans
cd "$ROOT"

npm run build --silent
node bench/gold-spans.mjs "$DEV" "$REPOS" "$OUT"

SAMPLES=(--samples "$OUT/code2test.jsonl" --samples "$OUT/edit2ripple.jsonl" --samples "$OUT/trace2code.jsonl")
echo "== eval" >&2
node bin/repomap.js eval "${SAMPLES[@]}" --repos "$REPOS" --jobs "$JOBS" --no-timing \
  --pack-budgets "$BUDGETS" --pack-tokenizer "$TOKENIZER" "$@" \
  --out "$OUT/repomap.details.jsonl" --summary "$OUT/repomap.summary.json" >"$OUT/repomap.log"
echo "== score" >&2
node bin/repomap.js score "${SAMPLES[@]}" --details "$OUT/repomap.details.jsonl" "$@" \
  --summary "$OUT/score.summary.json" >"$OUT/score.log"
node bench/spans-table.mjs "$OUT" "bench/spans.sh REPOS_DIR${*:+ $*}" >"$OUT/TABLE.md"
echo "wrote $OUT/TABLE.md" >&2
