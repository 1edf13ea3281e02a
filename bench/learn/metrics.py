"""The contract's metrics (docs/eval-contract.md) of a reordered pool.

A gold file outside the pool counts as not found (ranks past the pool add < 1/pool to MRR):
the figures here compare rankers over the same pool; `repomap eval` gives the exact ones.
"""
import numpy as np


def order_of(scores):
    """Indices by score, best first; ties keep the tuned order (the lower index)."""
    return sorted(range(len(scores)), key=lambda k: (-scores[k], k))


def row_metrics(labels, order, gold_count):
    ranks = [r for r, k in enumerate(order) if labels[k]]
    out = {"MRR": 1.0 / (ranks[0] + 1) if ranks else 0.0}
    for k in (1, 3, 5, 10):
        need = min(gold_count, k)
        out[f"Acc@{k}"] = 1.0 if sum(1 for r in ranks if r < k) >= need else 0.0
    return out


def mean_metrics(rows):
    keys = ["Acc@1", "Acc@3", "Acc@5", "Acc@10", "MRR"]
    if not rows:
        return {k: float("nan") for k in keys} | {"rows": 0}
    return {k: float(np.mean([r[k] for r in rows])) for k in keys} | {"rows": len(rows)}


def evaluate(queries, score_fn):
    """Per-query metrics of ranking each query's pool by score_fn(query) (an array)."""
    return [row_metrics(q.y, order_of(list(score_fn(q))), q.gold_count) for q in queries]
