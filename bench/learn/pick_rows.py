"""Picks the training rows to dump: those whose repository is in REPOS_DIR, at most CAP a
repository (evenly spaced in id order), so that many repositories weigh more than a few
large ones and a dump's cost stays bounded.

    python3 bench/learn/pick_rows.py TRAIN.jsonl REPOS_DIR --cap 3 [--skip DUMP_DIR] > rows.jsonl
"""
import argparse
import glob
import json
import os
import sys
from collections import defaultdict


def has_repository(repos, repo):
    owner, name = repo.split("/")
    return any(os.path.isdir(p) for p in (os.path.join(repos, f"{owner}+{name}"), os.path.join(repos, owner, name)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("samples")
    ap.add_argument("repos")
    ap.add_argument("--cap", type=int, default=3)
    ap.add_argument("--skip", help="a dump folder whose samples are left out (already dumped)")
    args = ap.parse_args()
    done = set()
    if args.skip:
        for path in glob.glob(os.path.join(args.skip, "*.jsonl")):
            with open(path, encoding="utf-8") as f:
                done |= {json.loads(line)["sample_id"] for line in f if line.strip()}
    by_repo = defaultdict(list)
    with open(args.samples, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                row = json.loads(line)
                by_repo[row["repo"]].append(row)
    picked = 0
    for repo in sorted(by_repo):
        if not has_repository(args.repos, repo):
            continue
        rows = sorted(by_repo[repo], key=lambda r: r["id"])
        if len(rows) > args.cap:
            step = len(rows) / args.cap
            rows = [rows[int(k * step)] for k in range(args.cap)]
        for row in rows:
            if row["id"] not in done:
                sys.stdout.write(json.dumps(row) + "\n")
                picked += 1
    print(f"pick_rows: {picked} rows", file=sys.stderr)


if __name__ == "__main__":
    main()
