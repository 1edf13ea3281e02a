# Sourced by the bench scripts: the preamble they share. Sets ROOT (the repository root)
# and JOBS ($REPOMAP_JOBS, default 2), and gives the functions below; the caller cds to ROOT.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JOBS="${REPOMAP_JOBS:-2}"

# bench_repos USAGE [REPOS_DIR]: sets REPOS, the folder of git repositories (the argument,
# else $REPOMAP_REPOS) made absolute; prints "usage: USAGE" and exits 2 when neither is given.
bench_repos() {
  REPOS="${2:-${REPOMAP_REPOS:-}}"
  if [ -z "$REPOS" ]; then
    echo "usage: $1" >&2
    exit 2
  fi
  REPOS="$(cd "$REPOS" && pwd)"
}

# bench_set FOLDER NAME: prints the absolute path of a sample set, FOLDER when given (the
# script's REPOMAP_DEV or REPOMAP_ISSUES), else ../shared/bench/NAME beside the repository.
bench_set() {
  (cd "${1:-$ROOT/../shared/bench/$2}" && pwd)
}

# bench_out NAME: sets OUT, the results folder ($REPOMAP_OUT, else bench/results/NAME),
# created and made absolute.
bench_out() {
  OUT="${REPOMAP_OUT:-$ROOT/bench/results/$1}"
  mkdir -p "$OUT"
  OUT="$(cd "$OUT" && pwd)"
}
