import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CUE_DEFAULTS, extractCues, inferTask, queryText } from '../../../src/cues/index.js';
import { RepoMapError } from '../../../src/errors.js';
import { CUE_KINDS, type Cue } from '../../../src/types.js';
import * as DEV from './fixtures/dev-queries.js';
import * as T from './fixtures/traces.js';

describe('inferTask', () => {
  it.each([
    ['CODE2TEST_GIN', 'code2test'],
    ['CODE2TEST_CLICK', 'code2test'],
    ['EDIT2RIPPLE_VITE', 'edit2ripple'],
    ['EDIT2RIPPLE_MOCKITO', 'edit2ripple'],
    ['TRACE2CODE_JINJA', 'trace2code'],
    ['TRACE2CODE_CLICK', 'trace2code'],
  ] as const)('dev row %s is %s', (name, task) => {
    expect(inferTask(DEV[name])).toBe(task);
  });

  it('reads the ARB fields of the other tasks', () => {
    expect(inferTask({ review_comment: 'nit', path: 'a.py', line: 3, diff_hunk_context: '@@ -1 +1 @@' })).toBe(
      'comment2context',
    );
    expect(inferTask({ changed_file: 'a.go' })).toBe('code2test');
    expect(inferTask({ trace_paths: ['tests/x.py'] })).toBe('trace2code');
    expect(inferTask({ anchor_diff: '@@ -1 +1 @@\n-a\n+b' })).toBe('edit2ripple');
    // prose (a question, a bug report) is an issue; a diff pasted as text is an edit
    expect(inferTask({ text: 'where is the retry policy configured?' })).toBe('issue2code');
    expect(inferTask('where is the retry policy configured?')).toBe('issue2code');
    expect(inferTask('Retry ignores max_attempts\n\nWith `max_attempts=3` it retries forever.')).toBe('issue2code');
    expect(inferTask('@@ -1,2 +1,2 @@\n-a = 1\n+a = 2')).toBe('edit2ripple');
    expect(inferTask('')).toBe('generic');
    // empty fields announce nothing
    expect(inferTask({ raw_signal: '', test_names: [], changed_files: [], text: 'x' })).toBe('issue2code');
  });

  it("reads a pasted failure in plain text as trace2code, in each ecosystem's format", () => {
    expect(inferTask('Traceback (most recent call last):\n  File "src/a.py", line 3, in f\nKeyError: 1')).toBe(
      'trace2code',
    );
    expect(inferTask('FAILED tests/test_pricing.py::TestApplyDiscount::test_rounds - AssertionError')).toBe(
      'trace2code',
    );
    expect(inferTask('--- FAIL: TestRetryAfter (0.00s)\n    bucket_test.go:41: got 1s')).toBe('trace2code');
    expect(inferTask("thread 'lexer::tests::ident' panicked at src/lexer.rs:88:9:")).toBe('trace2code');
    expect(
      inferTask('java.lang.IllegalStateException: closed\n\tat com.example.ledger.Ledger.post(Ledger.java:42)'),
    ).toBe('trace2code');
    expect(
      inferTask('TypeError: x is undefined\n    at matchPattern (/home/dev/ts-router/src/match/pattern.ts:31:18)'),
    ).toBe('trace2code');
    expect(inferTask({ text: 'E   AssertionError: assert 3 == 2' })).toBe('trace2code');
    // prose about failures is not a failure
    expect(inferTask('the retry test failed at random on CI last week')).toBe('issue2code');
  });

  it('reads a Python traceback without its standard header as a failure', () => {
    const frames =
      '  File "src/inventory/pricing.py", line 12, in apply_discount\n    return round_cents(total)\nKeyError: 3';
    expect(inferTask(`Traceback:\n${frames}`)).toBe('trace2code');
    expect(inferTask(frames)).toBe('trace2code');
    expect(inferTask({ text: `Error while pricing:\n${frames}` })).toBe('trace2code');
    // a file named in prose is not a frame
    expect(inferTask('the File "settings.py" holds the defaults')).toBe('issue2code');
  });

  it('prefers a failure signal over a change description when both are present', () => {
    expect(inferTask({ changed_files: ['a.py'], raw_signal: 'Traceback …' })).toBe('trace2code');
  });
});

describe('queryText', () => {
  it('joins every string value, recursively, in byte order of the keys, without gold or metadata', () => {
    const q = {
      zeta: 'last',
      alpha: ['a1', { inner: 'a2', Inner: 'A2' }, 3, null],
      gold: { files: ['secret.py'] },
      metadata: { commit: 'abc' },
      Beta: 'first',
      line: 12,
    };
    expect(queryText(q)).toBe('first\na1\nA2\na2\nlast');
    // key order of the object does not matter
    expect(
      queryText({ metadata: {}, line: 12, Beta: 'first', zeta: 'last', alpha: ['a1', { Inner: 'A2', inner: 'a2' }] }),
    ).toBe(queryText(q));
    expect(queryText('free text')).toBe('free text');
  });

  it('is the `text` of the cues', () => {
    expect(extractCues(DEV.TRACE2CODE_JINJA).text).toBe(queryText(DEV.TRACE2CODE_JINJA));
  });
});

describe('extractCues on real dev rows', () => {
  it('code2test (gin): changed file, change summary, identifiers from the title; the URL is ignored', () => {
    const r = extractCues(DEV.CODE2TEST_GIN);
    expect(r.task).toBe('code2test');
    expect(r.givenFiles).toEqual([]);
    expect(r.cues).toEqual([
      { kind: 'path', value: 'gin.go', strength: 1, field: 'changed_files' },
      { kind: 'identifier', value: 'RouteInfo', strength: 1, field: 'change_summary' },
      { kind: 'identifier', value: 'TrustedPlatform', strength: CUE_DEFAULTS.textIdentifierStrength, field: 'pr_body' },
      { kind: 'term', value: 'constant', strength: CUE_DEFAULTS.termStrength, field: 'pr_title' },
      { kind: 'term', value: 'detail', strength: CUE_DEFAULTS.termStrength, field: 'pr_body' },
    ]);
  });

  it('edit2ripple (vite): the anchor is given; the new function and the enclosing one are diff symbols', () => {
    const r = extractCues(DEV.EDIT2RIPPLE_VITE);
    expect(r.givenFiles).toEqual(['packages/vite/src/node/env.ts']);
    const diffSymbols = r.cues.filter((c) => c.kind === 'diff-symbol').map((c) => [c.value, c.strength]);
    expect(diffSymbols).toEqual([
      ['getEnvFilesForMode', CUE_DEFAULTS.diffChangedDefinitionStrength],
      ['loadEnv', CUE_DEFAULTS.diffContextStrength],
    ]);
  });

  it('trace2code (jinja): the only frame is the root cause, at full strength', () => {
    const r = extractCues(DEV.TRACE2CODE_JINJA);
    expect(r.cues.filter((c) => c.kind === 'frame')).toEqual([
      { kind: 'frame', value: 'src/jinja2/filters.py', line: 1001, strength: 1, field: 'raw_signal' },
    ]);
    expect(r.cues.filter((c) => c.kind === 'test-name').map((c) => c.value)).toEqual(['test_int']);
    expect(r.cues.filter((c) => c.kind === 'path').map((c) => [c.value, c.strength])).toEqual([
      ['tests/test_filters.py', 1],
    ]);
  });

  it('trace2code (click): all parametrized ids collapse to one test name; test files are weak frames', () => {
    const r = extractCues(DEV.TRACE2CODE_CLICK);
    expect(r.cues.filter((c) => c.kind === 'test-name').map((c) => c.value)).toEqual([
      'test_generate_name',
      'test_other_command_invoke_with_defaults',
    ]);
    expect(r.cues.filter((c) => c.kind === 'frame').map((c) => [c.value, c.line, c.strength])).toEqual([
      ['tests/test_commands.py', 252, CUE_DEFAULTS.testFrameScale],
    ]);
    // test_generate_name → generate_name: the helper the fix adds to decorators.py
    expect(r.cues.find((c) => c.kind === 'identifier' && c.value === 'generate_name')?.strength).toBe(
      CUE_DEFAULTS.testSymbolStrength,
    );
  });
});

describe('output contract', () => {
  const samples: unknown[] = [
    ...Object.values(DEV),
    ...Object.values(T),
    ...Object.values(T).map((t) => ({ raw_signal: t })),
  ];

  it('sorts cues by kind, then strength desc, then value; strengths in (0, 1]; no duplicate (kind, value, line)', () => {
    for (const q of samples) {
      const { cues } = extractCues(q as string);
      const keys = new Set<string>();
      cues.forEach((c: Cue, i) => {
        expect(c.strength).toBeGreaterThan(0);
        expect(c.strength).toBeLessThanOrEqual(1);
        const key = `${c.kind}|${c.value}|${c.line ?? ''}`;
        expect(keys.has(key)).toBe(false);
        keys.add(key);
        const prev = cues[i - 1];
        if (!prev) return;
        const byKind = CUE_KINDS.indexOf(prev.kind) - CUE_KINDS.indexOf(c.kind);
        expect(byKind).toBeLessThanOrEqual(0);
        if (byKind === 0) {
          expect(prev.strength).toBeGreaterThanOrEqual(c.strength);
          if (prev.strength === c.strength) expect(prev.value <= c.value).toBe(true);
        }
      });
    }
  });

  it('is deterministic byte for byte, whatever the key order of the query object', () => {
    for (const q of Object.values(DEV)) {
      const reversed = Object.fromEntries(Object.entries(q).reverse());
      expect(JSON.stringify(extractCues(reversed))).toBe(JSON.stringify(extractCues(q)));
      expect(JSON.stringify(extractCues(q))).toBe(JSON.stringify(extractCues(q)));
    }
  });

  it('never throws on arbitrary strings and objects, and stays deterministic (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 400 }),
          fc.dictionary(
            fc.constantFrom('text', 'raw_signal', 'anchor_diff', 'test_names', 'changed_files', 'path'),
            fc.oneof(fc.string({ maxLength: 200 }), fc.array(fc.string({ maxLength: 60 }), { maxLength: 4 })),
          ),
        ),
        (q) => {
          const a = extractCues(q);
          expect(JSON.stringify(extractCues(q))).toBe(JSON.stringify(a));
          for (const c of a.cues) expect(c.strength > 0 && c.strength <= 1).toBe(true);
        },
      ),
      { numRuns: 300, seed: 42 },
    );
  });

  it('stays linear on pathological input (long runs that once made the URL and call patterns quadratic)', () => {
    const n = 100_000;
    const inputs = [
      '    at ' + 'a'.repeat(n) + ' (x',
      'a.'.repeat(n / 2),
      'a-'.repeat(n / 2),
      '\tat ' + 'a.'.repeat(n / 2) + 'b(',
      'a/'.repeat(n / 2) + 'x.py::' + 'b::'.repeat(n / 4),
      '`a '.repeat(n / 3),
    ];
    // quadratic behaviour took minutes here: the suite's test timeout catches it (speed is measured in bench/perf)
    // and a run of one pattern is no flood of cues
    for (const text of inputs) {
      expect(extractCues({ raw_signal: text }).cues.length).toBeLessThanOrEqual(2);
      expect(
        extractCues({ anchor_diff: `@@ -1 +1 @@\n+${text}\n+impl${'<'.repeat(n)}`, anchor_file: 'x.rs' }).cues.length,
      ).toBeLessThanOrEqual(2);
    }
  });

  it('never reads gold or metadata', () => {
    const withGold = {
      ...DEV.CODE2TEST_GIN,
      gold: { related_tests: ['context_test.go'] },
      metadata: { language: 'go' },
    };
    expect(extractCues(withGold)).toEqual(extractCues(DEV.CODE2TEST_GIN));
  });
});

describe('bad input', () => {
  it.each([
    [null, 'null'],
    [undefined, 'undefined'],
    [42, 'number'],
    [['a', 'b'], 'array'],
    [new Map(), 'Map'],
    [new Date(0), 'Date'],
  ])('%s is a bad-query error naming %s', (query, type) => {
    const run = (): unknown => extractCues(query as never);
    expect(run).toThrow(RepoMapError);
    expect(run).toThrow(type);
    try {
      run();
    } catch (e) {
      expect((e as RepoMapError).code).toBe('bad-query');
    }
    expect(() => inferTask(query as never)).toThrow(RepoMapError);
    expect(() => queryText(query as never)).toThrow(RepoMapError);
  });

  it('an empty query gives empty cues, not an error', () => {
    expect(extractCues('')).toEqual({ task: 'generic', cues: [], givenFiles: [], text: '' });
    expect(extractCues({})).toEqual({ task: 'generic', cues: [], givenFiles: [], text: '' });
    expect(extractCues({ raw_signal: '', test_names: [] })).toEqual({
      task: 'generic',
      cues: [],
      givenFiles: [],
      text: '',
    });
  });

  it('rejects an unknown task or tunable with bad-option', () => {
    expect(() => extractCues('x', { task: 'nope' as never })).toThrow(/unknown task/);
    expect(() => extractCues('x', { tunables: { frameDecay: -1 } })).toThrow(RepoMapError);
    expect(() => extractCues('x', { tunables: { nope: 1 } as never })).toThrow(/unknown key "cues.nope"/);
  });

  it('an explicit task overrides inference', () => {
    const r = extractCues(DEV.EDIT2RIPPLE_VITE, { task: 'generic' });
    expect(r.task).toBe('generic');
    // the anchor is then an ordinary path cue
    expect(r.givenFiles).toEqual([]);
    expect(r.cues.find((c) => c.kind === 'path')?.value).toBe('packages/vite/src/node/env.ts');
  });
});
