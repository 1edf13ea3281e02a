# Sourced by the bench scripts: the preamble they share. Sets ROOT (the repository root)
# and JOBS ($REPOMAP_JOBS, default 2), and gives the functions below; the caller cds to ROOT.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JOBS="${REPOMAP_JOBS:-2}"

# bench_repos USAGE [REPOS_DIR]: sets REPOS, the folder of git repositories (the argument,
# else $REPOMAP_REPOS) made absolute; prints "usage: USAGE" and exits 2 when neither is
# given, and says so and exits 2 when it is not a folder.
bench_repos() {
  REPOS="${2:-${REPOMAP_REPOS:-}}"
  if [ -z "$REPOS" ]; then
    echo "usage: $1" >&2
    exit 2
  fi
  if [ ! -d "$REPOS" ]; then
    echo "$0: no folder of repositories at $REPOS (the REPOS_DIR argument, or REPOMAP_REPOS)" >&2
    exit 2
  fi
  REPOS="$(cd "$REPOS" && pwd)"
}

# bench_set VAR NAME: sets VAR to the absolute path of the shared sample set NAME (dev,
# issues), which is not part of the repository: $REPOMAP_<NAME> when set, else
# ../shared/bench/NAME beside the repository. When it is not there, says what is missing,
# where it was looked for and how to point at it, and exits 2.
bench_set() {
  local env
  env="REPOMAP_$(printf '%s' "$2" | tr '[:lower:]' '[:upper:]')"
  local dir="${!env:-}" from="from $env"
  if [ -z "$dir" ]; then
    dir="$(cd "$ROOT/.." && pwd)/shared/bench/$2"
    from="the default: ../shared/bench/$2 beside the repository"
  fi
  if [ ! -d "$dir" ]; then
    {
      echo "$0: no $2 set at $dir ($from)."
      echo "The shared sample sets are not part of the repository: set $env to the $2 set's folder:"
      echo "  $env=/path/to/$2 $0 ..."
    } >&2
    exit 2
  fi
  printf -v "$1" '%s' "$(cd "$dir" && pwd)"
}

# bench_out NAME: sets OUT, the results folder ($REPOMAP_OUT, else bench/results/NAME),
# created and made absolute.
bench_out() {
  OUT="${REPOMAP_OUT:-$ROOT/bench/results/$1}"
  mkdir -p "$OUT"
  OUT="$(cd "$OUT" && pwd)"
}
