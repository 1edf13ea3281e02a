export { FEATURE_NAMES, FEATURE_VERSION, candidateFeatures } from './features.js';
export {
  FILE_MODEL,
  FUNCTION_MODEL,
  FUNCTION_MODEL_FORMAT,
  MODEL_FORMAT,
  parseModel,
  predict,
  shippedFunctionModel,
  shippedModel,
  type ModelSpec,
  type ModelTree,
  type RankerModel,
} from './model.js';
export { poolVectors, rerank, type CandidateVectors } from './rerank.js';
export {
  UNIT_FEATURE_NAMES,
  UNIT_FEATURE_VERSION,
  unitVectors,
  type UnitFile,
  type UnitVectors,
} from './unit-features.js';
export { learnedFunctions } from './rerank-functions.js';

/** How many of the tuned ranking's first files get feature vectors when no model says otherwise (`rank --features`, eval dumps). */
export const FEATURE_POOL = 100;
