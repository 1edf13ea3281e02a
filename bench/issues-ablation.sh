#!/usr/bin/env bash
# Issue ablation bench: repomap on the issue rows under every configuration of
# bench/issues-ablation/*.json (the defaults, each issue2code signal off, each main
# signal alone), all in one pass (bench/ablation.mjs: one index per snapshot, every
# configuration ranks on it), then TABLE.md per half and language.
#
#   bench/issues-ablation.sh REPOS_DIR [NAME ...]
#
# Environment: REPOMAP_ISSUES (the issue set folder, default ../shared/bench/issues),
# REPOMAP_JOBS (processes, default 2), REPOMAP_OUT (default bench/results/issues-ablation),
# REPOMAP_CACHE (a tags cache folder kept across runs).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
bench_repos "bench/issues-ablation.sh REPOS_DIR [NAME ...]   (or set REPOMAP_REPOS)" "${1:-}"
INVOCATION="bench/issues-ablation.sh $*"
[ $# -gt 0 ] && shift
bench_set ISSUES issues
bench_out issues-ablation
cd "$ROOT"
npm run build --silent
node bench/ablation.mjs "$REPOS" "$ISSUES/issue2code.jsonl" bench/issues-ablation "$OUT" "$@"
node bench/issues-ablation-table.mjs "$OUT" "$ISSUES/issue2code.jsonl" "$INVOCATION" >"$OUT/TABLE.md"
echo "wrote $OUT/TABLE.md" >&2
