import { describe, expect, it } from 'vitest';
import { useLeanHeap } from '../../src/heap.js';

describe('useLeanHeap', () => {
  it('rejects a growth that is not a whole percent from 1 to 300, naming the option', () => {
    for (const bad of [0, -5, 2.5, 301, Number.NaN]) {
      expect(() => useLeanHeap(bad)).toThrow(
        expect.objectContaining({ code: 'bad-option', subject: 'growingPercent' }),
      );
    }
  });
});
