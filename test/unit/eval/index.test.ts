import { describe, expect, it } from 'vitest';
import * as evalApi from '../../../src/eval/index.js';

describe('repomap/eval', () => {
  it('re-exports the evaluation building blocks', () => {
    for (const name of [
      'readSamples',
      'goldFiles',
      'givenFiles',
      'isNoGold',
      'readDetails',
      'formatDetailsRow',
      'scoreSample',
      'summarize',
      'markdownTable',
      'METRIC_NAMES',
      'evaluateSelective',
      'Bm25Index',
      'BM25_DEFAULTS',
      'rrfFuse',
      'fuseDetails',
      'contractTokens',
      'countContractTokens',
      'identifierWords',
    ]) {
      expect(evalApi, name).toHaveProperty(name);
    }
  });
});
