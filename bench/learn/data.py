"""Feature dumps (`repomap eval --features DIR`) joined with their samples' gold files.

A dump folder holds one JSONL file per repository, one line per sample: the tuned
ranking's first files (`paths`, in tuned order) and their feature vectors (`values`, in
`names` order). A sample dumped twice (a resumed run) keeps its last line.
"""
import glob
import json
import os

import numpy as np


class Query:
    """One sample: its candidates' features, their labels (1 = a gold file) and its gold count."""

    def __init__(self, sample, line):
        self.id = sample["id"]
        self.repo = sample["repo"]
        self.language = (sample.get("metadata") or {}).get("language") or "unknown"
        gold = set(sample["gold"]["files"])
        self.gold_count = len(gold)
        self.paths = line["paths"]
        self.x = np.asarray(line["values"], dtype=np.float64).reshape(len(self.paths), -1)
        self.y = np.asarray([1 if p in gold else 0 for p in self.paths], dtype=np.int32)


def read_samples(paths):
    samples = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    s = json.loads(line)
                    samples[s["id"]] = s
    return samples


def read_dumps(folder, samples, names=None):
    """The queries of a dump folder whose sample is in `samples` and has gold files, sorted by id."""
    lines = {}
    for path in sorted(glob.glob(os.path.join(folder, "*.jsonl"))):
        with open(path, encoding="utf-8") as f:
            for raw in f:
                if not raw.strip():
                    continue
                line = json.loads(raw)
                if names is None:
                    names = line["names"]
                if line["names"] != names:
                    raise SystemExit(f"{path}: sample {line['sample_id']} has other feature names (version {line['version']})")
                lines[line["sample_id"]] = line
    queries = [Query(samples[i], lines[i]) for i in sorted(lines) if i in samples and samples[i]["gold"]["files"] and lines[i]["paths"]]
    return queries, names
