import { RepoMapError } from '../errors.js';
import type { Index } from '../repomap.js';
import type { Query } from '../types.js';
import { buildPack } from './build.js';
import { DEFAULT_TOKENIZER, loadTokenizer } from './tokenizers.js';
import { PACK_FORMATS, type Pack, type PackFormat, type PackOptions, type PackSource } from './types.js';

/** What a pack reads from an index: texts, languages and definitions by path. */
export function packSourceOf(index: Index): PackSource {
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
    throw new RepoMapError('bad-option', `repomap/pack: budget must be a whole number of tokens ≥ 1, got ${JSON.stringify(budget)}`, 'budget');
  }
  const format = options.format ?? 'markdown';
  if (!(PACK_FORMATS as readonly string[]).includes(format)) {
    throw new RepoMapError('bad-option', `repomap/pack: unknown format "${String(format)}" (expected one of ${PACK_FORMATS.join(', ')})`, 'format');
  }
  return { budget, format };
}

/** Ranks the index for the query and packs the ranked files that are not given (see `Index.pack`). */
export async function packQuery(index: Index, query: Query, options: PackOptions): Promise<Pack> {
  const { budget, format } = checkPackOptions(options);
  const tokenizer = await loadTokenizer(options.tokenizer ?? DEFAULT_TOKENIZER);
  const result = index.rank(query, options.task ? { task: options.task } : {});
  const ranked = result.files.filter((f) => !f.given && f.score > 0);
  return buildPack(ranked, packSourceOf(index), tokenizer, { budget, format });
}
