/**
 * The learned function ranker as the function stage's last step: every unit (and
 * `imports`) of the ranked files the stage reads is scored by the model over its unit
 * feature vector (unit-features.ts) and the units are ordered by that score across files
 * (ties: the tuned function ranking's order, then file and line order). Each file keeps
 * its best maxPerFile units, scored logistic(model score); the list across files is the
 * kept units in the model's order.
 */
import type { FunctionDefaults, FunctionFinder } from '../rank/functions.js';
import type { QueryCues, RankedFunction } from '../types.js';
import { roundScore } from '../rank/round.js';
import { predict, type RankerModel } from './model.js';
import { unitVectors, type UnitFile } from './unit-features.js';

/** The first `count` files with their learned `functions`, the rest unchanged, and the ids (`path::name`) across files, best first. */
export function learnedFunctions<T extends UnitFile>(
  files: readonly T[],
  cues: QueryCues,
  count: number,
  finder: FunctionFinder,
  model: RankerModel,
  o: FunctionDefaults,
): { files: (T & { functions?: RankedFunction[] })[]; ids: string[] } {
  if (!(count > 0)) return { files: [...files], ids: [] };
  const top = files.slice(0, count);
  const v = unitVectors(cues, finder, top, o.fileExponent, o.importsShare);
  const scores = v.values.map((x) => predict(model, x));
  const order = v.ids
    .map((_, k) => k)
    .sort((a, b) => scores[b]! - scores[a]! || v.tunedRanks[a]! - v.tunedRanks[b]! || a - b);
  const lists: RankedFunction[][] = top.map(() => []);
  const ids: string[] = [];
  for (const k of order) {
    const list = lists[v.files[k]!]!;
    if (list.length >= o.maxPerFile) continue;
    list.push({ ...v.units[k]!, score: roundScore(logistic(scores[k]!)) });
    ids.push(v.ids[k]!);
  }
  return { files: files.map((f, i) => (i < count ? { ...f, functions: lists[i]! } : f)), ids };
}

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
