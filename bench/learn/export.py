"""A LightGBM booster as repomap's model file (src/learn/model.ts reads it).

Each tree becomes flat arrays: split k tests `x[feature[k]] <= threshold[k]`; a child
index >= 0 is a split, a negative one c is leaf -c-1. `predict` here walks the same
arrays, so the exporter checks itself against the booster before anything is written.
"""
import numpy as np

FORMAT = "repomap-ranker"


def export_booster(booster, names, feature_version, pool, trained):
    dump = booster.dump_model()
    if dump["feature_names"] != list(names):
        raise SystemExit("the booster's feature names are not the dump's")
    trees = [flat_tree(t["tree_structure"]) for t in dump["tree_info"]]
    return {
        "format": FORMAT,
        "feature_version": feature_version,
        "features": list(names),
        "pool": pool,
        "base": 0.0,
        "trees": trees,
        "trained": trained,
    }


def flat_tree(root):
    if "split_index" not in root:
        return {"feature": [], "threshold": [], "left": [], "right": [], "leaf": [float(root["leaf_value"])]}
    splits = {}
    leaves = {}

    def walk(node):
        if "split_index" in node:
            if node["decision_type"] != "<=":
                raise SystemExit(f"unsupported split {node['decision_type']}")
            splits[node["split_index"]] = node
            walk(node["left_child"])
            walk(node["right_child"])
        else:
            leaves[node["leaf_index"]] = float(node["leaf_value"])

    walk(root)

    def ref(child):
        return child["split_index"] if "split_index" in child else -child["leaf_index"] - 1

    order = sorted(splits)
    if order != list(range(len(order))) or sorted(leaves) != list(range(len(order) + 1)):
        raise SystemExit("tree indices are not dense")
    return {
        "feature": [splits[k]["split_feature"] for k in order],
        "threshold": [float(splits[k]["threshold"]) for k in order],
        "left": [ref(splits[k]["left_child"]) for k in order],
        "right": [ref(splits[k]["right_child"]) for k in order],
        "leaf": [leaves[k] for k in range(len(order) + 1)],
    }


def predict(model, x):
    """The model's score of each row of x, as src/learn/model.ts computes it."""
    out = np.full(len(x), model["base"], dtype=np.float64)
    for r, row in enumerate(x):
        s = model["base"]
        for t in model["trees"]:
            if not t["feature"]:
                s += t["leaf"][0]
                continue
            node = 0
            while node >= 0:
                node = t["left"][node] if row[t["feature"][node]] <= t["threshold"][node] else t["right"][node]
            s += t["leaf"][-node - 1]
        out[r] = s
    return out
