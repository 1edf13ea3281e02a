import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NodeIds } from '../../../src/graph/node-ids.js';
import { EDGE_TYPES } from '../../../src/types.js';

describe('NodeIds', () => {
  it('property: after any adds and removals, live nodes give one key per (type, source, target)', () => {
    const steps = fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 9 })), { maxLength: 40 });
    fc.assert(
      fc.property(steps, (ops) => {
        const live = new Set(['p0', 'p1']);
        const ids = new NodeIds(live);
        for (const [add, n] of ops) {
          const path = `p${n}`;
          if (add && !live.has(path)) {
            ids.add(path);
            live.add(path);
          } else if (!add && live.has(path)) {
            ids.delete(path);
            live.delete(path);
          }
        }
        const seen = new Map<string, string>();
        for (const type of EDGE_TYPES) {
          for (const source of live) {
            for (const target of live) {
              const key = ids.key({ type, source, target });
              const edge = `${type} ${source} ${target}`;
              expect(seen.get(key) ?? edge).toBe(edge);
              seen.set(key, edge);
            }
          }
        }
      }),
    );
  });

  it('a path added after a removal gets a number of its own, and a removed path names no edge', () => {
    const ids = new NodeIds(['a.ts', 'b.ts', 'c.ts']);
    ids.delete('a.ts');
    ids.add('d.ts');
    expect(ids.key({ type: 'import', source: 'd.ts', target: 'b.ts' })).not.toBe(ids.key({ type: 'import', source: 'c.ts', target: 'b.ts' }));
    expect(ids.find('import', 'a.ts', 'b.ts')).toBeUndefined();
    expect(ids.find('import', 'd.ts', 'b.ts')).toBe(ids.key({ type: 'import', source: 'd.ts', target: 'b.ts' }));
    expect(() => ids.key({ type: 'import', source: 'a.ts', target: 'b.ts' })).toThrow(/a\.ts, which is not a node/);
  });
});
