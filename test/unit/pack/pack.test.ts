/**
 * Budgeted context packs on the fixture repositories: the hard budget (a
 * property over random budgets × tokenizers × fixture queries), determinism,
 * both formats, tiny budgets, and the whole-file baseline.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus, RepoMapError, type Pack, type Query, type Task } from '../../../src/index.js';
import {
  buildPack,
  loadTokenizer,
  packedRanges,
  packSourceOf,
  packWholeFiles,
  TOKENIZERS,
} from '../../../src/unstable.js';
import { PACK_DEFAULTS, splitLines } from '../../../src/pack/index.js';
import { fixtureIndexes } from '../../fixture-index.js';

const fixtures = join(import.meta.dirname, '../../../fixtures');
const indexOf = fixtureIndexes({ history: false });
interface Case {
  repo: string;
  id: string;
  query: Query;
  task: Task;
}
const casesOf = (repo: string): Case[] =>
  (JSON.parse(readFileSync(join(fixtures, 'cases', `${repo}.json`), 'utf8')) as Omit<Case, 'repo'>[]).map((c) => ({
    ...c,
    repo,
  }));
/** One case per task from three languages. */
const CASES: Case[] = [
  ...casesOf('python-inventory'),
  ...casesOf('go-ratelimit').filter((c) => c.task === 'trace2code' || c.task === 'edit2ripple'),
  ...casesOf('ts-router').filter((c) => c.task === 'code2test' || c.task === 'comment2context'),
];
const byId = (id: string): Case => CASES.find((c) => c.id === id)!;

describe('the budget is hard', () => {
  it('for random budgets × tokenizers × fixture queries, the rendered text recounts to ≤ budget (markdown and json)', async () => {
    const tokenizers = await Promise.all(TOKENIZERS.map((t) => loadTokenizer(t)));
    for (const repo of new Set(CASES.map((c) => c.repo))) await indexOf(repo);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 50, max: 20000 }),
        fc.constantFrom(...TOKENIZERS),
        fc.constantFrom(...CASES),
        async (budget, tokenizer, c) => {
          const index = await indexOf(c.repo);
          const pack = await index.pack(c.query, { budget, tokenizer, task: c.task });
          const counted = tokenizers.find((t) => t.name === tokenizer)!.count(pack.text);
          expect(counted).toBeLessThanOrEqual(budget);
          expect(pack.tokens).toBe(counted);
          // the JSON is counted as printed: within the budget, its `tokens` its own count
          const json = await index.pack(c.query, { budget, tokenizer, task: c.task, format: 'json' });
          const jsonCounted = tokenizers.find((t) => t.name === tokenizer)!.count(json.text);
          expect(jsonCounted).toBeLessThanOrEqual(budget);
          expect(json.tokens).toBe(jsonCounted);
          if (json.text !== '') expect((JSON.parse(json.text) as Pack).tokens).toBe(jsonCounted);
        },
      ),
      { numRuns: 50, seed: 20261201 },
    );
  });

  it('a budget below one header gives an empty pack that says so, or nothing, never more', async () => {
    const index = await indexOf('python-inventory');
    const c = byId('trace-rounding-assertion');
    // a trace gives no file, and every file of the fixture scores above 0
    const ranked = index.rank(c.query, { task: c.task }).files.filter((f) => !f.given && f.score > 0).length;
    expect(ranked).toBe(13);
    const small = await index.pack(c.query, { budget: 12, tokenizer: 'regex', task: c.task });
    expect(small.files).toEqual([]);
    expect(small.text).toBe('Nothing packed within 12 tokens (13 ranked files).\n');
    expect(small.tokens).toBeLessThanOrEqual(12);
    const tiny = await index.pack(c.query, { budget: 3, tokenizer: 'regex', task: c.task });
    expect(tiny).toMatchObject({ files: [], text: '', tokens: 0, omitted: [], omittedMore: 13 });
    // not even an empty JSON pack fits 3 tokens: nothing is printed
    expect(await index.pack(c.query, { budget: 3, tokenizer: 'regex', task: c.task, format: 'json' })).toMatchObject({
      files: [],
      text: '',
      tokens: 0,
      omittedMore: 13,
    });
    const json = JSON.parse(
      (await index.pack(c.query, { budget: 60, tokenizer: 'regex', task: c.task, format: 'json' })).text,
    ) as Pack;
    expect(json).toMatchObject({ budget: 60, tokenizer: 'regex', files: [], omittedMore: 13 });
    expect(json.tokens).toBeLessThanOrEqual(60);
  });
});

describe('pack contents', () => {
  it('is byte-identical for the same input, from the same or a fresh index', async () => {
    const c = byId('trace-negative-quantity-site-packages');
    const index = await indexOf('python-inventory');
    const a = await index.pack(c.query, { budget: 700, task: c.task });
    const b = await index.pack(c.query, { budget: 700, task: c.task });
    const fresh = await buildIndex(await loadCorpus({ folder: join(fixtures, 'repos', 'python-inventory') }), {
      history: false,
    });
    const d = await fresh.pack(c.query, { budget: 700, task: c.task });
    expect(b.text).toBe(a.text);
    expect(d.text).toBe(a.text);
    const ja = await index.pack(c.query, { budget: 700, task: c.task, format: 'json' });
    const jd = await fresh.pack(c.query, { budget: 700, task: c.task, format: 'json' });
    expect(jd.text).toBe(ja.text);
  });

  it('markdown: a header per file in rank order, numbered lines, ⋮ where lines are left out, a trailer', async () => {
    const c = byId('trace-negative-quantity-site-packages');
    const index = await indexOf('python-inventory');
    const pack = await index.pack(c.query, { budget: 600, task: c.task, tokenizer: 'o200k_base' });
    const ranked = index.rank(c.query, { task: c.task }).files.map((f) => f.path);
    const headers = [...pack.text.matchAll(/^### (.+)$/gm)].map((m) => m[1]!);
    expect(headers).toEqual(pack.files.map((f) => f.path));
    expect(headers).toEqual([...headers].sort((a, b) => ranked.indexOf(a) - ranked.indexOf(b)));
    // the root cause's frame function is packed with its line numbers
    expect(headers[0]).toBe('src/inventory/pricing.py');
    expect(pack.text).toContain('```python\n⋮\n');
    expect(pack.text).toMatch(/^38 {5}gross = item\.total\(quantity\)$/m);
    expect(pack.text).toMatch(/^⋮$/m);
    expect(pack.text).toMatch(/^Not packed \(\d+ more ranked files\): .+\.\n$/m);
    expect(pack.text.endsWith('.\n')).toBe(true);
  });

  it('json: the same pack as data, span texts equal to the file lines they name', async () => {
    const c = byId('code2test-storage-backend');
    const index = await indexOf('python-inventory');
    const pack = await index.pack(c.query, { budget: 900, task: c.task, tokenizer: 'cl100k_base', format: 'json' });
    const parsed = JSON.parse(pack.text) as Pack;
    expect(Object.keys(parsed)).toEqual([
      'budget',
      'tokenizer',
      'tokens',
      'files',
      'omitted',
      'omittedMore',
      'diagnostics',
      'diagnosticsMore',
    ]);
    expect(parsed).toMatchObject({ budget: 900, tokenizer: 'cl100k_base' });
    // code2test: the test of the changed backend first; the changed (given) file is never packed
    expect(parsed.files[0]!.path).toBe('tests/storage/test_backend.py');
    expect(parsed.files.map((f) => f.path)).not.toContain('src/inventory/storage/backend.py');
    expect(parsed.omitted).not.toContain('src/inventory/storage/backend.py');
    for (const f of parsed.files) {
      const lines = splitLines(index.textOf(f.path)!);
      expect(f.lines).toBe(lines.length);
      for (const s of f.spans) expect(s.text).toBe(lines.slice(s.start - 1, s.end).join('\n'));
    }
  });

  it('a span below its definition carries the signature line; a small file goes in whole', async () => {
    const index = await indexOf('python-inventory');
    const tokenizer = await loadTokenizer('regex');
    const source = packSourceOf(index);
    const pack = buildPack(
      [
        {
          path: 'tests/test_pricing.py',
          score: 1,
          spans: [
            { start: 35, end: 37, kind: 'test', symbol: 'test_rounds_half_cent_to_even', why: 'tests apply_discount' },
          ],
        },
        { path: 'src/inventory/storage/__init__.py', score: 0.5 },
      ],
      source,
      tokenizer,
      { budget: 2000 },
      { ...PACK_DEFAULTS, wholeValue: 0 },
    );
    expect(packedRanges(pack)).toEqual({
      'tests/test_pricing.py': [
        [28, 28],
        [35, 37],
      ],
      'src/inventory/storage/__init__.py': [[1, 5]],
    });
    expect(pack.files[0]!.spans[0]).toMatchObject({
      kind: 'signature',
      symbol: 'TestApplyDiscount',
      text: 'class TestApplyDiscount:',
    });
    expect(pack.files[1]!.spans[0]!.kind).toBe('whole');
    expect(pack.text).toContain('28 class TestApplyDiscount:\n⋮\n35     def test_rounds_half_cent_to_even(self):\n');
  });

  it('the top file goes in whole once the budget affords it, replacing its spans; a tight budget keeps the span', async () => {
    const index = await indexOf('python-inventory');
    const tokenizer = await loadTokenizer('regex');
    const source = packSourceOf(index);
    const files = [
      {
        path: 'tests/test_pricing.py',
        score: 1,
        spans: [
          {
            start: 35,
            end: 37,
            kind: 'test' as const,
            symbol: 'test_rounds_half_cent_to_even',
            why: 'tests apply_discount',
          },
        ],
      },
      {
        path: 'src/inventory/models.py',
        score: 0.4,
        spans: [{ start: 25, end: 30, kind: 'definition' as const, symbol: 'total', why: 'defines total' }],
      },
    ];
    const lines = index.textOf('tests/test_pricing.py')!.split('\n').length - 1;
    const roomy = buildPack(files, source, tokenizer, { budget: 4000 });
    expect(packedRanges(roomy)['tests/test_pricing.py']).toEqual([[1, lines]]);
    expect(roomy.files[0]!.spans.map((s) => s.kind)).toEqual(['whole']);
    const tight = buildPack(files, source, tokenizer, { budget: 150 });
    expect(packedRanges(tight)['tests/test_pricing.py']).toEqual([
      [28, 28],
      [35, 37],
    ]);
    expect(tight.tokens).toBeLessThanOrEqual(150);
  });

  it('value per token: a cued definition beats a pile of cheap tests from a lower-ranked file', async () => {
    const index = await indexOf('python-inventory');
    const pack = await index.pack('apply_discount rounds half a cent the wrong way', {
      budget: 200,
      tokenizer: 'o200k_base',
    });
    // a bug report (issue2code): the cued definition, and round_cents, which the function stage names as likely to change
    expect(packedRanges(pack)['src/inventory/pricing.py']).toEqual([
      [22, 24],
      [34, 40],
    ]);
    expect(pack.files.map((f) => f.path)).toEqual(['src/inventory/pricing.py']);
  });

  it('bad options are errors naming the option', async () => {
    const index = await indexOf('python-inventory');
    for (const [options, subject] of [
      [{ budget: 0 }, 'budget'],
      [{ budget: 10.5 }, 'budget'],
      [{ budget: 100, tokenizer: 'gpt2' }, 'tokenizer'],
      [{ budget: 100, format: 'xml' }, 'format'],
    ] as const) {
      const error = await index.pack('apply_discount', options as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RepoMapError);
      expect((error as RepoMapError).subject).toBe(subject);
      expect((error as RepoMapError).message).toContain(subject);
    }
  });
});

describe('whole-file baseline', () => {
  it('packs whole files in rank order, skipping those that no longer fit, under the same budget', async () => {
    const index = await indexOf('python-inventory');
    const tokenizer = await loadTokenizer('regex');
    const ranked = index
      .rank(byId('trace-rounding-assertion').query, { task: 'trace2code' })
      .files.filter((f) => !f.given);
    const pack = packWholeFiles(ranked, packSourceOf(index), tokenizer, { budget: 1500 });
    expect(tokenizer.count(pack.text)).toBeLessThanOrEqual(1500);
    expect(pack.files.length).toBeGreaterThan(0);
    const order = ranked.map((f) => f.path);
    const packed = pack.files.map((f) => f.path);
    expect(packed).toEqual([...packed].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    for (const f of pack.files) expect(packedRanges(pack)[f.path]).toEqual([[1, f.lines]]);
    // every ranked file is packed, listed in the trailer, or counted in the rest
    expect(pack.omitted.length + pack.omittedMore).toBe(ranked.length - packed.length);
    expect(pack.omitted.every((p) => order.includes(p) && !packed.includes(p))).toBe(true);
    // a file skipped for its size does not stop the files after it
    const skipped = order.findIndex((p) => !packed.includes(p) && splitLines(index.textOf(p)!).length > 0);
    expect(skipped).toBeGreaterThanOrEqual(0);
    expect(order.findIndex((p, i) => i > skipped && packed.includes(p))).toBeGreaterThan(skipped);
    // with room for everything, every file with text goes in whole
    const all = packWholeFiles(ranked, packSourceOf(index), tokenizer, { budget: 100000 });
    expect(all.files.map((f) => f.path)).toEqual(order.filter((p) => splitLines(index.textOf(p)!).length > 0));
  });
});
