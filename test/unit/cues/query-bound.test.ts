/**
 * The cap on the query text the cue stage reads (cues.maxQueryChars): a query within it
 * is read whole; a longer one has its longest strings cut to one length, short fields
 * kept whole, and says so (`cut`); rank ranks the cut query and adds a `query-cut` note.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundQuery, CUE_DEFAULTS, extractCues } from '../../../src/cues/index.js';
import { fixtureIndexes } from '../../fixture-index.js';

const MAX = CUE_DEFAULTS.maxQueryChars;

describe('boundQuery', () => {
  it('returns a query within the cap as it is', () => {
    const query = { pr_title: 'fix rounding', changed_files: ['src/a.py'], gold: { files: ['x'.repeat(MAX)] } };
    expect(boundQuery(query, MAX)).toEqual({ query });
    expect(boundQuery('x'.repeat(MAX), MAX)).toEqual({ query: 'x'.repeat(MAX) });
  });

  it('cuts a long string to its start, never between the halves of a surrogate pair', () => {
    expect(boundQuery('abcdef', 4)).toEqual({ query: 'abcd', cut: { chars: 6, kept: 4 } });
    expect(boundQuery('abc😀def', 4)).toEqual({ query: 'abc', cut: { chars: 8, kept: 3 } });
  });

  it('keeps short fields whole and cuts the long ones to one length; gold is neither read nor cut', () => {
    const query = {
      pr_title: 'Fix rounding',
      pr_body: 'b'.repeat(100),
      anchor_diff: 'd'.repeat(50),
      given_file: ['src/a.py', 'e'.repeat(40)],
      gold: { files: ['g'.repeat(500)] },
    };
    const { query: bounded, cut } = boundQuery(query, 80);
    // 12 + 8 stay whole; the three long strings share the 60 left: 20 each
    expect(bounded).toEqual({
      pr_title: 'Fix rounding',
      pr_body: 'b'.repeat(20),
      anchor_diff: 'd'.repeat(20),
      given_file: ['src/a.py', 'e'.repeat(20)],
      gold: query.gold,
    });
    expect(cut).toEqual({ chars: 12 + 100 + 50 + 8 + 40, kept: 80 });
  });

  it('keeps the total within the cap, whatever the strings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 60 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 200 }),
        (values, max) => {
          const query = Object.fromEntries(values.map((v, i) => [`f${i}`, v]));
          const { query: bounded, cut } = boundQuery(query, max);
          const total = values.reduce((n, v) => n + v.length, 0);
          const kept = Object.values(bounded as Record<string, string>).reduce((n, v) => n + v.length, 0);
          if (total <= max) {
            expect(cut).toBeUndefined();
            expect(bounded).toBe(query);
          } else {
            expect(cut).toEqual({ chars: total, kept });
            expect(kept).toBeLessThanOrEqual(max);
          }
          for (const [key, value] of Object.entries(bounded as Record<string, string>))
            expect(query[key]!.startsWith(value)).toBe(true);
        },
      ),
    );
  });
});

describe('a query over the cap', () => {
  // an issue whose name is said at its start, then 10 MB of pasted log
  const log = 'INFO worker heartbeat ok queue=default latency_ms=12\n'.repeat(200_000);
  const query = `apply_discount rounds half a cent the wrong way in src/inventory/pricing.py\n${log}`;

  it('gives the cues of its start, with the cut said', () => {
    const cues = extractCues(query);
    expect(cues.cut).toEqual({ chars: query.length, kept: MAX });
    expect(cues.cues).toEqual(extractCues(query.slice(0, MAX)).cues);
    expect(cues.text).toHaveLength(MAX);
  });

  it('ranks as its start does, and rank notes the cut among its diagnostics', async () => {
    const index = await fixtureIndexes()('python-inventory');
    const whole = index.rank(query);
    const start = index.rank(query.slice(0, MAX));
    expect(whole.files.map((f) => [f.path, f.score])).toEqual(start.files.map((f) => [f.path, f.score]));
    expect(whole.files[0]!.path).toBe('src/inventory/pricing.py');
    expect(whole.diagnostics.filter((d) => d.code === 'query-cut')).toEqual([
      {
        code: 'query-cut',
        message: `the query has ${query.length} characters, over the ${MAX} its cues are read from (cues.maxQueryChars): its longest text was cut to ${MAX} in all, each long field keeping its start`,
      },
    ]);
    expect(start.diagnostics.some((d) => d.code === 'query-cut')).toBe(false);
  }, 60_000);
});
