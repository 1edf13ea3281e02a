/** `repomap/eval`: samples, details rows, metrics, selective abstention, and the lexical baseline and fusion used to compare retrievers. */
export {
  SAMPLE_TASK_TYPES,
  givenFiles,
  goldFiles,
  isKnownTaskType,
  isNoGold,
  parseSamples,
  readSamples,
  validateSample,
} from './samples.js';
export type {
  GoldFilesOptions,
  GoldSpan,
  ReadSamplesOptions,
  Sample,
  SampleGold,
  SampleTaskType,
  SampleWarning,
} from './samples.js';
export { DETAILS_KEY_ORDER, formatDetailsRow, parseDetails, readDetails, validateDetailsRow } from './details.js';
export type { DetailsRow } from './details.js';
export {
  BCY_BUDGETS,
  BCY_METRICS,
  BCY_TRUNCATE_CHARS,
  HIT_K,
  METRIC_NAMES,
  NDCG_K,
  RANK_METRICS,
  RECALL_KS,
  accuracyAtK,
  anyAtK,
  budgetedContextYield,
  dedupeRanking,
  firstGoldRank,
  headerTokens,
  markdownTable,
  ndcgAtK,
  recallAtK,
  reciprocalRank,
  scoreSample,
  scoreSamples,
  summarize,
  truncateCodePoints,
} from './metrics.js';
export type {
  BcyMetricName,
  BcyOptions,
  MarkdownTableOptions,
  MetricName,
  MetricSummary,
  RankMetricName,
  SampleMetrics,
  SampleScores,
  ScoreSamplesOptions,
  SummarizeOptions,
  Summary,
  TextOf,
} from './metrics.js';
export {
  SELECTIVE_DEFAULTS,
  candidateThresholds,
  chooseThreshold,
  evaluateSelective,
  repoFold,
  selectiveRates,
} from './selective.js';
export type { SelectiveFold, SelectiveOptions, SelectiveRates, SelectiveReport, SelectiveSample } from './selective.js';
export { BM25_DEFAULTS, Bm25Index } from '../lexical/bm25.js';
export type { Bm25Document, Bm25Hit, Bm25Options } from '../lexical/bm25.js';
export { RRF_DEFAULTS, fuseDetails, missingRows, rrfFuse } from './fuse.js';
export type { FuseDetailsOptions, FusedFile, RankedList, RrfOptions } from './fuse.js';
export { CONTRACT_TOKEN_PATTERN, contractTokens, countContractTokens, identifierWords } from '../text/tokens.js';
export { queryText } from '../cues/index.js';
export { planRepositories, locateRepository, repositoryCandidates } from './run-plan.js';
export type { RepositoryPlan, SnapshotPlan } from './run-plan.js';
export { EVAL_METHODS, RUN_DEFAULTS, type EvalMethod } from './run-defaults.js';
export { evaluateRepository } from './run-repo.js';
export type { JobSample, RepositoryJob, RepositoryResult, SampleOutcome } from './run-repo.js';
export { bm25Ranking } from './run-bm25.js';
export type { Bm25Ranking } from './run-bm25.js';
export { checkEvalPackOptions, checkPackBudgets, makePacker } from './run-pack.js';
export type { EvalPackOptions, PackFields } from './run-pack.js';
export { runEval } from './run.js';
export type { EvalRun, RunOptions, SampleError } from './run.js';
export {
  PACK_FIELDS,
  SPAN_METRICS,
  goldLineRanges,
  mergeRanges,
  rangeLines,
  readPackedRanges,
  scorePack,
  scoreSampleSpans,
  sharedLines,
  spanMarkdownTable,
  spanSummaryOf,
  summarizeSpans,
} from './span-metrics.js';
export type {
  LineRange,
  LineRanges,
  PackField,
  PackScore,
  PackSummary,
  SampleSpanScores,
  SpanGroup,
  SpanMetricName,
  SpanSummary,
} from './span-metrics.js';
export { scoreDetails } from './run-score.js';
export { assignShards, shardSamples } from './shard.js';
export type { Shard } from './shard.js';
export { featuresFile, resumeDetails, resumeFeatures, rowsOfSamples } from './resume.js';
export type { ResumedDetails, ResumedFeatures } from './resume.js';
export { DetailsOut } from './details-out.js';
export type { ScoreDetailsOptions, ScoredDetails } from './run-score.js';
export { buildRunSummary, formatRunReport, formatSelective, selectiveItems } from './run-summary.js';
export type { ReportedGroup, ReportedMetrics, RunSummary, RunSummaryInput, SelectiveSummary } from './run-summary.js';
export { COUNTERFACTUAL_DEFAULTS, COUNTERFACTUAL_REASON, counterfactualSamples } from './abstention.js';
export type { CounterfactualOptions } from './abstention.js';
export { CONFIG_KEYS, loadEvalConfig, parseEvalConfig, resolveIndexOptions } from './config.js';
export type { DeepPartial, EvalConfig, ResolvedIndexOptions } from './config.js';
export { parseRepoList, readRepoList, restrictToRepos, splitListArgument } from './split.js';
export type { RepoList, RepoRestriction } from './split.js';
