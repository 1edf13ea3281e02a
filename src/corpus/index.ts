export { loadCorpus, type CorpusSource } from './load.js';
export { CORPUS_DEFAULTS, type CorpusOptions } from './options.js';
export { classifyPath } from './classify.js';
export { resolveCommit } from './git-commit.js';
export { readHistory, HISTORY_DEFAULTS, type HistoryOptions } from './history.js';
export { releaseTexts, isReleased } from './release.js';
export { listFolder, type FolderListing, type ListedEntry } from './walk.js';
export { whySkipped } from './path-rules.js';
