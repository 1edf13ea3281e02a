/** The cues stage: query → cues (paths, frames, test names, diff symbols, identifiers, terms, given files). */
export { CUE_DEFAULTS, checkCueRanges, resolveCueTunables, type CueTunables } from './defaults.js';
export { extractCues, type ExtractCuesOptions } from './extract.js';
export { inferTask, TASK_FIELDS } from './task.js';
export { splitTitle } from './issue.js';
export { codeBlocks, languageOfInfo, type CodeBlock } from './code-blocks.js';
export type { CodeReading } from './code-cues.js';
export { queryText } from './query.js';
export { boundQuery, queryCutDiagnostic } from './query-bound.js';
export { diffFiles } from './diff.js';
export { PathSuffixIndex, normalizeWrittenPath } from './path-suffix-index.js';
export { isLibraryPath } from './paths.js';
export { frameOrigin, type FrameOrigin } from './frame-origin.js';
export { symbolsUnderTest, type TestSymbol } from './test-names.js';
export { STOP_WORDS } from './stop-words.js';
