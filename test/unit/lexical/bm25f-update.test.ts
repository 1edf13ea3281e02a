/**
 * `Bm25fIndex.updated` counts only the changed and new documents' side fields (an index
 * updated after a few edits, or from a snapshot). Its scores must be exactly a fresh
 * BM25F index's over the same body, for any texts, fields, edits and queries, whether the
 * earlier fields were built or read back from their parts.
 */
import fc from 'fast-check';
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { Bm25Index } from '../../../src/lexical/bm25.js';
import { Bm25fIndex, type Bm25fDocument, type Bm25fOptions } from '../../../src/lexical/bm25f.js';
import { sortedOrder } from '../../../src/text/sorted-names.js';

const word = fc.constantFrom(
  'alpha',
  'beta',
  'gammaRay',
  'delta_x',
  'parseArgs',
  'HTTPServer',
  'x1',
  'héllo',
  'snake_case_name',
);
const words = fc.array(word, { maxLength: 8 });
const doc = fc.record({
  path: fc.stringMatching(/^[a-z]{1,3}\/[a-z]{1,3}\.(py|ts)$/),
  text: words.map((w) => w.join(' ')),
  definitions: words,
  messages: fc.array(
    words.map((w) => w.join(' ')),
    { maxLength: 2 },
  ),
});
type Doc = { path: string; text: string; definitions: string[]; messages: string[] };
const docs = fc.uniqueArray(doc, { selector: (d) => d.path, minLength: 8, maxLength: 40 });
const edit = fc.oneof(
  fc.record({ kind: fc.constant('text' as const), at: fc.nat(), doc }),
  fc.record({ kind: fc.constant('add' as const), doc }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
);
const OPTIONS: Bm25fOptions = {
  k1: 1.2,
  body: { weight: 1, b: 0.75 },
  path: { weight: 2, b: 0.5 },
  definitions: { weight: 3, b: 0.5 },
  messages: { weight: 1.5, b: 0.3 },
};

function fieldsOf(all: readonly Doc[]): (path: string) => Bm25fDocument {
  const byPath = new Map(all.map((d) => [d.path, d]));
  return (path) => ({ path, definitions: byPath.get(path)!.definitions, messages: byPath.get(path)!.messages });
}

describe('Bm25fIndex.updated', () => {
  it('property: scores equal a fresh BM25F index exactly, through chains of edits, additions and removals, from built or read-back fields', () => {
    let updates = 0;
    fc.assert(
      fc.property(
        docs,
        fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        fc.array(word, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (start, rounds, q, readBack) => {
          let current: Doc[] = start;
          let body = new Bm25Index(current);
          let fields = new Bm25fIndex(body, body.paths.map(fieldsOf(current)));
          if (readBack) fields = Bm25fIndex.fromParts(body, v8.deserialize(v8.serialize(fields.toParts())));
          for (const edits of rounds) {
            let next = current.map((d) => ({ ...d }));
            const changed = new Set<string>();
            for (const e of edits) {
              if (e.kind === 'text') {
                const at = e.at % next.length;
                next[at] = { ...e.doc, path: next[at]!.path };
                changed.add(next[at]!.path);
              } else if (e.kind === 'add' && !next.some((d) => d.path === e.doc.path)) {
                next.push(e.doc);
                changed.add(e.doc.path);
              } else if (e.kind === 'remove' && next.length > 1) {
                next = next.filter((_, i) => i !== e.at % next.length);
              }
            }
            const nextBody = Bm25Index.updated(body, next, changed);
            const updated = Bm25fIndex.updated(fields, nextBody, changed, fieldsOf(next));
            const fresh = new Bm25fIndex(nextBody, nextBody.paths.map(fieldsOf(next)));
            if (nextBody.reused > 0) updates++;
            for (const query of [q.join(' '), 'alpha gamma ray parse args', 'zzz'])
              expect([...updated.scores(query, OPTIONS)]).toEqual([...fresh.scores(query, OPTIONS)]);
            // what it writes to a snapshot reads back to the same, its words in the order a sort of them gives
            const parts = updated.toParts();
            for (const field of Object.values(parts))
              expect([...field.sorted]).toEqual([...sortedOrder(field.words === '' ? [] : field.words.split('\0'))]);
            const again = Bm25fIndex.fromParts(nextBody, v8.deserialize(v8.serialize(parts)));
            expect([...again.scores(q.join(' '), OPTIONS)]).toEqual([...fresh.scores(q.join(' '), OPTIONS)]);
            current = next;
            body = nextBody;
            fields = updated;
          }
        },
      ),
      { numRuns: 200 },
    );
    expect(updates).toBeGreaterThan(100);
  });
});
