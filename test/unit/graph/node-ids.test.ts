import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { edgeKey } from '../../../src/graph/node-ids.js';
import { EDGE_TYPES } from '../../../src/types.js';

describe('edgeKey', () => {
  it('property: one key per (type, source, target) of node numbers', () => {
    const nodes = fc.array(fc.nat({ max: 5000 }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(nodes, (numbers) => {
        const seen = new Map<string, string>();
        for (const type of EDGE_TYPES) {
          for (const source of numbers) {
            for (const target of numbers) {
              const key = edgeKey(type, source, target);
              const edge = `${type} ${source} ${target}`;
              expect(seen.get(key) ?? edge).toBe(edge);
              seen.set(key, edge);
            }
          }
        }
      }),
    );
  });

  it('spells the type by one letter and the nodes by number', () => {
    expect(edgeKey('shared-symbol', 12, 407)).toBe('s12>407');
    expect(edgeKey('import', 1, 23)).not.toBe(edgeKey('import', 12, 3));
  });
});
