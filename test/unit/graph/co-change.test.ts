import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus, type Index } from '../../../src/index.js';
import { readHistory } from '../../../src/corpus/index.js';
import { edgeOf } from '../../../src/graph/index.js';
import { git, makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';

/**
 * A repository whose history says which files change together:
 *   c1 adds the package; c2 changes pricing.py with checkout.py (a pair);
 *   c3, the base, changes models.py with checkout.py (the base's own commit);
 *   c4, after the base, changes pricing.py with models.py.
 * Only c2 is history for an index at c3.
 */
describe('co-change edges', () => {
  let repo: string;
  let base: string;
  let index: Index;
  const coChange = (index: Index) =>
    index.fileGraph.graph
      .filterEdges((_k, a) => a.type === 'co-change')
      .map((k) => `${index.fileGraph.graph.source(k)} ~ ${index.fileGraph.graph.target(k)}`)
      .sort();

  beforeAll(async () => {
    repo = makeTemp('repomap-cochange-');
    git(repo, 'init', '-q', '-b', 'main');
    const files = {
      'shop/models.py': 'class Item:\n    price = 1\n',
      'shop/pricing.py': 'def apply_discount(item):\n    return item.price\n',
      'shop/checkout.py': 'def build_invoice(items):\n    return items\n',
      'docs/notes.md': 'notes\n',
    };
    writeFiles(repo, files);
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'c1');
    writeFiles(repo, {
      'shop/pricing.py': files['shop/pricing.py'] + '# 2\n',
      'shop/checkout.py': files['shop/checkout.py'] + '# 2\n',
    });
    git(repo, 'commit', '-qam', 'c2: pricing with checkout');
    writeFiles(repo, {
      'shop/models.py': files['shop/models.py'] + '# 3\n',
      'shop/checkout.py': files['shop/checkout.py'] + '# 3\n',
    });
    git(repo, 'commit', '-qam', 'c3: models with checkout (the base)');
    base = git(repo, 'rev-parse', 'HEAD');
    writeFiles(repo, {
      'shop/pricing.py': files['shop/pricing.py'] + '# 4\n',
      'shop/models.py': files['shop/models.py'] + '# 4\n',
    });
    git(repo, 'commit', '-qam', 'c4: pricing with models (after the base)');
    index = await buildIndex(await loadCorpus({ gitDir: repo, commit: base }));
  });
  afterAll(() => removeTemp(repo));

  it('reads only commits strictly before the base commit', async () => {
    const history = await readHistory(repo, base);
    // c2 (two files) and c1 (four files), newest first; neither c3 (the base) nor c4 (after it).
    expect(history).toEqual([
      ['shop/checkout.py', 'shop/pricing.py'],
      expect.arrayContaining(['shop/models.py', 'docs/notes.md']),
    ]);
  });

  it('links files an earlier commit changed together, and nothing from the base commit or after it', () => {
    // c1 added every file at once: it links the three sources too (a 4-file commit weighs 1/log2(5)).
    // c2 adds pricing ~ checkout; c3 (base) and c4 (later) add nothing of their own.
    expect(coChange(index)).toEqual([
      'shop/checkout.py ~ shop/models.py',
      'shop/checkout.py ~ shop/pricing.py',
      'shop/models.py ~ shop/pricing.py',
    ]);
    const weight = (a: string, b: string) => edgeOf(index.fileGraph, 'co-change', a, b)!.weight;
    // pricing ~ checkout changed together twice (c1, c2), models ~ checkout once before the base (c1).
    expect(weight('shop/checkout.py', 'shop/pricing.py')).toBeGreaterThan(weight('shop/checkout.py', 'shop/models.py'));
    expect(weight('shop/checkout.py', 'shop/models.py')).toBeCloseTo(weight('shop/models.py', 'shop/pricing.py'));
  });

  it("reads a working tree folder's history before its HEAD, and none for a fresh repository", async () => {
    // HEAD is c4: c3 (models ~ checkout) and c2 are history now, c4 itself is not.
    const folder = await buildIndex(await loadCorpus({ folder: repo }));
    expect(coChange(folder)).toContain('shop/checkout.py ~ shop/models.py');
    const weight = (i: Index) => edgeOf(i.fileGraph, 'co-change', 'shop/checkout.py', 'shop/models.py')!.weight;
    expect(weight(folder)).toBeGreaterThan(weight(index));
    const fresh = makeTemp('repomap-cochange-fresh-');
    try {
      git(fresh, 'init', '-q');
      writeFiles(fresh, { 'a.py': 'def f():\n    pass\n', 'b.py': 'def g():\n    pass\n' });
      expect(coChange(await buildIndex(await loadCorpus({ folder: fresh })))).toEqual([]);
    } finally {
      removeTemp(fresh);
    }
  });

  it('reads the history of a linked worktree, whose .git is a file pointing at the repository', async () => {
    const parent = makeTemp('repomap-cochange-worktree-');
    try {
      const worktree = `${parent}/wt`;
      git(repo, 'worktree', 'add', '-q', '--detach', worktree, base);
      const folder = await buildIndex(await loadCorpus({ folder: worktree }));
      // HEAD of the worktree is the base: the same history as the index at the base commit
      expect(coChange(folder)).toEqual(coChange(index));
      git(repo, 'worktree', 'remove', '--force', worktree);
    } finally {
      removeTemp(parent);
    }
  });

  it('leaves docs out and can be turned off', async () => {
    expect(coChange(index).some((e) => e.includes('docs/'))).toBe(false);
    const off = await buildIndex(index.corpus, { graph: { coChangeWeight: 0 } });
    expect(coChange(off)).toEqual([]);
  });

  it('lifts the file changed with the anchor above an equally linked one', () => {
    // checkout.py and models.py are both linked to pricing.py by c1; only checkout.py also changed with it in c2.
    const ranked = index.rank({
      anchor_file: 'shop/pricing.py',
      anchor_diff: '@@ -1,2 +1,2 @@\n-def apply_discount(item):\n+def apply_discount(item, pct):',
    });
    const paths = ranked.files.map((f) => f.path);
    expect(paths.indexOf('shop/checkout.py')).toBeLessThan(paths.indexOf('shop/models.py'));
    expect(ranked.files.find((f) => f.path === 'shop/checkout.py')!.reasons.join(' ')).toMatch(
      /changed with shop\/pricing\.py in 2 earlier commits/,
    );
  });
});
