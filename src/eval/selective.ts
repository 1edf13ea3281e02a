/**
 * Selective evaluation (eval contract section 3, "Selective"): the retriever
 * abstains when its confidence is below a threshold t, and t is chosen on
 * other repositories than the ones scored (repository-grouped k-fold
 * cross-validation), never on the scored rows.
 *
 * Rates (each null when its denominator is 0):
 * - positive pass rate: share of positive samples answered (confidence ≥ t);
 * - no-gold abstention rate: share of no-gold samples abstained (confidence < t);
 * - balanced accuracy: mean of the two rates above (the answer/abstain decision
 *   judged equally on both classes; null unless both classes are present);
 * - selective success@20: share of all samples that succeed: a no-gold sample
 *   when abstained, a positive one when answered with a gold file in its top 20;
 * - coverage: share of all samples answered.
 * The no-abstention baseline answers every sample.
 */
import { RepoMapError } from '../errors.js';
import { compareByteOrder } from '../text/order.js';

/** One scored sample, as the selective evaluation needs it. */
export interface SelectiveSample {
  sampleId: string;
  /** `owner/name`: the cross-validation group. */
  repo: string;
  /** The retriever's confidence; it abstains when confidence < threshold. */
  confidence: number;
  /** True for a sample whose right answer is to abstain. */
  isNoGold: boolean;
  /** A gold file is in the top 20 (ignored for no-gold samples). */
  hitAt20: boolean;
}

export interface SelectiveOptions {
  /** Number of repository folds (default 5). */
  folds?: number;
}

export const SELECTIVE_DEFAULTS = { folds: 5 } as const;

/** The rates of one set of answer/abstain decisions (see the module comment). */
export interface SelectiveRates {
  samples: number;
  positives: number;
  noGold: number;
  /** Answered positives / positives. */
  positivePassRate: number | null;
  /** Abstained no-gold samples / no-gold samples. */
  noGoldAbstentionRate: number | null;
  /** (positivePassRate + noGoldAbstentionRate) / 2; null unless both classes are present. */
  balancedAccuracy: number | null;
  /** (abstained no-gold + answered positives with a gold file in the top 20) / samples. */
  selectiveSuccessAt20: number | null;
  /** Answered samples / samples. */
  coverage: number | null;
}

/** One cross-validation fold: its repositories, sample count and the threshold chosen on the other folds. */
export interface SelectiveFold {
  fold: number;
  repos: string[];
  samples: number;
  threshold: number;
}

export interface SelectiveReport extends SelectiveRates {
  folds: SelectiveFold[];
  /** The same rates when the retriever never abstains. */
  baseline: SelectiveRates;
}

/** FNV-1a 32-bit hash of the UTF-8 bytes of `s`. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(s)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The fold of a repository: FNV-1a of its name modulo `folds`; stable across runs and machines. */
export function repoFold(repo: string, folds: number = SELECTIVE_DEFAULTS.folds): number {
  return fnv1a(repo) % folds;
}

/** Rates of the decisions "abstain when confidence < threshold". */
export function selectiveRates(items: readonly SelectiveSample[], threshold: number): SelectiveRates {
  return ratesOf(items, (s) => s.confidence < threshold);
}

function ratesOf(items: readonly SelectiveSample[], abstains: (s: SelectiveSample) => boolean): SelectiveRates {
  let positives = 0;
  let passed = 0;
  let noGold = 0;
  let abstained = 0;
  let successes = 0;
  let answered = 0;
  for (const s of items) {
    const abstain = abstains(s);
    if (!abstain) answered++;
    if (s.isNoGold) {
      noGold++;
      if (abstain) {
        abstained++;
        successes++;
      }
    } else {
      positives++;
      if (!abstain) {
        passed++;
        if (s.hitAt20) successes++;
      }
    }
  }
  const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);
  const passRate = ratio(passed, positives);
  const abstainRate = ratio(abstained, noGold);
  return {
    samples: items.length,
    positives,
    noGold,
    positivePassRate: passRate,
    noGoldAbstentionRate: abstainRate,
    balancedAccuracy: passRate === null || abstainRate === null ? null : (passRate + abstainRate) / 2,
    selectiveSuccessAt20: ratio(successes, items.length),
    coverage: ratio(answered, items.length),
  };
}

/** Candidate thresholds: 0, 1 and the midpoints of the sorted distinct confidences, ascending. */
export function candidateThresholds(confidences: readonly number[]): number[] {
  const distinct = [...new Set(confidences)].sort((a, b) => a - b);
  const out = new Set<number>([0, 1]);
  for (let i = 1; i < distinct.length; i++) out.add(((distinct[i - 1] as number) + (distinct[i] as number)) / 2);
  return [...out].sort((a, b) => a - b);
}

/**
 * The threshold maximizing balanced accuracy on `train`; ties go to the
 * smallest threshold (abstain least). When `train` lacks positives or no-gold
 * samples, balanced accuracy is undefined and the threshold is 0 (never
 * abstain, for confidences ≥ 0).
 */
export function chooseThreshold(train: readonly SelectiveSample[]): number {
  const positives = train.filter((s) => !s.isNoGold);
  const noGold = train.filter((s) => s.isNoGold);
  const P = positives.length;
  const N = noGold.length;
  if (P === 0 || N === 0) return 0;
  let best = 0;
  let bestValue = -1;
  for (const t of candidateThresholds(train.map((s) => s.confidence))) {
    // Balanced accuracy · 2PN, in integers so that equal values compare equal.
    const passed = positives.filter((s) => s.confidence >= t).length;
    const abstained = noGold.filter((s) => s.confidence < t).length;
    const value = passed * N + abstained * P;
    if (value > bestValue) {
      bestValue = value;
      best = t;
    }
  }
  return best;
}

/**
 * Repository-grouped cross-validation of the abstention threshold: samples
 * are split into folds by `repoFold(repo)`; each fold gets the threshold
 * chosen on the other folds, applied once to its samples; the rates are those
 * of all held-out decisions pooled. Empty folds are skipped.
 */
export function evaluateSelective(items: readonly SelectiveSample[], options: SelectiveOptions = {}): SelectiveReport {
  const folds = options.folds ?? SELECTIVE_DEFAULTS.folds;
  if (!(Number.isInteger(folds) && folds >= 2)) {
    throw new RepoMapError(
      'bad-option',
      `repomap/eval: selective abstention's folds must be an integer ≥ 2, got ${folds}`,
      'folds',
    );
  }
  for (const s of items) {
    if (!Number.isFinite(s.confidence)) {
      throw new RepoMapError(
        'bad-option',
        `repomap/eval: sample "${s.sampleId}" has no finite confidence for selective abstention`,
        s.sampleId,
      );
    }
  }
  const foldOf = new Map<string, number>();
  const foldItems: SelectiveSample[][] = Array.from({ length: folds }, () => []);
  for (const s of items) {
    let f = foldOf.get(s.repo);
    if (f === undefined) foldOf.set(s.repo, (f = repoFold(s.repo, folds)));
    (foldItems[f] as SelectiveSample[]).push(s);
  }
  const thresholdOf = new Map<SelectiveSample, number>();
  const report: SelectiveFold[] = [];
  for (let f = 0; f < folds; f++) {
    const held = foldItems[f] as SelectiveSample[];
    if (held.length === 0) continue;
    const train = foldItems.filter((_, g) => g !== f).flat();
    const threshold = chooseThreshold(train);
    for (const s of held) thresholdOf.set(s, threshold);
    report.push({
      fold: f,
      repos: [...new Set(held.map((s) => s.repo))].sort(compareByteOrder),
      samples: held.length,
      threshold,
    });
  }
  const rates = ratesOf(items, (s) => s.confidence < (thresholdOf.get(s) as number));
  return { ...rates, folds: report, baseline: ratesOf(items, () => false) };
}
