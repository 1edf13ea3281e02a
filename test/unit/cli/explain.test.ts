/**
 * `repomap explain` and Index.explain on the fixture repositories' ranking cases:
 * the edge paths from the file a query names to the file it expects, the cues and
 * score parts behind a file's place, and text that says the same as the JSON.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileExplanation, Query, Task } from '../../../src/index.js';
import { RANK_DEFAULTS } from '../../../src/unstable.js';
import { fixtureIndexes } from '../../fixture-index.js';
import { runCliCaptured, type CliRun } from '../../run-cli.js';
import { fixtureCopy } from '../../fixture-copy.js';

interface RankingCase {
  id: string;
  task: Task;
  query: Query;
  expect: { path: string; within: number }[];
}

const fixtures = join(import.meta.dirname, '../../../fixtures');
const casesOf = (repo: string): RankingCase[] =>
  JSON.parse(readFileSync(join(fixtures, 'cases', `${repo}.json`), 'utf8')) as RankingCase[];
const caseOf = (repo: string, id: string): RankingCase => casesOf(repo).find((c) => c.id === id)!;
const indexOf = fixtureIndexes();

const tmp = mkdtempSync(join(tmpdir(), 'repomap-cli-explain-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the python-inventory fixture: without --repo, the current folder is the repository. */
const INVENTORY = fixtureCopy('python-inventory');

function run(argv: string[]): Promise<CliRun> {
  return runCliCaptured(argv, { cwd: INVENTORY });
}

/** Explains a case's expected file through the CLI, in both formats. */
async function explainCli(
  repo: string,
  c: RankingCase,
  file: string,
): Promise<{ json: FileExplanation; text: string; raw: string }> {
  // The ARB query object goes in through --query-file, as an agent's harness would pass it.
  const queryFile = join(tmp, `${repo}-${c.id}.json`);
  writeFileSync(queryFile, JSON.stringify(c.query));
  const argv = ['explain', '--repo', join(fixtures, 'repos', repo), '--query-file', queryFile, '--task', c.task, file];
  const asJson = await run([...argv, '--format', 'json']);
  const asText = await run(argv);
  expect(asJson.stderr + asText.stderr).toBe('');
  expect([asJson.code, asText.code]).toEqual([0, 0]);
  return { json: JSON.parse(asJson.stdout) as FileExplanation, text: asText.stdout, raw: asJson.stdout };
}

/** Every number and name of the JSON appears in the text, in the text's own phrasing. */
function expectTextAgrees(text: string, e: FileExplanation): void {
  expect(text.split('\n')[0]).toBe(
    `${e.path} · rank ${e.rank} of ${e.files} · score ${e.score} · task ${e.task} · ${e.kind}${e.given ? ' · given (ranked last)' : ''}`,
  );
  expect(text).toContain(
    `(${e.parts.direct.weight} × direct ${e.parts.direct.share} + ${e.parts.ppr.weight} × ppr ${e.parts.ppr.share})`,
  );
  expect(text).toContain(`kind prior ${e.parts.kindPrior} ×`);
  for (const c of e.cues)
    expect(text).toContain(
      `${c.kind} ${c.value}${c.line !== undefined ? `:${c.line}` : ''} (field ${c.field}, strength ${c.strength}) → ${c.match} · weight ${c.weight}`,
    );
  e.paths.forEach((p, n) => {
    expect(text).toContain(`${n + 1}. flow ${p.flow} from ${p.seed.path}`);
    for (const h of p.hops) {
      expect(text).toContain(`${h.from} → ${h.to} (p ${h.probability})`);
      for (const edge of h.edges)
        expect(text).toContain(`${edge.type} ${edge.direction} · weight ${edge.weight} × flow ${edge.flow}: `);
    }
  });
}

const hopTypes = (e: FileExplanation, n: number): string[][] =>
  e.paths[n]!.hops.map((h) => h.edges.map((x) => `${x.type} ${x.direction}`));

describe('repomap explain on fixture cases', () => {
  it('traces the failing test named in a trace to the implementation it tests (python-inventory)', async () => {
    const c = caseOf('python-inventory', 'trace-rounding-assertion');
    const { json, text } = await explainCli('python-inventory', c, 'src/inventory/pricing.py');
    expect(json.rank).toBeLessThanOrEqual(c.expect[0]!.within);
    // The assertion calls apply_discount, which pricing.py defines.
    expect(json.cues).toContainEqual(
      expect.objectContaining({ kind: 'identifier', value: 'apply_discount', match: 'defines', field: 'raw_signal' }),
    );
    // The strongest path starts at the test file the failure names and follows the test → source link.
    const first = json.paths[0]!;
    expect(first.seed.path).toBe('tests/test_pricing.py');
    expect(first.seed.reason).toMatch(/is named in the query/);
    expect(first.hops.map((h) => [h.from, h.to])).toEqual([['tests/test_pricing.py', 'src/inventory/pricing.py']]);
    expect(hopTypes(json, 0)[0]).toEqual(
      expect.arrayContaining(['source-test forward', 'import forward', 'shared-symbol forward']),
    );
    expect(text).toContain('identifier apply_discount (field raw_signal');
    expect(text).toContain(
      'source-test forward · weight 1.5 × flow 2: tests/test_pricing.py tests src/inventory/pricing.py (naming convention',
    );
    expectTextAgrees(text, json);
  });

  it('goes from a changed source file back to its test (python-inventory code2test)', async () => {
    const c = caseOf('python-inventory', 'code2test-storage-backend');
    const { json, text } = await explainCli('python-inventory', c, 'tests/storage/test_backend.py');
    expect(json.rank).toBeLessThanOrEqual(c.expect[0]!.within);
    expect(json.paths[0]!.seed.path).toBe('src/inventory/storage/backend.py');
    expect(hopTypes(json, 0)).toEqual([expect.arrayContaining(['source-test backward'])]);
    expect(text).toContain('src/inventory/storage/backend.py is tested by tests/storage/test_backend.py');
    expectTextAgrees(text, json);
  });

  it('reaches a helper in two hops: failing test → the code it tests → the code that code uses (go-ratelimit)', async () => {
    const c = caseOf('go-ratelimit', 'trace-refill-assertion');
    const { json, text } = await explainCli('go-ratelimit', c, 'bucket.go');
    expect(json.rank).toBeLessThanOrEqual(c.expect.find((x) => x.path === 'bucket.go')!.within);
    const first = json.paths[0]!;
    expect(first.seed.path).toBe('limiter_test.go');
    expect(first.seed.reason).toMatch(/named by a failing test/);
    expect(first.hops.map((h) => h.to)).toEqual(['limiter.go', 'bucket.go']);
    expect(hopTypes(json, 0)[0]).toContain('source-test forward');
    expect(hopTypes(json, 0)[1]![0]).toBe('shared-symbol forward');
    expect(text).toMatch(/limiter\.go uses \(.*\) from bucket\.go/);
    expectTextAgrees(text, json);
  });

  it('reaches the test of a caller: changed file → its caller (backward) → the caller\u2019s test (ts-router code2test)', async () => {
    const c = caseOf('ts-router', 'code2test-match-pattern');
    const { json } = await explainCli('ts-router', c, 'src/router.test.ts');
    const first = json.paths[0]!;
    expect(first.seed.path).toBe('src/match/pattern.ts');
    expect(first.hops.map((h) => h.to)).toEqual(['src/router.ts', 'src/router.test.ts']);
    expect(hopTypes(json, 0)[0]).toContain('shared-symbol backward');
    expect(hopTypes(json, 0)[1]).toContain('source-test backward');
  });

  it('prints the same bytes twice', async () => {
    const c = caseOf('python-inventory', 'trace-rounding-assertion');
    const a = await explainCli('python-inventory', c, 'src/inventory/pricing.py');
    const b = await explainCli('python-inventory', c, 'src/inventory/pricing.py');
    expect(b.raw).toBe(a.raw);
    expect(b.text).toBe(a.text);
  });

  it('names a file outside the corpus and suggests the corpus paths it may mean (exit 1)', async () => {
    const r = await run(['explain', '--query', 'apply_discount', 'inventory/pricing.py']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'inventory/pricing.py is not a file of the corpus; did you mean src/inventory/pricing.py?',
    );
    const none = await run(['explain', '--query', 'apply_discount', 'no/such/file.py']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no/such/file.py is not a file of the corpus');
    expect(none.stderr).not.toContain('did you mean');
  });

  it('needs a query (usage error)', async () => {
    const r = await run(['explain', 'src/inventory/pricing.py']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('explain needs a query');
  });
});

describe('the functions likely to change, explained', () => {
  const query = 'apply_discount rounds half a cent the wrong way';

  it('lists the file\u2019s functions as rank names them under the learned function ranker, with their tuned parts', async () => {
    const index = (await indexOf('python-inventory')).withOptions({
      rank: {
        ranker: { issue2code: 'learned' },
        functions: { learned: true },
      },
    });
    const ranking = index.rank(query, { task: 'issue2code' });
    for (const file of ['src/inventory/pricing.py', 'src/inventory/checkout.py', 'src/inventory/models.py']) {
      const e = index.explain(query, file, { task: 'issue2code' });
      const ranked = ranking.files[e.rank - 1]!;
      expect(ranked.path).toBe(file);
      expect(
        e.functions?.map(({ parts: _p, ...f }) => f),
        file,
      ).toEqual(ranked.functions);
    }
    const tuned = index
      .withOptions({ rank: { functions: { learned: false } } })
      .explain(query, 'src/inventory/pricing.py', { task: 'issue2code' });
    const parts = new Map(tuned.functions!.map((f) => [f.name, f.parts]));
    for (const f of index.explain(query, 'src/inventory/pricing.py', { task: 'issue2code' }).functions!)
      if (parts.has(f.name)) expect(f.parts).toEqual(parts.get(f.name));
  });

  it('lists the file\u2019s functions as rank names them, each score the sum of its parts over the best unit\u2019s (tuned function ranker)', async () => {
    const index = (await indexOf('python-inventory')).withOptions({ rank: { functions: { learned: false } } });
    const ranking = index.rank(query, { task: 'issue2code' });
    for (const file of ['src/inventory/pricing.py', 'src/inventory/checkout.py', 'src/inventory/models.py']) {
      const e = index.explain(query, file, { task: 'issue2code' });
      const ranked = ranking.files[e.rank - 1]!;
      expect(ranked.path).toBe(file);
      // what rank names for the file, in its order, with its lines and scores
      expect(
        e.functions?.map(({ parts: _p, ...f }) => f),
        file,
      ).toEqual(ranked.functions);
      const total = (f: NonNullable<FileExplanation['functions']>[number]): number =>
        (f.parts!.named + f.parts!.nameWords + f.parts!.lines + f.parts!.words) * (f.parts!.classWeight ?? 1);
      const best = e.functions!.find((f) => f.score === 1)!;
      for (const f of e.functions!) {
        if (f.name === 'imports') expect(f.parts, file).toBeUndefined();
        else expect(total(f) / total(best), `${file} ${f.name}`).toBeCloseTo(f.score, 5);
      }
    }
    const pricing = index.explain(query, 'src/inventory/pricing.py', { task: 'issue2code' });
    expect(pricing.functions![0]).toMatchObject({
      name: 'apply_discount',
      start: 34,
      end: 40,
      score: 1,
      parts: { named: 1 },
    });
    expect(pricing.functions!.find((f) => f.kind === 'class')?.parts?.classWeight).toBe(
      RANK_DEFAULTS.functions.classWeight,
    );
    // a task without a function stage explains none
    expect(index.explain(query, 'src/inventory/pricing.py', { task: 'code2test' }).functions).toBeUndefined();
  });

  it('prints them in the text, as the JSON has them', async () => {
    const argv = ['explain', 'src/inventory/pricing.py', '--query', query];
    const [asJson, asText] = [await run([...argv, '--format', 'json']), await run(argv)];
    const e = JSON.parse(asJson.stdout) as FileExplanation;
    expect(e.functions!.length).toBeGreaterThan(2);
    const lines = asText.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('likely to change ('));
    expect(at).toBeGreaterThan(0);
    e.functions!.forEach((f, k) => {
      const p = f.parts;
      const sum = p
        ? `named ${p.named} + name words ${p.nameWords} + query lines ${p.lines} + words ${p.words}`
        : 'the import lines, at a fixed share of the best unit';
      expect(lines[at + 1 + k]).toBe(
        `  ${f.name} (${f.start}-${f.end}) · ${f.score} · ${p?.classWeight !== undefined ? `(${sum}) × class ${p.classWeight}` : sum}`,
      );
    });
  });
});

describe('Index.explain agrees with Index.rank on every fixture case', () => {
  const repos = readdirSync(join(fixtures, 'cases')).map((f) => f.replace(/\.json$/, ''));
  it.each(repos)('%s', async (repo) => {
    const index = await indexOf(repo);
    for (const c of casesOf(repo)) {
      const ranking = index.rank(c.query, { task: c.task });
      for (const { path: file } of c.expect) {
        const e = index.explain(c.query, file, { task: c.task });
        const at = `${repo} ${c.id} ${file}`;
        // Same place, score and reasons as the ranking.
        expect(ranking.files[e.rank - 1], at).toMatchObject({ path: file, score: e.score, reasons: e.reasons });
        // The parts multiply back to the score.
        const p = e.parts;
        const product =
          p.kindPrior * (p.direct.weight * p.direct.share + p.ppr.weight * p.ppr.share) * p.evidence * p.size.factor;
        expect(product, at).toBeCloseTo(e.score, 4);
        expect([p.direct.weight, p.ppr.weight]).toEqual([RANK_DEFAULTS.directWeight, RANK_DEFAULTS.pprWeight]);
        // Each cue's weight (matched alone) plus the lexical weight is the file's seed weight.
        const seeded = e.cues.reduce((s, x) => s + x.weight, e.lexical);
        expect(seeded, at).toBeCloseTo(p.direct.raw, 4);
        // Paths: strongest first, chained hop to hop, from a seed to the file, and together no more than its PageRank.
        let total = 0;
        e.paths.forEach((path, n) => {
          if (n > 0) expect(path.flow, at).toBeLessThanOrEqual(e.paths[n - 1]!.flow);
          expect(path.hops[0]!.from, at).toBe(path.seed.path);
          expect(path.seed.reason, at).not.toBe('');
          expect(path.hops[path.hops.length - 1]!.to, at).toBe(file);
          path.hops.forEach((h, k) => {
            if (k > 0) expect(h.from, at).toBe(path.hops[k - 1]!.to);
            expect(h.probability, at).toBeGreaterThan(0);
            expect(h.edges.length, at).toBeGreaterThan(0);
          });
          expect(path.hops.length, at).toBeLessThanOrEqual(4);
          total += path.flow;
        });
        expect(total, at).toBeLessThanOrEqual(p.ppr.raw * (1 + 1e-6));
        expect(e.paths.length, `${at}: an expected file is reached from some seed`).toBeGreaterThan(0);
      }
    }
  });
});
