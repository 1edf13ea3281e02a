export { FEATURE_NAMES, FEATURE_VERSION, candidateFeatures } from './features.js';
export { MODEL_FORMAT, parseModel, predict, shippedModel, type ModelTree, type RankerModel } from './model.js';
export { poolVectors, rerank, type CandidateVectors } from './rerank.js';

/** How many of the tuned ranking's first files get feature vectors when no model says otherwise (`rank --features`, eval dumps). */
export const FEATURE_POOL = 100;
