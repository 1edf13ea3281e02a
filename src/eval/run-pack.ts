/**
 * Context packs in an evaluation run: for each sample, the span pack
 * (`index.pack`) and the whole-file pack of the same ranking, at every budget,
 * reduced to their packed line ranges for the details row (`pack` and
 * `pack_whole`, read by span-metrics.ts). Only runs when a job asks for packs.
 */
import { RepoMapError, type Index, type RankedFile, type TokenizerName } from '../index.js';
import { TOKENIZERS, buildPack, loadTokenizer, packSourceOf, packWholeFiles, packedRanges } from '../unstable.js';
import type { LineRanges } from './span-metrics.js';

/** What packs an evaluation run writes (plain data: it travels to worker processes). */
export interface EvalPackOptions {
  /** Token budgets, ascending, each a whole number ≥ 1. */
  budgets: number[];
  /** How pack tokens are counted. */
  tokenizer: TokenizerName;
}

/** The details-row fields of a sample's packs: budget (decimal) → path → ranges. */
export interface PackFields {
  pack: Record<string, LineRanges>;
  pack_whole: Record<string, LineRanges>;
}

/** Checks pack options: known tokenizer, budgets ascending without repeats (see `checkPackBudgets`). */
export function checkEvalPackOptions(options: EvalPackOptions): EvalPackOptions {
  if (!(TOKENIZERS as readonly string[]).includes(options.tokenizer)) {
    throw new RepoMapError(
      'bad-option',
      `repomap/eval: unknown pack tokenizer "${String(options.tokenizer)}" (expected one of ${TOKENIZERS.join(', ')})`,
      'packTokenizer',
    );
  }
  return { budgets: checkPackBudgets(options.budgets), tokenizer: options.tokenizer };
}

/** Checks the budgets: a non-empty list of whole numbers ≥ 1, returned ascending without repeats. */
export function checkPackBudgets(budgets: readonly number[]): number[] {
  if (budgets.length === 0)
    throw new RepoMapError('bad-option', 'repomap/eval: pack budgets must list at least one budget', 'packBudgets');
  for (const b of budgets) {
    if (!(Number.isInteger(b) && b >= 1))
      throw new RepoMapError(
        'bad-option',
        `repomap/eval: a pack budget must be a whole number of tokens ≥ 1, got ${JSON.stringify(b)}`,
        'packBudgets',
      );
  }
  return [...new Set(budgets)].sort((a, b) => a - b);
}

/**
 * The packer of an index: from a sample's whole ranking (`index.rank` without `top`),
 * the ranges of both packs at every budget.
 */
export async function makePacker(
  index: Index,
  options: EvalPackOptions,
): Promise<(files: readonly RankedFile[]) => PackFields> {
  const tokenizer = await loadTokenizer(options.tokenizer);
  const source = packSourceOf(index);
  return (files) => {
    // What `index.pack` does with its ranking: ranked, not given, with a score.
    const ranked = files.filter((f) => !f.given && f.score > 0);
    const out: PackFields = { pack: {}, pack_whole: {} };
    for (const budget of options.budgets) {
      out.pack[String(budget)] = packedRanges(buildPack(ranked, source, tokenizer, { budget }, index.settings.pack));
      out.pack_whole[String(budget)] = packedRanges(
        packWholeFiles(ranked, source, tokenizer, { budget }, index.settings.pack),
      );
    }
    return out;
  };
}
