/**
 * Spans on real parses of the fixture repositories: the line ranges that earned
 * each ranked file its place, for the fixture cases' queries.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Query, RankedFile, Span, Task } from '../../../src/index.js';
import { toDetailsRow } from '../../../src/unstable.js';
import { changedOldLines } from '../../../src/spans/span-lines.js';
import { finish } from '../../../src/spans/spans.js';
import { fixtureIndexes } from '../../fixture-index.js';

const fixtures = join(import.meta.dirname, '../../../fixtures');
const indexOf = fixtureIndexes({ history: false });
const caseQuery = (repo: string, id: string): { query: Query; task: Task } => {
  const cases = JSON.parse(readFileSync(join(fixtures, 'cases', `${repo}.json`), 'utf8')) as {
    id: string;
    query: Query;
    task: Task;
  }[];
  const c = cases.find((x) => x.id === id);
  if (!c) throw new Error(`no case ${id} in ${repo}`);
  return c;
};
const fileOf = (files: readonly RankedFile[], path: string): RankedFile => {
  const f = files.find((x) => x.path === path);
  if (!f) throw new Error(`${path} not ranked`);
  return f;
};
const covering = (spans: readonly Span[] | undefined, line: number): Span | undefined =>
  spans?.find((s) => s.start <= line && line <= s.end);

describe('spans of ranked files', () => {
  it("a cued function's definition: apply_discount in pricing.py (lines 34–40)", async () => {
    const index = await indexOf('python-inventory');
    const pricing = fileOf(
      index.rank('apply_discount rounds half a cent the wrong way').files,
      'src/inventory/pricing.py',
    );
    const span = pricing.spans?.find((s) => s.symbol === 'apply_discount');
    expect(span).toMatchObject({ start: 34, end: 40, kind: 'definition' });
    expect(span!.why).toContain('defines apply_discount');
    // spans come in line order and never overlap or touch
    const spans = pricing.spans!;
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBeGreaterThan(spans[i - 1]!.end + 1);
  });

  it("edit2ripple: a caller's enclosing function in another file, and the changed definitions of the given anchor", async () => {
    const index = await indexOf('python-inventory');
    const { query, task } = caseQuery('python-inventory', 'ripple-apply-discount-keyword-only');
    const { files } = index.rank(query, { task });
    // checkout.price_line (27–32) calls apply_discount, whose signature the diff changes
    const caller = covering(fileOf(files, 'src/inventory/checkout.py').spans, 31);
    expect(caller).toMatchObject({ start: 27, end: 32, kind: 'caller', symbol: 'price_line' });
    expect(caller!.why).toContain('apply_discount');
    // the anchor is given; its changed definitions are spans: apply_discount (line 34) and best_price (45–46)
    const anchor = fileOf(files, 'src/inventory/pricing.py');
    expect(anchor.given).toBe(true);
    expect(covering(anchor.spans, 34)).toMatchObject({ start: 34, end: 40, symbol: 'apply_discount' });
    expect(covering(anchor.spans, 45)).toMatchObject({ start: 43, end: 47, symbol: 'best_price' });
    expect(covering(anchor.spans, 45)!.why).toContain('best_price is changed by the diff');
    expect(files.filter((f) => f.given).map((f) => f.path)).toEqual(['src/inventory/pricing.py']);
  });

  it('a test function that references a cued symbol', async () => {
    const index = await indexOf('python-inventory');
    const tests = fileOf(index.rank('apply_discount rounds half a cent the wrong way').files, 'tests/test_pricing.py');
    const span = covering(tests.spans, 30);
    expect(span).toMatchObject({ start: 29, end: 30, kind: 'test', symbol: 'test_zero_percent_is_gross_total' });
    expect(span!.why).toBe('tests apply_discount, named in the query');
  });

  it("a trace frame's enclosing function (Python traceback, site-packages paths)", async () => {
    const index = await indexOf('python-inventory');
    const { query, task } = caseQuery('python-inventory', 'trace-negative-quantity-site-packages');
    const models = fileOf(index.rank(query, { task }).files, 'src/inventory/models.py');
    // frame `models.py, line 29, in total` → Item.total (25–30)
    const span = covering(models.spans, 29);
    expect(span).toMatchObject({ start: 25, end: 30, symbol: 'total' });
    expect(span!.why).toContain('frame of the trace at line 29');
  });

  it("a Go panic frame's enclosing method", async () => {
    const index = await indexOf('go-ratelimit');
    const { query, task } = caseQuery('go-ratelimit', 'trace-nil-store-panic');
    const memory = fileOf(index.rank(query, { task }).files, 'store/memory.go');
    const span = covering(memory.spans, 38);
    expect(span).toMatchObject({ start: 37, end: 42, symbol: 'Load' });
    expect(span!.why).toContain('frame of the trace at line 38');
  });

  it('a line outside every definition gets a window of ±3 lines', async () => {
    const index = await indexOf('python-inventory');
    const pricing = fileOf(
      index.rank('ImportError at src/inventory/pricing.py:5', { task: 'generic' }).files,
      'src/inventory/pricing.py',
    );
    expect(pricing.spans).toEqual([{ start: 2, end: 8, kind: 'frame', why: 'line 5 named in the query (text)' }]);
  });

  it('a file reached only through the graph gets the code that links it to the seeds', async () => {
    const index = await indexOf('python-inventory');
    const models = fileOf(
      index.rank('ImportError at src/inventory/pricing.py:5', { task: 'generic' }).files,
      'src/inventory/models.py',
    );
    expect(models.spans!.length).toBeGreaterThan(0);
    expect(models.spans!.every((s) => s.kind === 'link')).toBe(true);
    expect(models.spans!.map((s) => s.why).join(' ')).toContain('defines Item used by src/inventory/pricing.py');
  });

  it('is deterministic and independent of --top', async () => {
    const index = await indexOf('python-inventory');
    const { query, task } = caseQuery('python-inventory', 'trace-rounding-assertion');
    const all = index.rank(query, { task }).files;
    expect(index.rank(query, { task, top: 3 }).files).toEqual(all.slice(0, 3));
    expect(JSON.stringify(index.rank(query, { task }).files)).toBe(JSON.stringify(all));
  });

  it('toDetailsRow writes the contract shape {path: [[start, end], …]} for files with spans', async () => {
    const index = await indexOf('python-inventory');
    const result = index.rank('apply_discount rounds half a cent the wrong way');
    const row = toDetailsRow(result, { top: 20 });
    expect(row.spans?.['src/inventory/pricing.py']).toEqual(
      fileOf(result.files, 'src/inventory/pricing.py').spans!.map((s) => [s.start, s.end]),
    );
    for (const [path, ranges] of Object.entries(row.spans!)) {
      expect(row.top_files).toContain(path);
      expect(ranges.length).toBeGreaterThan(0);
    }
    // files without spans are not listed
    const without = result.files.filter((f) => f.spans && f.spans.length === 0).map((f) => f.path);
    for (const path of without) expect(row.spans).not.toHaveProperty(path);
  });
});

describe('finish: merge, cap, order', () => {
  const s = (start: number, end: number, kind: Span['kind'], why = `${kind} ${start}`): Span => ({
    start,
    end,
    kind,
    why,
  });

  it('merges overlapping and touching spans; the strongest kind names the result', () => {
    expect(finish([s(10, 20, 'caller'), s(15, 30, 'definition'), s(31, 32, 'test'), s(40, 41, 'link')])).toEqual([
      { start: 10, end: 32, kind: 'definition', why: 'definition 15; caller 10; test 31' },
      { start: 40, end: 41, kind: 'link', why: 'link 40' },
    ]);
  });

  it('keeps the strongest spans per file, in line order', () => {
    const raw = [s(1, 1, 'link'), s(5, 5, 'definition'), s(9, 9, 'caller'), s(13, 13, 'frame')];
    expect(finish(raw, { maxSpansPerFile: 2, maxWhys: 3 }).map((x) => [x.start, x.kind])).toEqual([
      [5, 'definition'],
      [13, 'frame'],
    ]);
  });
});

describe('changedOldLines', () => {
  it('removed lines and the old line an addition follows, on the old side of each hunk', () => {
    const diff = [
      '@@ -32,5 +32,5 @@ def f():',
      ' a',
      ' b',
      '-c',
      '+C',
      ' d',
      '@@ -50,2 +50,3 @@',
      ' x',
      '+y',
      ' z',
    ].join('\n');
    // a=32 b=33 -c=34 (+C replaces it) d=35; second hunk x=50, +y after it
    expect(changedOldLines(diff)).toEqual([34, 50]);
    expect(changedOldLines('no hunk here\n-not a change')).toEqual([]);
  });
});
