/** The pack stage: ranked spans → a token-budgeted context pack (Markdown or JSON). */
export { PACK_DEFAULTS, type PackDefaults } from './defaults.js';
export { buildPack, packWholeFiles, type BuildPackOptions } from './build.js';
export { packedRanges } from './ranges.js';
export { packFiles, packRanked, packSourceOf, checkPackOptions, type PackableIndex } from './query.js';
export { renderMarkdown, renderJson, splitLines, ELISION } from './render.js';
export {
  DEFAULT_TOKENIZER,
  TOKENIZERS,
  loadTokenizer,
  regexTokenizer,
  isTokenizerName,
  type Tokenizer,
  type TokenizerName,
} from './tokenizers.js';
export {
  PACK_FORMATS,
  type Pack,
  type PackFormat,
  type PackOptions,
  type PackSource,
  type PackedFile,
  type PackedSpan,
  type PackedKind,
  type PackInputFile,
} from './types.js';
