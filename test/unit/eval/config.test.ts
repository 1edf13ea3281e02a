/**
 * Evaluation configurations: deep merge onto the defaults, unknown keys and
 * wrong types rejected with the key path and the file, and a configuration
 * that changes a ranking on a tiny git repository.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPH_DEFAULTS } from '../../../src/graph/index.js';
import { RANK_DEFAULTS } from '../../../src/rank/index.js';
import { PACK_DEFAULTS, SPAN_DEFAULTS } from '../../../src/unstable.js';
import {
  loadEvalConfig,
  parseEvalConfig,
  resolveIndexOptions,
  runEval,
  type EvalConfig,
  type Sample,
} from '../../../src/eval/index.js';
import { commitAll, initRepo, makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';
import { errorOf } from '../../error-of.js';

describe('resolveIndexOptions', () => {
  it('is the defaults without a configuration', () => {
    const r = resolveIndexOptions(undefined);
    expect(r.rank).toEqual(RANK_DEFAULTS);
    expect(r.graph).toEqual(GRAPH_DEFAULTS);
    expect(r.spans).toEqual(SPAN_DEFAULTS);
    expect(r.pack).toEqual(PACK_DEFAULTS);
  });

  it('sets every stage: cues, graph, rank, spans and pack', () => {
    const config = parseEvalConfig(
      { cues: { frameDecay: 0.5 }, spans: { maxSpansPerFile: 2 }, pack: { kindValue: { caller: 0 } } },
      'sweep.json',
    );
    const r = resolveIndexOptions(config);
    expect(r.cues.frameDecay).toBe(0.5);
    expect(r.spans).toEqual({ ...SPAN_DEFAULTS, maxSpansPerFile: 2 });
    expect(r.pack.kindValue).toEqual({ ...PACK_DEFAULTS.kindValue, caller: 0 });
    const error = errorOf(() => parseEvalConfig({ spans: { maxSpans: 2 } }, 'sweep.json'));
    expect(error.message).toContain('sweep.json: unknown key "spans.maxSpans"');
    expect(error.subject).toBe('sweep.json#spans.maxSpans');
  });

  it('changes one task of a per-task weight and keeps the others', () => {
    const r = resolveIndexOptions({ rank: { callerWeight: { edit2ripple: 0 } } });
    expect(r.rank.callerWeight).toEqual({ ...RANK_DEFAULTS.callerWeight, edit2ripple: 0 });
    expect(r.rank.textWeight).toEqual(RANK_DEFAULTS.textWeight);
    expect(RANK_DEFAULTS.callerWeight.edit2ripple).toBeGreaterThan(0); // the defaults are untouched
  });

  it('merges nested flow factors and graph sub-objects per key', () => {
    const r = resolveIndexOptions({
      graph: { importWeight: 0, sharedSymbol: { maxDefiners: 3 } },
      rank: { flow: { code2test: { 'shared-symbol': { backward: 0 } } } },
    });
    expect(r.graph.importWeight).toBe(0);
    expect(r.graph.sharedSymbol).toEqual({ ...GRAPH_DEFAULTS.sharedSymbol, maxDefiners: 3 });
    expect(r.rank.flow.code2test['shared-symbol']).toEqual({
      forward: RANK_DEFAULTS.flow.code2test['shared-symbol'].forward,
      backward: 0,
    });
    expect(r.rank.flow.code2test.import).toEqual(RANK_DEFAULTS.flow.code2test.import);
    expect(r.rank.flow.edit2ripple).toEqual(RANK_DEFAULTS.flow.edit2ripple);
  });
});

describe('parseEvalConfig', () => {
  it('accepts overrides at any depth and a description', () => {
    const config = {
      description: 'no callers for ripple',
      graph: { sameModuleWeight: 0 },
      rank: { callerWeight: { edit2ripple: 0 }, knownFields: { code2test: [] } },
    };
    expect(parseEvalConfig(config, 'c.json')).toEqual(config);
    expect(parseEvalConfig({}, 'c.json')).toEqual({});
  });

  it.each([
    [{ ranks: {} }, 'unknown key "ranks"'],
    [{ graph: { importWieght: 0 } }, 'unknown key "graph.importWieght"'],
    [{ graph: { sharedSymbol: { maxDefiner: 3 } } }, 'unknown key "graph.sharedSymbol.maxDefiner"'],
    [{ rank: { callerWeight: { edit2rippel: 0 } } }, 'unknown key "rank.callerWeight.edit2rippel"'],
    [{ rank: { flow: { code2test: { imports: { forward: 1 } } } } }, 'unknown key "rank.flow.code2test.imports"'],
    [
      { rank: { flow: { code2test: { import: { sideways: 1 } } } } },
      'unknown key "rank.flow.code2test.import.sideways"',
    ],
  ])('rejects an unknown key, naming its path and the file: %j', (config, message) => {
    const err = errorOf(() => parseEvalConfig(config, 'bench/x.json'));
    expect(err.code).toBe('bad-option');
    expect(err.message).toContain('bench/x.json: ');
    expect(err.message).toContain(message);
  });

  it('lists the known keys of the level at fault', () => {
    expect(errorOf(() => parseEvalConfig({ rank: { callerWeight: { nope: 1 } } }, 'x.json')).message).toContain(
      'known: generic, code2test',
    );
  });

  it.each([
    [[], 'a configuration is a JSON object'],
    [{ graph: 1 }, '"graph" must be an object, got number 1'],
    [{ rank: { alpha: '0.5' } }, '"rank.alpha" must be a finite number, got string "0.5"'],
    [{ rank: { callerWeight: 0 } }, '"rank.callerWeight" must be an object, got number 0'],
    [
      { rank: { kindPrior: { code2test: { test: null } } } },
      '"rank.kindPrior.code2test.test" must be a finite number, got null',
    ],
    [{ rank: { knownFields: { code2test: 'changed_files' } } }, '"rank.knownFields.code2test" must be an array'],
    [{ rank: { knownFields: { code2test: [1] } } }, '"rank.knownFields.code2test[0]" must be a string'],
    [{ description: 3 }, '"description" must be a string'],
  ])('rejects a value of the wrong type: %j', (config, message) => {
    const err = errorOf(() => parseEvalConfig(config, 'x.json'));
    expect(err.code).toBe('bad-option');
    expect(err.message).toContain(message);
  });
});

describe('loadEvalConfig', () => {
  let dir: string;
  beforeAll(() => {
    dir = makeTemp('repomap-config-');
  });
  afterAll(() => removeTemp(dir));

  it('reads a file', async () => {
    const file = join(dir, 'ok.json');
    writeFileSync(file, '{"rank": {"textWeight": {"code2test": 0}}}\n');
    expect(await loadEvalConfig(file)).toEqual({ rank: { textWeight: { code2test: 0 } } });
  });

  it('names the file when it is missing, not JSON, or has an unknown key', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"rank": ');
    const unknown = join(dir, 'unknown.json');
    writeFileSync(unknown, '{"graph": {"coChange": 1}}');
    await expect(loadEvalConfig(join(dir, 'missing.json'))).rejects.toThrow(
      /missing\.json: cannot read the configuration \(no such file\)/,
    );
    await expect(loadEvalConfig(bad)).rejects.toThrow(/bad\.json: not valid JSON/);
    await expect(loadEvalConfig(unknown)).rejects.toThrow(/unknown\.json: unknown key "graph\.coChange"/);
    await expect(loadEvalConfig(unknown)).rejects.toMatchObject({ code: 'bad-option' });
  });
});

describe('runEval with a configuration', () => {
  let dir: string;
  let samples: Sample[];
  beforeAll(() => {
    dir = makeTemp('repomap-config-run-');
    const repo = initRepo(join(dir, 'repos', 'acme+calc'), 'repo');
    writeFiles(repo, {
      'calc/__init__.py': '',
      'calc/totals.py': 'def compute_total(items):\n    return sum(items)\n',
      'calc/report.py':
        'from calc.totals import compute_total\n\n\ndef render_report(items):\n    return f"total {compute_total(items)}"\n',
      'calc/unrelated.py': 'def helper():\n    return 1\n',
      'tests/test_totals.py':
        'from calc.totals import compute_total\n\n\ndef test_compute_total():\n    assert compute_total([1, 2]) == 3\n',
    });
    const commit = commitAll(repo, 'calc');
    samples = [
      {
        id: 'r1',
        repo: 'acme/calc',
        base_commit: commit,
        task_type: 'edit2ripple',
        query: {
          intent: 'totals of empty lists',
          anchor_file: 'calc/totals.py',
          anchor_diff:
            '@@ -1,2 +1,2 @@ def compute_total(items):\n-    return sum(items)\n+    return sum(items or [])\n',
        },
        gold: { files: ['tests/test_totals.py'], given_files: ['calc/totals.py'] },
      } as unknown as Sample,
    ];
  });
  afterAll(() => removeTemp(dir));

  const run = (config?: EvalConfig) =>
    runEval(samples, { reposDir: join(dir, 'repos'), timings: false, ...(config ? { config } : {}) });

  it('changes the ranking the way its switches say', async () => {
    const plain = await run();
    // A kind prior of 0 for tests puts every test file at score 0, after every source file.
    const noTests = await run({ rank: { kindPrior: { edit2ripple: { test: 0 } } } });
    const before = plain.rows[0]!.top_files;
    const after = noTests.rows[0]!.top_files;
    expect(before.indexOf('tests/test_totals.py')).toBeLessThan(before.indexOf('calc/unrelated.py'));
    expect(after.indexOf('tests/test_totals.py')).toBeGreaterThan(after.indexOf('calc/unrelated.py'));
    expect(noTests.scores[0]!.firstGoldRank!).toBeGreaterThan(plain.scores[0]!.firstGoldRank!);
  });

  it('gives the default ranking for an empty configuration', async () => {
    expect((await run({})).rows).toEqual((await run()).rows);
  });

  it('rejects an unknown key before any work, and a configuration for BM25', async () => {
    await expect(run({ rank: { nope: 1 } } as unknown as EvalConfig)).rejects.toThrow(
      /eval config: unknown key "rank\.nope"/,
    );
    await expect(runEval(samples, { reposDir: dir, method: 'bm25', config: {} })).rejects.toThrow(
      /applies to the repomap method/,
    );
  });
});
