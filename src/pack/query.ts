import { RepoMapError } from '../errors.js';
import type { Definition, Diagnostic, LanguageId, RankedFile } from '../types.js';
import { buildPack } from './build.js';
import { PACK_DEFAULTS, type PackDefaults } from './defaults.js';
import { DEFAULT_TOKENIZER, loadTokenizer, type Tokenizer } from './tokenizers.js';
import { PACK_FORMATS, type Pack, type PackFormat, type PackOptions, type PackSource } from './types.js';

/**
 * What a pack reads of an index (an `Index` is one): texts, languages and tags by path.
 * Declared here so that the pack stage needs nothing of the index but these.
 */
export interface PackableIndex {
  textOf(path: string): string | undefined;
  languageOf(path: string): LanguageId | null;
  tagsOf(path: string): { readonly definitions: readonly Definition[] } | undefined;
}

/** What a pack reads from an index: texts, languages and definitions by path. */
export function packSourceOf(index: PackableIndex): PackSource {
  return {
    textOf: (path) => index.textOf(path),
    languageOf: (path) => index.languageOf(path),
    definitionsOf: (path) => index.tagsOf(path)?.definitions ?? [],
  };
}

/** Checks pack options; a bad one is a RepoMapError naming it. */
export function checkPackOptions(options: PackOptions): { budget: number; format: PackFormat } {
  const { budget } = options;
  if (typeof budget !== 'number' || !Number.isInteger(budget) || budget < 1) {
    throw new RepoMapError(
      'bad-option',
      `repomap/pack: budget must be a whole number of tokens ≥ 1, got ${JSON.stringify(budget)}`,
      'budget',
    );
  }
  const format = options.format ?? 'markdown';
  if (!(PACK_FORMATS as readonly string[]).includes(format)) {
    throw new RepoMapError(
      'bad-option',
      `repomap/pack: unknown format "${String(format)}" (expected one of ${PACK_FORMATS.join(', ')})`,
      'format',
    );
  }
  return { budget, format };
}

/**
 * Packs a query's ranked files that are not given from `source`, under the options' budget
 * (see `Index.pack`); a JSON pack also lists `diagnostics` (the index's and the query's).
 */
export async function packFiles(
  files: readonly RankedFile[],
  source: PackSource,
  options: PackOptions,
  o: PackDefaults = PACK_DEFAULTS,
  diagnostics: readonly Diagnostic[] = [],
): Promise<Pack> {
  const { budget, format } = checkPackOptions(options);
  const tokenizer = await loadTokenizer(options.tokenizer ?? DEFAULT_TOKENIZER);
  return packRanked(files, source, tokenizer, { budget, format, diagnostics }, o);
}

/** Packs the ranked files that are not given and scored above zero, in rank order, from `source`. */
export function packRanked(
  files: readonly RankedFile[],
  source: PackSource,
  tokenizer: Tokenizer,
  options: { budget: number; format: PackFormat; diagnostics?: readonly Diagnostic[] },
  o: PackDefaults = PACK_DEFAULTS,
): Pack {
  const ranked = files.filter((f) => !f.given && f.score > 0);
  return buildPack(ranked, source, tokenizer, options, o);
}
