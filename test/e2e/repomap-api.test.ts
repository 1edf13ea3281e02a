/**
 * The public API end to end on the fixture repos: repoMap's one-call form,
 * rank options (top, task, includeGiven), score order, confidence and stats.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildIndex, loadCorpus, repoMap, type Query, type RepoMapResult, type Task } from '../../src/index.js';
import { EDGE_TYPES, SKIP_REASONS } from '../../src/unstable.js';
import { fixtureIndexes } from '../fixture-index.js';

const REPOS = join(import.meta.dirname, '../../fixtures/repos');
const CASES = join(import.meta.dirname, '../../fixtures/cases');
const folderOf = (repo: string) => ({ folder: join(REPOS, repo) });

interface FixtureCase {
  id: string;
  task: Task;
  query: Query;
}
const caseOf = (repo: string, id: string): FixtureCase => {
  const c = (JSON.parse(readFileSync(join(CASES, `${repo}.json`), 'utf8')) as FixtureCase[]).find((x) => x.id === id);
  if (!c) throw new Error(`no case ${id} in ${repo}`);
  return c;
};

/** A result with its wall-clock timings zeroed, for exact comparison. */
function comparable(result: RepoMapResult): RepoMapResult {
  return { ...result, stats: { ...result.stats, timingsMs: { corpus: 0, tags: 0, graph: 0 }, rankMs: 0 } };
}

function expectNonIncreasing(result: RepoMapResult): void {
  for (let i = 1; i < result.files.length; i++) {
    const [prev, next] = [result.files[i - 1]!, result.files[i]!];
    expect(prev.score, `${prev.path} (#${i}) ≥ ${next.path} (#${i + 1})`).toBeGreaterThanOrEqual(next.score);
  }
}

const indexOf = fixtureIndexes();

describe('repoMap (one call)', () => {
  it('equals loadCorpus + buildIndex + index.rank', async () => {
    const c = caseOf('go-ratelimit', caseOfFirstId('go-ratelimit'));
    const once = await repoMap(c.query, folderOf('go-ratelimit'), { task: c.task });
    const index = await buildIndex(await loadCorpus(folderOf('go-ratelimit')));
    const twoStep = index.rank(c.query, { task: c.task });
    expect(comparable(once)).toEqual(comparable(twoStep));
    // and for a plain string query with the task inferred
    const text = 'TokenBucket.refill adds too many tokens after a long idle period';
    expect(comparable(await repoMap(text, folderOf('go-ratelimit')))).toEqual(comparable(index.rank(text)));
  });

  it('passes corpus options through (a smaller size limit skips more files)', async () => {
    const small = await repoMap('apply_discount', folderOf('python-inventory'), { corpus: { maxFileBytes: 200 } });
    const normal = await repoMap('apply_discount', folderOf('python-inventory'));
    expect(small.stats.skipped['too-large']).toBeGreaterThan(0);
    expect(small.stats.files + small.stats.skipped['too-large']).toBe(normal.stats.files);
    expect(small.diagnostics.filter((d) => d.code === 'skipped-too-large')).toHaveLength(
      small.stats.skipped['too-large'],
    );
  });
});

function caseOfFirstId(repo: string): string {
  return (JSON.parse(readFileSync(join(CASES, `${repo}.json`), 'utf8')) as FixtureCase[])[0]!.id;
}

describe('rank options', () => {
  it('`top` returns that many files, a prefix of the full ranking; stats still describe the whole corpus', async () => {
    const index = await indexOf('python-inventory');
    const all = index.rank('apply_discount best_price');
    expect(all.files).toHaveLength(index.corpus.files.length);
    for (const top of [1, 3, 5]) {
      const r = index.rank('apply_discount best_price', { top });
      expect(r.files).toEqual(all.files.slice(0, top));
      expect(r.stats.files).toBe(all.stats.files);
      expect(r.confidence).toBe(all.confidence);
    }
    // a top above the corpus size returns every file
    expect(index.rank('apply_discount best_price', { top: 1000 }).files).toEqual(all.files);
  });

  it('a `top` that is not a whole number ≥ 0 is an error naming it', async () => {
    const index = await indexOf('python-inventory');
    for (const top of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => index.rank('apply_discount', { top }), `top ${top}`).toThrow(
        expect.objectContaining({ code: 'bad-option', subject: 'top' }),
      );
    }
  });

  it('`task` overrides the task inferred from the query', async () => {
    const index = await indexOf('python-inventory');
    expect(index.rank('apply_discount').task).toBe('issue2code');
    const asTest = index.rank('apply_discount', { task: 'code2test' });
    expect(asTest.task).toBe('code2test');
    // code2test's answers are tests: the test of apply_discount leads
    expect(asTest.files[0]!.path).toBe('tests/test_pricing.py');
  });

  it('`previous` is returned as it is for the same contents and options, and rebuilt after any change', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'repomap-previous-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(join(REPOS, 'python-inventory'), dir, { recursive: true });
    const tagsCache = new Map();
    const first = await buildIndex(await loadCorpus({ folder: dir }), { tagsCache });
    expect(await buildIndex(await loadCorpus({ folder: dir }), { tagsCache, previous: first })).toBe(first);
    // other options: a new index
    const other = await buildIndex(await loadCorpus({ folder: dir }), {
      tagsCache,
      previous: first,
      rank: { alpha: 0.9 },
    });
    expect(other).not.toBe(first);
    // one file edited: a new index that sees the edit
    const pricing = join(dir, 'src/inventory/pricing.py');
    writeFileSync(
      pricing,
      readFileSync(pricing, 'utf8') + '\n\ndef loyalty_bonus_cents(total):\n    return total // 100\n',
    );
    const edited = await buildIndex(await loadCorpus({ folder: dir }), { tagsCache, previous: first });
    expect(edited).not.toBe(first);
    expect(edited.rank('loyalty_bonus_cents').files[0]!.path).toBe('src/inventory/pricing.py');
    expect(edited.stats.cache).toEqual({ hits: first.stats.parsed - 1, misses: 1 });
    // a file added that the corpus skips (binary) changes what the index reports: rebuilt too
    writeFileSync(join(dir, 'logo.bin'), Buffer.from([0, 1, 2, 0]));
    const skipped = await buildIndex(await loadCorpus({ folder: dir }), { tagsCache, previous: edited });
    expect(skipped).not.toBe(edited);
    expect(skipped.stats.skipped.binary).toBe(edited.stats.skipped.binary + 1);
  });

  it('`withOptions` ranks like an index built with those rank options, and leaves the original alone', async () => {
    const folder = folderOf('python-inventory');
    const corpus = await loadCorpus(folder);
    const base = await buildIndex(corpus);
    const overrides = { kindPrior: { code2test: { source: 1, test: 0.05 } }, alpha: 0.9 };
    const rebuilt = await buildIndex(corpus, { rank: overrides });
    const query = 'apply_discount';
    const before = comparable(base.rank(query, { task: 'code2test' }));
    const view = comparable(base.withOptions({ rank: overrides }).rank(query, { task: 'code2test' }));
    expect(view).toEqual(comparable(rebuilt.rank(query, { task: 'code2test' })));
    // the override changed the answer (tests were favoured, now sources are) …
    expect(view.files[0]!.path).not.toBe(before.files[0]!.path);
    expect(view.files[0]!.path.startsWith('src/')).toBe(true);
    // … and the original index still ranks as before
    expect(comparable(base.rank(query, { task: 'code2test' }))).toEqual(before);
  });

  describe('includeGiven', () => {
    // edit2ripple: the anchor file src/inventory/pricing.py is given
    const c = caseOf('python-inventory', 'ripple-apply-discount-keyword-only');
    const given = 'src/inventory/pricing.py';
    let plain: RepoMapResult;
    let included: RepoMapResult;
    beforeAll(async () => {
      const index = await indexOf('python-inventory');
      plain = index.rank(c.query, { task: c.task });
      included = index.rank(c.query, { task: c.task, includeGiven: true });
    });

    it('by default the given file goes last, flagged as given', () => {
      expect(plain.files.at(-1)!.path).toBe(given);
      expect(plain.files.at(-1)!.reasons[0]).toMatch(/^given/);
      // the others are in score order
      expectNonIncreasing({ ...plain, files: plain.files.slice(0, -1) });
    });

    it('with includeGiven it is back at its earned place, everything else unchanged', () => {
      // the anchor is named by path and defines the changed symbol: it earns the top
      expect(included.files[0]!.path).toBe(given);
      expectNonIncreasing(included);
      // the same files and scores; only the given file moved
      const moved = [...included.files.filter((f) => f.path !== given), included.files.find((f) => f.path === given)!];
      expect(moved.map((f) => [f.path, f.score])).toEqual(plain.files.map((f) => [f.path, f.score]));
      expect(included.confidence).toBe(plain.confidence);
    });

    it('`top` orders only the first files, given files still last: each top is a prefix of the whole ranking', async () => {
      const index = await indexOf('python-inventory');
      const n = plain.files.length;
      for (const top of [0, 1, 2, n - 1, n]) {
        expect(index.rank(c.query, { task: c.task, top }).files, `top ${top}`).toEqual(plain.files.slice(0, top));
        expect(
          index.rank(c.query, { task: c.task, top, includeGiven: true }).files,
          `top ${top}, given included`,
        ).toEqual(included.files.slice(0, top));
      }
      // one short of every file: the given file, last, is the one left out
      expect(index.rank(c.query, { task: c.task, top: n - 1 }).files.map((f) => f.path)).not.toContain(given);
    });

    it('comment2context: the reviewed file (`path`) is given too', async () => {
      const review = caseOf('python-inventory', 'comment-best-price-fallback');
      const index = await indexOf('python-inventory');
      const r = index.rank(review.query, { task: review.task });
      expect(r.files.at(-1)!.path).toBe('src/inventory/checkout.py');
      const back = index.rank(review.query, { task: review.task, includeGiven: true });
      expect(back.files.findIndex((f) => f.path === 'src/inventory/checkout.py')).toBeLessThan(back.files.length - 1);
      expectNonIncreasing(back);
    });
  });
});

describe('scores', () => {
  it.each([
    ['python-inventory', 'trace-rounding-assertion'],
    ['rust-tokenizer', null],
    ['ts-router', null],
    ['java-ledger', null],
  ])('%s: every ranked file scores at least as much as the next (no given files)', async (repo, id) => {
    const index = await indexOf(repo);
    const c = caseOf(repo, id ?? caseOfFirstId(repo));
    const r = index.rank(c.query, { task: c.task, includeGiven: true });
    expectNonIncreasing(r);
    expect(r.files[0]!.score).toBeGreaterThan(0);
    expect(r.files[0]!.reasons.length).toBeGreaterThan(0);
    for (const f of r.files) expect(Number.isFinite(f.score) && f.score >= 0, f.path).toBe(true);
  });
});

describe('confidence', () => {
  it("is higher for a query naming the repo's symbols than for words of another fixture's domain", async () => {
    const index = await indexOf('python-inventory');
    const own = index.rank('apply_discount rounds wrong when best_price picks the bulk tier; see round_cents');
    // go-ratelimit's and java-ledger's vocabulary: nothing in python-inventory defines these
    const foreign = index.rank('TokenBucket refill and RetryAfter race in MemoryStore');
    const prose = index.rank('the ledger transfer rejects a currency mismatch');
    for (const r of [own, foreign, prose]) {
      expect(r.confidence).toBeGreaterThanOrEqual(0);
      expect(r.confidence).toBeLessThanOrEqual(1);
    }
    expect(own.confidence).toBeGreaterThan(foreign.confidence);
    expect(own.confidence).toBeGreaterThan(prose.confidence);
    expect(own.confidence).toBeGreaterThan(0.5);
    // DESIGN.md: 0 when the query names nothing in the repository
    expect(foreign.confidence).toBe(0);
    expect(prose.confidence).toBe(0);
  });

  it('grows with the number of the repo symbols a query names', async () => {
    const index = await indexOf('python-inventory');
    const one = index.rank('best_price').confidence;
    const two = index.rank('best_price apply_discount').confidence;
    const three = index.rank('best_price apply_discount round_cents').confidence;
    expect(one).toBeGreaterThan(0);
    expect(two).toBeGreaterThan(one);
    expect(three).toBeGreaterThan(two);
    // half the named symbols unknown here: lower than all known
    expect(index.rank('best_price apply_discount TokenBucket NewMemoryStore').confidence).toBeLessThan(two);
  });
});

describe('result.stats', () => {
  it('describes the index: files, parsed, skipped, definitions, references, edges and timings', async () => {
    const r = await repoMap('isValidCode rejects a valid code', folderOf('mixed-monorepo'));
    const s = r.stats;
    expect(s.files).toBe(r.files.length);
    expect(s.files).toBe(22);
    expect(s.parsed).toBeGreaterThan(0);
    expect(s.parsed).toBeLessThanOrEqual(s.files);
    expect(Object.keys(s.skipped).sort()).toEqual([...SKIP_REASONS].sort());
    expect(s.skipped).toMatchObject({ ignored: 2, vendored: 2 });
    expect(s.definitions).toBeGreaterThan(0);
    expect(s.references).toBeGreaterThan(0);
    expect(s.importsResolved).toBeLessThanOrEqual(s.imports);
    expect(Object.keys(s.edges).sort()).toEqual([...EDGE_TYPES].sort());
    // a folder corpus has no history: no co-change edges
    for (const t of EDGE_TYPES.filter((t) => t !== 'co-change')) expect(s.edges[t], t).toBeGreaterThan(0);
    expect(s.edges['co-change']).toBe(0);
    for (const k of ['corpus', 'tags', 'graph'] as const) {
      expect(Number.isInteger(s.timingsMs[k]), k).toBe(true);
      expect(s.timingsMs[k]).toBeGreaterThanOrEqual(0);
    }
    expect(Number.isInteger(s.rankMs)).toBe(true);
    expect(s.rankMs).toBeGreaterThanOrEqual(0);
    expect(r.task).toBe('issue2code');
    expect(Array.isArray(r.diagnostics)).toBe(true);
  });

  it('matches the index it came from', async () => {
    const index = await indexOf('java-ledger');
    const r = index.rank('Money.minus throws CurrencyMismatchException');
    const { rankMs, ...rest } = r.stats;
    expect(rankMs).toBeGreaterThanOrEqual(0);
    expect(rest).toEqual(index.stats);
    expect(r.stats.definitions).toBe(index.tags.reduce((n, t) => n + t.definitions.length, 0));
    expect(r.stats.references).toBe(index.tags.reduce((n, t) => n + t.references.length, 0));
  });
});
