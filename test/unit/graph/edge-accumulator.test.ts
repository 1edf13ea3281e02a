/**
 * EdgeAccumulator keeps one label until a second distinct one arrives and yields its
 * edges one at a time (issue 6, memory); what it yields must not depend on that: labels
 * in the order first added, duplicates and empty labels left out, at most three and a
 * count of the rest, edges in (type, source, target) order.
 */
import { describe, expect, it } from 'vitest';
import { EdgeAccumulator } from '../../../src/graph/edge.js';

const PATHS = ['src/b.ts', 'src/a.ts', 'lib/z.py', 'src/B.ts'];

describe('EdgeAccumulator', () => {
  it('sums weights and keeps distinct labels in the order first added', () => {
    const acc = new EdgeAccumulator(PATHS);
    for (const label of ['parse', 'parse', 'render', '', 'parse', 'load', 'render', 'save', 'emit']) {
      acc.add('shared-symbol', 'src/a.ts', 'src/b.ts', 0.5, label);
    }
    acc.add('shared-symbol', 'src/b.ts', 'src/a.ts', 1, 'only');
    acc.add('shared-symbol', 'src/b.ts', 'lib/z.py', 2, '');
    acc.add('shared-symbol', 'src/b.ts', 'lib/z.py', 2, '');
    expect(acc.list()).toEqual([
      {
        type: 'shared-symbol',
        source: 'src/a.ts',
        target: 'src/b.ts',
        weight: 4.5,
        label: 'parse, render, load and 2 more',
      },
      { type: 'shared-symbol', source: 'src/b.ts', target: 'lib/z.py', weight: 4, label: '' },
      { type: 'shared-symbol', source: 'src/b.ts', target: 'src/a.ts', weight: 1, label: 'only' },
    ]);
  });

  it('drops an empty first label once a named one arrives', () => {
    const acc = new EdgeAccumulator(PATHS);
    acc.add('import', 'src/a.ts', 'lib/z.py', 1, '');
    acc.add('import', 'src/a.ts', 'lib/z.py', 1, './z');
    expect(acc.list()).toEqual([{ type: 'import', source: 'src/a.ts', target: 'lib/z.py', weight: 2, label: './z' }]);
  });

  it('yields edges by type, then source and target in code-unit order, the same from specs() and list()', () => {
    const acc = new EdgeAccumulator(PATHS);
    acc.add('same-module', 'src/b.ts', 'src/a.ts', 1, 'src');
    acc.add('import', 'src/b.ts', 'src/B.ts', 1, './B');
    acc.add('import', 'src/B.ts', 'src/b.ts', 1, './b');
    acc.add('import', 'lib/z.py', 'src/a.ts', 1, 'a');
    acc.add('import', 'src/a.ts', 'src/a.ts', 1, 'self'); // a self loop is never an edge
    const keys = acc.list().map((e) => `${e.type}:${e.source}->${e.target}`);
    expect(keys).toEqual([
      'import:lib/z.py->src/a.ts',
      'import:src/B.ts->src/b.ts',
      'import:src/b.ts->src/B.ts',
      'same-module:src/b.ts->src/a.ts',
    ]);
    expect([...acc.specs()]).toEqual(acc.list());
  });
});
