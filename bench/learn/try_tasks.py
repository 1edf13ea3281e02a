"""Would a learned ranker win on the dev set's other tasks? Grouped CV per task.

    python3 bench/learn/try_tasks.py --dev DEV_DIR --dumps DEV_TASK_DUMPS [--report bench/learn/RESULTS-tasks.md]

DEV_DIR is the dev set (code2test, edit2ripple, trace2code JSONL); DEV_TASK_DUMPS the
`repomap eval --features DIR` folder of a run over it (bench/learn/README.md). For each
task: the tuned order, the shipped issue model applied as is, and LambdaMART and logistic
models trained per task under 5-fold CV grouped by repository (no repository in both a
training and a scored fold). Figures are over the pool the dumps hold (a gold file past it
counts as missed); the task keeps `tuned` unless a learned column wins in grouped CV.
"""
import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from data import read_dumps  # noqa: E402
from export import predict  # noqa: E402
from metrics import evaluate, mean_metrics  # noqa: E402
from sklearn.model_selection import GroupKFold  # noqa: E402
from train import FOLDS, scorer, tuned  # noqa: E402

TASKS = ("code2test", "edit2ripple", "trace2code")
# the contract's gold field of each task (../shared/eval-contract.md)
GOLD = {"code2test": "related_tests", "edit2ripple": "files", "trace2code": "root_cause_files"}
ISSUE_MODEL = os.path.join(os.path.dirname(__file__), "..", "..", "models", "issue2code-ranker.json")


def task_samples(path, task):
    """The task's samples with their gold under `gold.files`, as data.Query reads it."""
    samples = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                s = json.loads(line)
                s["gold"] = {"files": s["gold"].get(GOLD[task]) or []}
                samples[s["id"]] = s
    return samples


def recall_at(q, scores, k=20):
    order = sorted(range(len(q.y)), key=lambda i: (-scores[i], i))
    return sum(int(q.y[i]) for i in order[:k]) / max(1, q.gold_count)


def grouped_scores(queries, kind, columns):
    """Each query's scores from a `kind` model trained on the other folds (grouped by repository)."""
    out = [None] * len(queries)
    folds = GroupKFold(n_splits=FOLDS).split(np.arange(len(queries)), groups=[q.repo for q in queries])
    for train, test in folds:
        fn = scorer(kind, [queries[i] for i in train], columns)
        for i in test:
            out[i] = list(fn(queries[i]))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dev", required=True, help="the dev set folder")
    ap.add_argument("--dumps", required=True, help="feature dumps of an eval over it")
    ap.add_argument("--report", default=os.path.join(os.path.dirname(__file__), "RESULTS-tasks.md"))
    args = ap.parse_args()
    with open(ISSUE_MODEL, encoding="utf-8") as f:
        issue_model = json.load(f)
    lines = [
        "# A learned ranker for the dev set's other tasks: grouped CV",
        "",
        "Command: `python3 bench/learn/try_tasks.py --dev DEV_DIR --dumps DUMPS` (bench/learn/README.md).",
        "Figures over the dumped pool; 5 folds grouped by repository. R@20 is the share of a row's",
        "gold files in its first 20.",
        "",
        "| task | rows | repositories | ranker | Acc@1 | Acc@5 | MRR | R@20 |",
        "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |",
    ]
    for task in TASKS:
        samples = task_samples(os.path.join(args.dev, f"{task}.jsonl"), task)
        queries, names = read_dumps(args.dumps, samples)
        if not queries:
            print(f"try_tasks: no dumped rows of {task} in {args.dumps}", file=sys.stderr)
            continue
        if names != issue_model["features"]:
            raise SystemExit(f"{args.dumps}: feature names differ from {ISSUE_MODEL}'s")
        columns = list(range(len(names)))
        repos = len({q.repo for q in queries})
        entries = [
            ("tuned", [list(tuned(names)(q)) for q in queries]),
            ("issue model, as shipped", [list(predict(issue_model, q.x)) for q in queries]),
        ]
        for kind in ("learned", "logistic"):
            entries.append((f"{kind}, grouped CV", grouped_scores(queries, kind, columns)))
        for name, scores in entries:
            m = mean_metrics(evaluate(queries, lambda q, by={id(q): s for q, s in zip(queries, scores)}: by[id(q)]))
            r20 = f"{np.mean([recall_at(q, s) for q, s in zip(queries, scores)]):.3f}"
            lines.append(
                f"| {task} | {len(queries)} | {repos} | {name} | {m['Acc@1']:.3f} | {m['Acc@5']:.3f} | {m['MRR']:.3f} | {r20} |"
            )
    with open(args.report, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
