"""Trains repomap's learned issue ranker and writes the tables that judge it.

    python3 bench/learn/train.py --samples TRAIN.jsonl --dumps TRAIN_DUMPS \
        --dev-samples ISSUES.jsonl --dev-dumps DEV_DUMPS [--model models/issue2code-ranker.json]

TRAIN_DUMPS / DEV_DUMPS are `repomap eval --features DIR` folders (bench/learn/dump.sh).
Every split is grouped by repository: no repository is in both a training and a scored
fold. Writes bench/learn/RESULTS.md (grouped CV on the training corpus, the dev issue
set as an independent set, per language, in-repository CV, learning curve, feature
families removed, importances) and, with --model, the model trained on every training
row plus test/fixtures/learn/parity.json (synthetic vectors and the booster's scores).
"""
import argparse
import json
import warnings
import os
import sys

import lightgbm as lgb
import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold, KFold
from sklearn.preprocessing import StandardScaler

sys.path.insert(0, os.path.dirname(__file__))
from data import read_dumps, read_samples  # noqa: E402
from export import export_booster, predict  # noqa: E402
from metrics import evaluate, mean_metrics  # noqa: E402

SEED = 7
# the final model is fitted with feature names and scored on plain arrays in the same order
warnings.filterwarnings("ignore", message="X does not have valid feature names")
FOLDS = 5
PARAMS = dict(
    objective="lambdarank",
    n_estimators=200,
    learning_rate=0.05,
    num_leaves=7,
    min_child_samples=50,
    colsample_bytree=0.8,
    subsample=0.8,
    subsample_freq=1,
    reg_lambda=1.0,
    lambdarank_truncation_level=20,
    random_state=SEED,
    deterministic=True,
    force_row_wise=True,
    n_jobs=2,
    verbose=-1,
)
# feature families, by name prefix, removed one at a time in the ablation
FAMILIES = {
    "query": ("query_",),
    "tuned ranking": ("tuned_",),
    "seed channels": ("seed_",),
    "lexical": ("lexical_", "title_lexical_"),
    "path vs query": ("path_",),
    "file kind, size, extension": ("kind_", "file_"),
    "path markers": ("folder_", "name_"),
    "graph degrees": ("graph_",),
}


def stack(queries, columns=None):
    x = np.vstack([q.x for q in queries])
    y = np.concatenate([q.y for q in queries])
    groups = [len(q.y) for q in queries]
    return (x if columns is None else x[:, columns]), y, groups


def trainable(queries):
    return [q for q in queries if q.y.any()]


def fit_lgbm(queries, columns, names=None):
    x, y, groups = stack(trainable(queries), columns)
    model = lgb.LGBMRanker(**PARAMS)
    model.fit(x, y, group=groups, **({"feature_name": [names[c] for c in columns]} if names else {}))
    model.booster_.params.pop("feature_name", None)
    return model


def fit_logistic(queries, columns):
    x, y, _ = stack(trainable(queries), columns)
    scaler = StandardScaler().fit(x)
    clf = LogisticRegression(max_iter=2000, C=1.0, class_weight="balanced").fit(scaler.transform(x), y)
    return lambda q: clf.decision_function(scaler.transform(q.x[:, columns]))


def scorer(kind, queries, columns):
    if kind == "learned":
        model = fit_lgbm(queries, columns)
        return lambda q: model.predict(q.x[:, columns])
    if kind == "logistic":
        return fit_logistic(queries, columns)
    raise ValueError(kind)


def tuned(names):
    k = names.index("tuned_log_rank")
    return lambda q: -q.x[:, k]


def lexical(names):
    k = names.index("lexical_share")
    return lambda q: q.x[:, k]


def cross_validate(queries, names, kind, columns, split="repository", repo_share=1.0):
    """Per-query metrics of `kind` scored on each fold by a model of the other folds."""
    rows = [None] * len(queries)
    idx = np.arange(len(queries))
    if split == "repository":
        folds = GroupKFold(n_splits=FOLDS).split(idx, groups=[q.repo for q in queries])
    else:
        folds = KFold(n_splits=FOLDS, shuffle=True, random_state=SEED).split(idx)
    rng = np.random.default_rng(SEED)
    for train, test in folds:
        train_q = [queries[i] for i in train]
        if repo_share < 1:
            repos = sorted({q.repo for q in train_q})
            keep = set(rng.choice(repos, size=max(2, round(len(repos) * repo_share)), replace=False))
            train_q = [q for q in train_q if q.repo in keep]
        fn = scorer(kind, train_q, columns)
        test_q = [queries[i] for i in test]
        for i, r in zip(test, evaluate(test_q, fn)):
            rows[i] = r
    return rows


def fmt(m):
    return f"{m['Acc@1']:.3f} | {m['Acc@3']:.3f} | {m['Acc@5']:.3f} | {m['Acc@10']:.3f} | {m['MRR']:.3f} | {m['rows']}"


HEADER = "| ranker | Acc@1 | Acc@3 | Acc@5 | Acc@10 | MRR | rows |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |"


def table(title, entries):
    lines = [f"### {title}", "", HEADER]
    lines += [f"| {name} | {fmt(mean_metrics(rows))} |" for name, rows in entries]
    return "\n".join(lines) + "\n"


def by_language(queries, named_rows, min_rows=1):
    langs = sorted({q.language for q in queries})
    lines = ["| language | rows | " + " | ".join(f"{n} Acc@1 | {n} Acc@5 | {n} MRR" for n, _ in named_rows) + " |"]
    lines.append("| --- | ---: |" + " ---: |" * (3 * len(named_rows)))
    for lang in langs:
        pick = [i for i, q in enumerate(queries) if q.language == lang]
        if len(pick) < min_rows:
            continue
        cells = []
        for _, rows in named_rows:
            m = mean_metrics([rows[i] for i in pick])
            cells += [f"{m['Acc@1']:.3f}", f"{m['Acc@5']:.3f}", f"{m['MRR']:.3f}"]
        lines.append(f"| {lang} | {len(pick)} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def parity_vectors(model, names, queries, count=60):
    """Synthetic vectors: per feature a seen minimum or maximum, a split threshold exactly, or a value between."""
    x = np.vstack([q.x for q in queries])
    lo, hi = x.min(axis=0), x.max(axis=0)
    thresholds = {k: [] for k in range(len(names))}
    for t in model["trees"]:
        for f, th in zip(t["feature"], t["threshold"]):
            thresholds[f].append(th)
    rng = np.random.default_rng(SEED)
    out = np.zeros((count, len(names)))
    for r in range(count):
        for k in range(len(names)):
            pick = rng.integers(4)
            if pick == 0 and thresholds[k]:
                out[r, k] = thresholds[k][rng.integers(len(thresholds[k]))]
            elif pick == 1:
                out[r, k] = lo[k]
            elif pick == 2:
                out[r, k] = hi[k]
            else:
                out[r, k] = rng.uniform(lo[k], hi[k])
    return out


def write_model(model, final, names, queries, model_path, parity_path, checked=2000):
    """Writes the exported model once it scores `queries`' first vectors as the booster does
    (to 1e-9), and the parity vectors with the booster's scores beside it."""
    x = np.vstack([q.x for q in queries])
    mine, theirs = predict(model, x[:checked]), final.predict(x[:checked])
    if np.max(np.abs(mine - theirs)) > 1e-9:
        raise SystemExit(f"exported model differs from the booster by {np.max(np.abs(mine - theirs))}")
    with open(model_path, "w", encoding="utf-8") as f:
        json.dump(model, f, separators=(",", ":"))
        f.write("\n")
    vectors = parity_vectors(model, names, queries)
    os.makedirs(os.path.dirname(parity_path), exist_ok=True)
    with open(parity_path, "w", encoding="utf-8") as f:
        json.dump({"vectors": vectors.tolist(), "scores": final.predict(vectors).tolist()}, f)
        f.write("\n")
    print(f"model: {model_path} ({os.path.getsize(model_path)} bytes, {len(model['trees'])} trees)", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--samples", action="append", required=True, help="training samples JSONL (repeatable)")
    ap.add_argument("--dumps", action="append", required=True, help="their feature dump folders (repeatable)")
    ap.add_argument("--dev-samples", help="the dev issue set's samples JSONL")
    ap.add_argument("--dev-dumps", help="its feature dump folder")
    ap.add_argument("--split", default=os.path.join(os.path.dirname(__file__), "..", "split.json"), help="dev halves (bench/split.json)")
    ap.add_argument("--model", help="write the model trained on every training row here")
    ap.add_argument("--parity", default=os.path.join(os.path.dirname(__file__), "..", "..", "test", "fixtures", "learn", "parity.json"))
    ap.add_argument("--report", default=os.path.join(os.path.dirname(__file__), "RESULTS.md"))
    ap.add_argument("--quick", action="store_true", help="grouped CV and the dev set only (no curve, ablation or in-repository CV)")
    args = ap.parse_args()

    samples = read_samples(args.samples)
    queries, names = [], None
    for folder in args.dumps:
        got, names = read_dumps(folder, samples, names)
        queries += got
    queries.sort(key=lambda q: q.id)
    all_columns = list(range(len(names)))
    repos = len({q.repo for q in queries})
    in_pool = sum(1 for q in queries if q.y.any())
    print(f"training: {len(queries)} rows of {repos} repositories ({in_pool} with a gold file in the pool)", file=sys.stderr)

    report = ["# Learned issue ranker: results", "",
              f"Training corpus: {len(queries)} rows of {repos} repositories ({in_pool} with a gold file among the pool's {len(queries[0].paths)} first files). "
              f"Grouped CV: {FOLDS} folds by repository. Figures over the pool (a gold file past it counts as missed).", ""]
    cv = {
        "tuned": evaluate(queries, tuned(names)),
        "lexical (BM25F)": evaluate(queries, lexical(names)),
        "logistic": cross_validate(queries, names, "logistic", all_columns),
        "learned (LambdaMART)": cross_validate(queries, names, "learned", all_columns),
    }
    report.append(table("Training corpus, repository-grouped CV", list(cv.items())))
    report.append("Per language (grouped CV):\n")
    report.append(by_language(queries, [("tuned", cv["tuned"]), ("learned", cv["learned (LambdaMART)"])]))

    if not args.quick:
        in_repo = cross_validate(queries, names, "learned", all_columns, split="row")
        report.append(table("First sight vs in-repository (row-level CV: a repository's other rows may train)", [
            ("learned, grouped by repository", cv["learned (LambdaMART)"]), ("learned, row-level folds", in_repo)]))
        curve = [(f"learned, {int(s * 100)} % of training repositories", cross_validate(queries, names, "learned", all_columns, repo_share=s)) for s in (0.05, 0.25, 1.0)]
        report.append(table("Learning curve (grouped CV, each fold's training repositories subsampled)", curve))
        ablation = [("all features", cv["learned (LambdaMART)"])]
        for family, prefixes in FAMILIES.items():
            keep = [k for k, n in enumerate(names) if not n.startswith(prefixes)]
            ablation.append((f"without {family}", cross_validate(queries, names, "learned", keep)))
        report.append(table("Feature families removed (grouped CV)", ablation))

    final = fit_lgbm(queries, all_columns, names)
    gains = final.booster_.feature_importance(importance_type="gain")
    top = sorted(zip(names, gains), key=lambda p: -p[1])[:20]
    total = float(sum(gains)) or 1.0
    report.append("### Feature importance (gain share, model on every training row)\n\n| feature | gain share |\n| --- | ---: |")
    report += [f"| {n} | {g / total:.3f} |" for n, g in top]
    report.append("")

    if args.dev_samples and args.dev_dumps:
        dev_samples = read_samples([args.dev_samples])
        dev, _ = read_dumps(args.dev_dumps, dev_samples, names)
        dev.sort(key=lambda q: q.id)
        learned_fn = lambda q: final.predict(q.x)  # noqa: E731
        logistic_fn = fit_logistic(queries, all_columns)
        rows = {"tuned": evaluate(dev, tuned(names)), "lexical (BM25F)": evaluate(dev, lexical(names)),
                "logistic (trained on the training corpus)": evaluate(dev, logistic_fn),
                "learned (trained on the training corpus)": evaluate(dev, learned_fn)}
        report.append(table(f"Dev issue set ({len(dev)} rows, {len({q.repo for q in dev})} repositories; no repository in training)", list(rows.items())))
        with open(args.split, encoding="utf-8") as f:
            split = json.load(f)
        for half in ("held-in", "held-out"):
            pick = [i for i, q in enumerate(dev) if q.repo in set(split[half])]
            report.append(table(f"Dev issue set, {half} half ({len(pick)} rows)", [(n, [r[i] for i in pick]) for n, r in rows.items()]))
        report.append("Dev issue set per language:\n")
        report.append(by_language(dev, [("tuned", rows["tuned"]), ("learned", rows["learned (trained on the training corpus)"])]))

    if args.model:
        trained = {"rows": len(queries), "repositories": repos, "params": {k: v for k, v in PARAMS.items() if k != "n_jobs"},
                   "lightgbm": lgb.__version__, "command": "python3 bench/learn/train.py (bench/learn/README.md)"}
        model = export_booster(final.booster_, names, 1, len(queries[0].paths), trained)
        write_model(model, final, names, queries, args.model, args.parity)

    with open(args.report, "w", encoding="utf-8") as f:
        f.write("\n".join(report) + "\n")
    print("\n".join(report))


if __name__ == "__main__":
    main()
