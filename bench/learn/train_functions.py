"""Trains repomap's learned function ranker and writes the tables that judge it.

    python3 bench/learn/train_functions.py --train TRAIN_VECTORS.jsonl --dev DEV_VECTORS.jsonl \
        [--model models/issue2code-functions.json]

VECTORS are bench/learn/unit-vectors.mjs output: per issue row, every unit of the ranked
files the function stage reads, its feature vector (src/learn/unit-features.ts) and the
row's gold functions. Metrics are the eval's Fn-Acc@5/10 (all gold functions, capped at k,
in the first k; a gold function that is no candidate is missed, as in the eval). Every
split is grouped by repository. Writes bench/learn/RESULTS-functions.md and, with --model,
the model (trained on the training rows and the dev rows) plus
test/fixtures/learn/parity-functions.json (synthetic vectors and the booster's scores).
The generic pieces (LightGBM parameters, grouped CV, export, metrics) are train.py's.
"""
import argparse
import json
import os
import sys

# on shared cores, OpenMP threads that spin while waiting starve everything else
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
import lightgbm as lgb  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))
import train as base  # noqa: E402
from export import export_booster, predict  # noqa: E402
from metrics import evaluate, mean_metrics  # noqa: E402

base.PARAMS["n_jobs"] = 1

FAMILIES = {
    "query": ("query_",),
    "file": ("file_",),
    "tuned ranking": ("tuned_", "part_"),
    "raw parts": ("raw_", "bm25_"),
    "name cues and title": ("cue_", "name_in_", "name_words_", "owner_in_"),
    "unit shape": ("is_imports", "kind_", "unit_", "name_private", "name_dunder", "name_test", "name_log_length"),
}


class Query:
    """One issue row: its candidate units' vectors, labels (1 = a gold function) and gold count."""

    def __init__(self, line, names):
        self.id = line["id"]
        self.repo = line["repo"]
        self.language = "unknown"
        gold = set(line["gold"])
        self.gold_count = len(gold)
        self.paths = line["ids"]
        self.x = np.asarray(line["values"], dtype=np.float64).reshape(len(self.paths), len(names))
        self.y = np.asarray([1 if i in gold else 0 for i in self.paths], dtype=np.int32)


def read_vectors(path, names=None, language=None):
    queries = {}
    with open(path, encoding="utf-8") as f:
        for raw in f:
            if not raw.strip():
                continue
            line = json.loads(raw)
            if names is None:
                names = line["names"]
            if line["names"] != names:
                raise SystemExit(f"{path}: row {line['id']} has other feature names (version {line['version']})")
            if line["gold"] and line["ids"]:
                q = Query(line, names)
                if language:
                    q.language = language.get(q.id, "unknown")
                queries[q.id] = q
    return [queries[k] for k in sorted(queries)], names


def n_repos_of(queries):
    return len({q.repo for q in queries})


def tuned(names):
    k = names.index("tuned_log_global_rank")
    return lambda q: -q.x[:, k]


HEADER = "| ranker | Fn-Acc@5 | Fn-Acc@10 | MRR | rows |\n| --- | ---: | ---: | ---: | ---: |"


def fmt(m):
    return f"{m['Acc@5']:.3f} | {m['Acc@10']:.3f} | {m['MRR']:.3f} | {m['rows']}"


def table(title, entries):
    lines = [f"### {title}", "", HEADER] + [f"| {name} | {fmt(mean_metrics(rows))} |" for name, rows in entries]
    return "\n".join(lines) + "\n"


def pick(rows, queries, keep):
    return [r for r, q in zip(rows, queries) if keep(q)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--train", required=True, help="unit vectors of the mined training rows")
    ap.add_argument("--dev", required=True, help="unit vectors of the dev issue set's rows with function gold")
    ap.add_argument("--samples", action="append", default=[], help="samples JSONL, for each row's language (repeatable)")
    ap.add_argument("--split", default=os.path.join(os.path.dirname(__file__), "..", "split.json"))
    ap.add_argument("--model", help="write the model trained on the training and dev rows here")
    ap.add_argument("--parity", default=os.path.join(os.path.dirname(__file__), "..", "..", "test", "fixtures", "learn", "parity-functions.json"))
    ap.add_argument("--report", default=os.path.join(os.path.dirname(__file__), "RESULTS-functions.md"))
    ap.add_argument("--quick", action="store_true", help="no learning curve or ablation")
    ap.add_argument("--no-ablation", action="store_true", help="the learning curve but no feature families removed")
    args = ap.parse_args()

    language = {}
    for path in args.samples:
        for s in base.read_samples([path]).values():
            language[s["id"]] = (s.get("metadata") or {}).get("language") or "unknown"
    train, names = read_vectors(args.train, language=language)
    dev, _ = read_vectors(args.dev, names, language)
    with open(args.split, encoding="utf-8") as f:
        split = json.load(f)
    held_out = set(split["held-out"])
    cols = list(range(len(names)))
    # train.py's grouped folds, fewer when there are fewer repositories (a smoke run)
    base.FOLDS = min(base.FOLDS, n_repos_of(train), n_repos_of(train + dev))
    n_repos = lambda qs: len({q.repo for q in qs})  # noqa: E731
    cand = lambda qs: np.mean([len(q.y) for q in qs])  # noqa: E731
    print(f"train: {len(train)} rows of {n_repos(train)} repositories; dev: {len(dev)} rows of {n_repos(dev)}", file=sys.stderr)
    report = ["# Learned function ranker: results", "",
              f"Training rows (function gold mined from the fixes' hunks, bench/learn/mine-functions.mjs): {len(train)} of "
              f"{n_repos(train)} repositories, {cand(train):.0f} candidate units a row. Dev issue set rows with function gold: "
              f"{len(dev)} of {n_repos(dev)} repositories ({sum(q.repo in held_out for q in dev)} in the held-out half). "
              f"{len(names)} unit features (src/learn/unit-features.ts). Fn-Acc@k as the eval computes it; MRR of the first gold function. "
              "Grouped CV: 5 folds by repository.", ""]

    # 1. grouped CV on the training rows
    cv = {"tuned": evaluate(train, tuned(names)),
          "logistic": base.cross_validate(train, names, "logistic", cols),
          "learned (LambdaMART)": base.cross_validate(train, names, "learned", cols)}
    report.append(table("Mined training rows, repository-grouped CV", list(cv.items())))
    langs = sorted({q.language for q in train})
    lines = ["| language | rows | tuned Fn-Acc@10 | learned Fn-Acc@10 |", "| --- | ---: | ---: | ---: |"]
    for lang in langs:
        sel = [i for i, q in enumerate(train) if q.language == lang]
        t = mean_metrics([cv["tuned"][i] for i in sel])
        l = mean_metrics([cv["learned (LambdaMART)"][i] for i in sel])
        lines.append(f"| {lang} | {len(sel)} | {t['Acc@10']:.3f} | {l['Acc@10']:.3f} |")
    report.append("Per language (grouped CV):\n\n" + "\n".join(lines) + "\n")

    # 2. trained on the training rows, scored on the dev rows (no repository shared)
    model_train = base.fit_lgbm(train, cols)
    logistic = base.fit_logistic(train, cols)
    on_dev = {"tuned": evaluate(dev, tuned(names)),
              "logistic (trained on the mined rows)": evaluate(dev, logistic),
              "learned (trained on the mined rows)": evaluate(dev, lambda q: model_train.predict(q.x))}
    # 3. the dev rows joined to training under grouped folds: each dev repository scored by a model of the others and the mined rows
    joined = train + dev
    joined_cv = base.cross_validate(joined, names, "learned", cols)
    on_dev["learned (mined + dev rows, grouped CV)"] = joined_cv[len(train):]
    report.append(table(f"Dev issue set, all {len(dev)} rows with function gold", list(on_dev.items())))
    for half in ("held-in", "held-out"):
        keep = (lambda q: q.repo in held_out) if half == "held-out" else (lambda q: q.repo not in held_out)
        report.append(table(f"Dev issue set, {half} half", [(n, pick(r, dev, keep)) for n, r in on_dev.items()]))
    report.append(table("Mined + dev rows joined, repository-grouped CV (all rows)", [
        ("tuned", evaluate(joined, tuned(names))), ("learned (LambdaMART)", joined_cv)]))

    if not args.quick:
        curve = [(f"learned, {int(s * 100)} % of training repositories", base.cross_validate(joined, names, "learned", cols, repo_share=s)) for s in (0.05, 0.25)]
        curve.append(("learned, 100 % of training repositories", joined_cv))
        report.append(table("Learning curve (mined + dev rows, grouped CV, each fold's training repositories subsampled)", curve))
    if not args.quick and not args.no_ablation:
        ablation = [("all features", joined_cv)]
        for family, prefixes in FAMILIES.items():
            keep = [k for k, n in enumerate(names) if not n.startswith(prefixes)]
            ablation.append((f"without {family}", base.cross_validate(joined, names, "learned", keep)))
        report.append(table("Feature families removed (mined + dev rows, grouped CV)", ablation))

    final = base.fit_lgbm(joined, cols, names)
    gains = final.booster_.feature_importance(importance_type="gain")
    total = float(sum(gains)) or 1.0
    report.append("### Feature importance (gain share, the shipped model)\n\n| feature | gain share |\n| --- | ---: |")
    report += [f"| {n} | {g / total:.3f} |" for n, g in sorted(zip(names, gains), key=lambda p: -p[1])[:20]]
    report.append("")

    if args.model:
        trained = {"rows": len(joined), "repositories": n_repos(joined), "params": {k: v for k, v in base.PARAMS.items() if k != "n_jobs"},
                   "lightgbm": lgb.__version__, "command": "python3 bench/learn/train_functions.py (bench/learn/README.md)"}
        model = export_booster(final.booster_, names, 1, 0, trained)
        model["format"] = "repomap-function-ranker"
        del model["pool"]
        base.write_model(model, final, names, joined, args.model, args.parity, checked=3000)

    with open(args.report, "w", encoding="utf-8") as f:
        f.write("\n".join(report) + "\n")
    print("\n".join(report))


if __name__ == "__main__":
    main()
