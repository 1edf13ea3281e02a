/**
 * The parts a snapshot keeps of the BM25 index (its postings in blocks), the BM25F fields, the symbol table and
 * the CSR of each task flow read back to the same answers, looked up lazily (src/text/sorted-names.ts), and an
 * index or table read back can still be updated as the original is.
 */
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { decodeSection, encodeSection } from '../../../src/persist/sections.js';
import { Bm25Index } from '../../../src/lexical/bm25.js';
import type { PostingBlock } from '../../../src/lexical/bm25-blocks.js';
import { Bm25fIndex } from '../../../src/lexical/bm25f.js';
import { SymbolTable } from '../../../src/graph/symbols.js';
import { csrParts, keptCsr } from '../../../src/rank/csr.js';
import { RANK_DEFAULTS } from '../../../src/rank/defaults.js';
import { findInSorted, findSorted, sortedOrder, sortedOrderAfter } from '../../../src/text/sorted-names.js';
import { fixtureIndexes } from '../../fixture-index.js';

const indexOf = fixtureIndexes();
const roundTrip = <T>(value: T): T => v8.deserialize(v8.serialize(value)) as T;

describe('snapshot parts', () => {
  it('sortedOrder, findSorted and findInSorted find every name and nothing else', () => {
    const names = ['b', 'a', 'ä', '', 'ab', '😀', '\uffff', 'A'];
    const order = sortedOrder(names);
    names.forEach((name, i) => expect(findSorted(names, order, name)).toBe(i));
    for (const absent of ['c', 'aa', ' ', 'Ab']) expect(findSorted(names, order, absent)).toBe(-1);
    // a list already in code-unit order
    const sorted = Array.from(order, (i) => names[i]!);
    sorted.forEach((name, i) => expect(findInSorted(sorted, name)).toBe(i));
    for (const absent of ['c', 'aa', ' ', 'Ab']) expect(findInSorted(sorted, absent)).toBe(-1);
    expect(findInSorted([], 'a')).toBe(-1);
    // names added after a sorted prefix are merged in: the order a full sort gives, ties to the lower position
    const more = [...names, 'aa', 'B', '', '😀', 'zz'];
    expect(sortedOrderAfter(more, order)).toEqual(sortedOrder(more));
    expect(sortedOrderAfter(names, order)).toEqual(order);
    expect(sortedOrderAfter(more, new Int32Array(0))).toEqual(sortedOrder(more));
  });

  it('BM25 and BM25F read back score every query as the built ones, and a BM25 index read back updates as the original', async () => {
    const index = await indexOf('mixed-monorepo');
    const files = index.corpus.files.map((f) => ({ path: f.path, text: f.text }));
    const built = new Bm25Index(files);
    const loaded = Bm25Index.fromParts(roundTrip(built.toParts()));
    const queries = [
      'parse config file',
      'router handler route',
      'inventory price discount',
      'no such words here',
      'ab',
    ];
    for (const q of queries) expect(loaded.scores(q)).toEqual(built.scores(q));
    const docs = built.paths.map((path) => ({
      path,
      definitions: index.tagsOf(path)?.definitions.map((d) => d.name) ?? [],
      messages: index.tagsOf(path)?.messages.map((m) => m.text) ?? [],
    }));
    const fielded = new Bm25fIndex(built, docs);
    const fieldedLoaded = Bm25fIndex.fromParts(loaded, roundTrip(fielded.toParts()));
    const options = {
      k1: 1.2,
      body: { weight: 1, b: 0.75 },
      path: { weight: 2, b: 0.5 },
      definitions: { weight: 3, b: 0.5 },
      messages: { weight: 1, b: 0.5 },
    };
    for (const q of queries) expect(fieldedLoaded.scores(q, options)).toEqual(fielded.scores(q, options));
    // a field's words are looked up joined, by their starts: starts that do not fit are refused
    const fieldParts = roundTrip(fielded.toParts());
    expect(fieldedLoaded.toParts()).toEqual(fieldParts);
    const badStarts = {
      ...fieldParts,
      definitions: { ...fieldParts.definitions, wordStarts: fieldParts.definitions.wordStarts.subarray(1) },
    };
    expect(() => Bm25fIndex.fromParts(loaded, badStarts)).toThrow(/BM25F field parts do not fit/);
    // an update of one changed document, from the original and from the one read back
    const changed = files.map((f, i) => (i === 0 ? { ...f, text: `${f.text}\nrouter discount zebra` } : f));
    const set = new Set([changed[0]!.path]);
    const a = Bm25Index.updated(built, changed, set);
    const b = Bm25Index.updated(loaded, changed, set);
    for (const q of [...queries, 'zebra']) expect(b.scores(q)).toEqual(a.scores(q));
  });

  it("BM25 read back from posting blocks reads only the blocks of the query's terms, scores as the built one, and updates as it", async () => {
    const index = await indexOf('mixed-monorepo');
    const files = index.corpus.files.map((f) => ({ path: f.path, text: f.text }));
    const built = new Bm25Index(files);
    // small blocks, so that the fixture's postings make many
    const blocked = built.toBlocks(64);
    expect(blocked.blocks).toBeGreaterThan(20);
    const parts = Array.from({ length: blocked.blocks }, (_, k) => encodeSection(blocked.block(k)));
    const read: number[] = [];
    const readBack = (): Bm25Index =>
      Bm25Index.fromBlocks(roundTrip(blocked.dictionary), (k) => {
        read.push(k);
        return decodeSection(parts[k]!) as PostingBlock;
      });
    const loaded = readBack();
    expect(read).toEqual([]);
    const queries = [
      'parse config file',
      'router handler route',
      'inventory price discount',
      'no such words here',
      'ab',
    ];
    for (const q of queries) expect(loaded.scores(q)).toEqual(built.scores(q));
    expect(new Set(read).size).toBeLessThan(blocked.blocks / 2);
    expect(read.length).toBe(new Set(read).size);
    // every 25th word of the vocabulary, over all the blocks
    const words = built
      .toParts()
      .words.split('\0')
      .filter((_, i) => i % 25 === 0);
    expect(words.length).toBeGreaterThan(20);
    for (const word of words) {
      const seen: [number, number][] = [];
      const expected: [number, number][] = [];
      loaded.forEachPosting(word, (d, tf) => seen.push([d, tf]));
      built.forEachPosting(word, (d, tf) => expected.push([d, tf]));
      expect(expected.length).toBeGreaterThan(0);
      expect(seen).toEqual(expected);
    }
    // an update, and the parts, read every block
    const changed = files.map((f, i) => (i === 0 ? { ...f, text: `${f.text}\nrouter discount zebra` } : f));
    const set = new Set([changed[0]!.path]);
    const fresh = readBack();
    const a = Bm25Index.updated(built, changed, set);
    const b = Bm25Index.updated(fresh, changed, set);
    for (const q of [...queries, 'zebra']) expect(b.scores(q)).toEqual(a.scores(q));
    expect(readBack().toParts()).toEqual(built.toParts());
    // an index of no words, and one of empty documents, read back as well
    for (const docs of [[], [{ path: 'a.txt', text: '' }]]) {
      const empty = new Bm25Index(docs).toBlocks(64);
      const back = Bm25Index.fromBlocks(roundTrip(empty.dictionary), (k) => roundTrip(empty.block(k)));
      expect(Array.from(back.scores('router config'))).toEqual(docs.map(() => 0));
      expect(back.toParts()).toEqual(new Bm25Index(docs).toParts());
    }
    // blocks that do not fit their terms are refused, not misread
    const short = Bm25Index.fromBlocks(roundTrip(blocked.dictionary), (k) => {
      const block = decodeSection(parts[k]!) as PostingBlock;
      return { doc: block.doc.subarray(1), tf: block.tf.subarray(1) };
    });
    expect(() => short.scores(words.join(' '))).toThrow(/BM25 posting block \d+ holds/);
    expect(() =>
      Bm25Index.fromBlocks({ ...roundTrip(blocked.dictionary), blockTerms: Uint32Array.of(0, 5) }, () =>
        blocked.block(0),
      ),
    ).toThrow(/posting blocks do not fit/);
    expect(() =>
      Bm25Index.fromBlocks(
        {
          ...roundTrip(blocked.dictionary),
          wordStarts: blocked.dictionary.wordStarts.map((v, i, all) => (i === all.length - 1 ? v + 1 : v)),
        },
        () => blocked.block(0),
      ),
    ).toThrow(/word starts do not fit/);
  });

  it('a symbol table read back gives every list, and is replaced into as the original', async () => {
    const index = await indexOf('python-inventory');
    const paths = index.corpus.files.map((f) => f.path);
    const ids = new Map(paths.map((p, i) => [p, i]));
    const built = new SymbolTable(index.tags);
    const loaded = SymbolTable.fromParts(roundTrip(built.toParts(ids)), paths);
    const names = new Set(
      index.tags.flatMap((t) => [...t.definitions.map((d) => d.name), ...t.references.map((r) => r.name)]),
    );
    expect(names.size).toBeGreaterThan(20);
    expect(loaded.size).toBe(built.size);
    for (const name of [...names, 'not_a_name']) {
      expect(loaded.definers(name)).toEqual(built.definers(name));
      expect(loaded.referencers(name)).toEqual(built.referencers(name));
    }
    const first = index.tags[0]!;
    const edited = {
      ...first,
      definitions: [...first.definitions, { name: 'brand_new', kind: 'function' as const, startLine: 1, endLine: 2 }],
    };
    built.replace(first, edited, (p) => ids.get(p)!);
    loaded.replace(first, edited, (p) => ids.get(p)!);
    for (const name of [...names, 'brand_new']) expect(loaded.definers(name)).toEqual(built.definers(name));
    // names are looked up joined, by their starts: starts that do not fit are refused
    const parts = roundTrip(new SymbolTable(index.tags).toParts(ids));
    expect(() =>
      SymbolTable.fromParts(
        { ...parts, users: { ...parts.users, nameStarts: parts.users.nameStarts.subarray(1) } },
        paths,
      ),
    ).toThrow(/symbol name lists do not fit/);
    expect(SymbolTable.fromParts(roundTrip(new SymbolTable([]).toParts(ids)), paths).definers('x')).toEqual([]);
  });

  it("a built graph's symbol table is kept frozen: every list as before, its parts given as they are, replaced into as an unfrozen one", async () => {
    const index = await indexOf('python-inventory');
    const paths = index.corpus.files.map((f) => f.path);
    const ids = new Map(paths.map((p, i) => [p, i]));
    const frozen = index.fileGraph.symbols;
    const plain = new SymbolTable(index.tags);
    const names = new Set(
      index.tags.flatMap((t) => [...t.definitions.map((d) => d.name), ...t.references.map((r) => r.name)]),
    );
    // the parts it was frozen into, not made again; and the parts of the table it was made from
    expect(frozen.toParts(ids)).toBe(frozen.toParts(ids));
    expect(roundTrip(frozen.toParts(ids))).toEqual(roundTrip(plain.toParts(ids)));
    expect(frozen.size).toBe(plain.size);
    for (const name of [...names, 'not_a_name']) {
      expect(frozen.definers(name)).toEqual(plain.definers(name));
      expect(frozen.referencers(name)).toEqual(plain.referencers(name));
    }
    // parts over other positions are made from its lists
    const reversed = new Map(paths.map((p, i) => [p, paths.length - 1 - i]));
    expect(frozen.toParts(reversed)).toEqual(plain.toParts(reversed));
    const copy = SymbolTable.fromParts(roundTrip(frozen.toParts(ids)), paths);
    const first = index.tags[0]!;
    const edited = {
      ...first,
      definitions: [...first.definitions, { name: 'brand_new', kind: 'function' as const, startLine: 1, endLine: 2 }],
    };
    copy.replace(first, edited, (p) => ids.get(p)!);
    plain.replace(first, edited, (p) => ids.get(p)!);
    for (const name of [...names, 'brand_new']) expect(copy.definers(name)).toEqual(plain.definers(name));
    expect(copy.toParts(ids)).not.toBe(frozen.toParts(ids));
  });

  it('a CSR read back is the one of its flow, and no other flow or corpus takes it', async () => {
    const index = await indexOf('mixed-monorepo');
    const paths = index.corpus.files.map((f) => f.path);
    const ids = new Map(paths.map((p, i) => [p, i]));
    const flow = RANK_DEFAULTS.flow.issue2code;
    const built = index.csrFor('issue2code');
    expect(built.neighbors.length).toBeGreaterThan(0);
    const kept = [
      roundTrip(csrParts(index.csrFor('code2test'), RANK_DEFAULTS.flow.code2test)),
      roundTrip(csrParts(built, flow)),
    ];
    const loaded = keptCsr(kept, flow, paths, ids)!;
    expect({ ...loaded, indexOf: [...loaded.indexOf] }).toEqual({ ...built, indexOf: [...built.indexOf] });
    // another flow, or parts of another number of files, are not taken
    expect(keptCsr(kept, { ...flow, import: { forward: 0.5, backward: 0.5 } }, paths, ids)).toBeUndefined();
    expect(keptCsr(kept, flow, paths.slice(1), ids)).toBeUndefined();
  });
});
