export { RANK_DEFAULTS, type RankDefaults } from './defaults.js';
export { buildCsr, type Csr, type EdgeFlow } from './csr.js';
export { personalizedPageRank, PPR_DEFAULTS, type PprOptions, type PprResult } from './ppr.js';
export {
  rankFiles,
  confidenceOf,
  scoreParts,
  type RankFilesOptions,
  type RankOutcome,
  type ScoreParts,
} from './score.js';
export type { RankContext } from './context.js';
export { matchCues, lexicalText, type Seeds, type SeedChannel } from './seeds.js';
