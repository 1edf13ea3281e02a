export { RANK_DEFAULTS, type RankDefaults } from './defaults.js';
export { buildCsr, type Csr, type EdgeFlow } from './csr.js';
export { personalizedPageRank, PPR_DEFAULTS, type PprOptions, type PprResult } from './ppr.js';
export { rankFiles, confidenceOf, type RankFilesOptions, type RankOutcome } from './score.js';
export type { RankContext } from './context.js';
export { matchCues, type Seeds } from './seeds.js';
