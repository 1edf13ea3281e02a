/**
 * BM25F: with every side field off it is the body's BM25 exactly; a word in a name the
 * file defines, in its path or in a message it raises counts for more than the same
 * word in its body, each by its own weight.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bm25Index } from '../../../src/lexical/bm25.js';
import { Bm25fIndex, type Bm25fDocument, type Bm25fOptions } from '../../../src/lexical/bm25f.js';

const OFF: Bm25fOptions = {
  k1: 1.2,
  body: { weight: 1, b: 0.75 },
  path: { weight: 0, b: 0 },
  definitions: { weight: 0, b: 0 },
  messages: { weight: 0, b: 0 },
};

function build(docs: { path: string; text: string; definitions?: string[]; messages?: string[] }[]): {
  body: Bm25Index;
  f: Bm25fIndex;
} {
  const body = new Bm25Index(docs);
  const byPath = new Map(docs.map((d) => [d.path, d]));
  const fields: Bm25fDocument[] = body.paths.map((p) => ({
    path: p,
    definitions: byPath.get(p)!.definitions ?? [],
    messages: byPath.get(p)!.messages ?? [],
  }));
  return { body, f: new Bm25fIndex(body, fields) };
}

describe('Bm25fIndex', () => {
  it('with the side fields off, scores equal the body BM25', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom('alpha', 'beta', 'gammaRay', 'delta_x', 'eps'), { maxLength: 12 }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.array(fc.constantFrom('alpha', 'beta', 'gamma', 'ray', 'delta', 'zeta'), { minLength: 1, maxLength: 5 }),
        (texts, query) => {
          const { body, f } = build(texts.map((words, i) => ({ path: `src/f${i}.py`, text: words.join(' ') })));
          const expected = body.scores(query.join(' '));
          const got = f.scores(query.join(' '), OFF);
          got.forEach((s, d) => expect(s).toBeCloseTo(expected[d]!, 9));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('weighs a word in a defined name, the path or a message above the same word in a body', () => {
    const docs = [
      { path: 'src/uses.py', text: 'parse_header parse_header parse_header value' },
      { path: 'src/defines.py', text: 'def parse_header(x): return x', definitions: ['parse_header'] },
      { path: 'src/header/io.py', text: 'read parse value' },
      { path: 'src/raises.py', text: 'raise ValueError("malformed header line")', messages: ['malformed header line'] },
    ];
    const { body, f } = build(docs);
    const order = (scores: Float64Array): string[] =>
      body.paths
        .map((p, d) => ({ p, s: scores[d]! }))
        .sort((a, b) => b.s - a.s)
        .map((x) => x.p);
    expect(order(f.scores('parse_header', OFF))[0]).toBe('src/uses.py');
    expect(order(f.scores('parse_header', { ...OFF, definitions: { weight: 4, b: 0.3 } }))[0]).toBe('src/defines.py');
    const path = f.scores('header', { ...OFF, path: { weight: 3, b: 0 } });
    expect(order(path)[0]).toBe('src/header/io.py');
    const message = f.scores('malformed header', { ...OFF, messages: { weight: 3, b: 0.3 } });
    expect(order(message)[0]).toBe('src/raises.py');
  });

  it('holds its fields in arrays as it builds them: the parts a snapshot keeps, scoring as an index read back from them', () => {
    const docs = [
      {
        path: 'src/router.py',
        text: 'route the request',
        definitions: ['Router', 'add_route'],
        messages: ['no route for path'],
      },
      { path: 'src/config/loader.py', text: 'load config files', definitions: ['load_config'], messages: [] },
      {
        path: 'tests/test_router.py',
        text: 'router tests',
        definitions: ['test_add_route'],
        messages: ['route missing'],
      },
    ];
    const { body, f } = build(docs);
    const parts = f.toParts();
    // the same arrays each time: nothing is made for a snapshot
    expect(f.toParts().definitions).toBe(parts.definitions);
    expect(parts.definitions.words.split('\0').sort()).toEqual([
      'add',
      'add_route',
      'config',
      'load',
      'load_config',
      'route',
      'router',
      'test',
      'test_add_route',
    ]);
    const on: Bm25fOptions = {
      ...OFF,
      path: { weight: 2, b: 0.5 },
      definitions: { weight: 3, b: 0.5 },
      messages: { weight: 1, b: 0.5 },
    };
    const back = Bm25fIndex.fromParts(body, structuredClone(parts));
    for (const q of ['add route', 'load config', 'route missing', 'nothing here'])
      expect(Array.from(f.scores(q, on))).toEqual(Array.from(back.scores(q, on)));
    const scores = Array.from(f.scores('add route', on));
    expect(scores.indexOf(Math.max(...scores))).toBe(body.paths.indexOf('src/router.py'));
  });

  it('refuses fields that do not line up with the body index', () => {
    const body = new Bm25Index([{ path: 'a.py', text: 'x' }]);
    expect(() => new Bm25fIndex(body, [])).toThrow(/0 documents for a body index of 1/);
  });
});
