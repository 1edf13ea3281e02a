/**
 * BM25F: a lexical match built for code. A file is a document of fields — its body
 * (the whole text with its path, as `Bm25Index` keeps it), its path, the names it
 * defines, the messages it raises or logs — each with its own weight and length
 * normalization. A query word's frequencies are combined across fields before they
 * saturate (Robertson and Zaragoza's simple BM25F):
 *   tf̃(t, d) = Σ_f w_f · tf_f(t, d) / (1 − b_f + b_f · |d_f| / avg|d_f|)
 *   score(d) = Σ_t n_t · idf(t) · tf̃·(k1 + 1) / (tf̃ + k1)
 * with idf over whole files (the body index's) and n_t the word's count in the query.
 * A word in a name the file defines, or in its path, so counts for more than the same
 * word in its body; with every field weight but the body's 0, it is the body's BM25.
 */
import { RepoMapError } from '../errors.js';
import { compareByteOrder } from '../text/order.js';
import {
  findSortedBy,
  joinedAt,
  joinedFits,
  joinedStarts,
  sortedOrder,
  sortedOrderAfter,
} from '../text/sorted-names.js';
import { forEachIdentifierWord } from '../text/tokens.js';
import { updatePays, type Bm25Index } from './bm25.js';

/** Weight and length normalization of one field. */
export interface FieldWeights {
  weight: number;
  /** Length normalization in [0, 1]. */
  b: number;
}

/** Fields besides the body, in the order their postings are kept. */
export const BM25F_FIELDS = ['path', 'definitions', 'messages'] as const;
export type Bm25fField = (typeof BM25F_FIELDS)[number];

/** Tunables of BM25F (rank options carry a copy: `RANK_DEFAULTS.bm25f`). */
export interface Bm25fOptions {
  k1: number;
  body: FieldWeights;
  path: FieldWeights;
  definitions: FieldWeights;
  messages: FieldWeights;
}

/** What the side fields of one document hold: texts whose identifier words are the field's terms. */
export interface Bm25fDocument {
  path: string;
  /** Names the file defines. */
  definitions: readonly string[];
  /** Messages the file raises, throws, panics or logs with. */
  messages: readonly string[];
}

/** A field's postings in arrays (`FieldPostings.toParts`): word k's are `docs`/`tfs` at `[starts[k], starts[k + 1])`. */
export interface FieldParts {
  /** Words joined by NUL. */
  words: string;
  /** Word positions in word order (byte order). */
  sorted: Int32Array;
  /** Where each word starts in `words` (`joinedStarts`): a word is looked up without splitting them all. */
  wordStarts: Uint32Array;
  starts: Int32Array;
  docs: Int32Array;
  tfs: Int32Array;
  lengths: Float64Array;
  avg: number;
}

/** Postings of one small field: word → (documents ascending, term frequencies), and each document's length. */
class FieldPostings {
  private readonly postings = new Map<string, { docs: number[]; tfs: number[] }>();
  /** Read back from parts: the arrays, looked up by binary search over the words. */
  private parts?: FieldParts;
  readonly lengths: Float64Array;
  readonly avg: number;

  /**
   * The postings of `texts` (one list per document) in arrays, as `fromParts` holds them:
   * a Map of a word to two arrays per word took ~3.6 KB a file of heap (36 MB at 10k files).
   */
  static of(texts: readonly (readonly string[])[]): FieldPostings {
    return FieldPostings.fromParts(new FieldPostings(texts).toParts());
  }

  static fromParts(parts: FieldParts): FieldPostings {
    if (
      !joinedFits(parts.words, parts.wordStarts) ||
      parts.wordStarts.length !== parts.sorted.length + 1 ||
      parts.starts.length !== parts.sorted.length + 1
    ) {
      throw new RepoMapError(
        'internal',
        `repomap/lexical: BM25F field parts do not fit (${parts.sorted.length} words, ${parts.wordStarts.length} word starts, ${parts.starts.length} posting starts)`,
        'parts',
      );
    }
    const field = new FieldPostings([]);
    // a lookup reads the words joined; an update splits them (`updated`)
    Object.assign(field, { parts, lengths: parts.lengths, avg: parts.avg });
    return field;
  }

  toParts(): FieldParts {
    if (this.parts) return this.parts;
    const starts = new Int32Array(this.postings.size + 1);
    let total = 0;
    for (const p of this.postings.values()) total += p.docs.length;
    const docs = new Int32Array(total);
    const tfs = new Int32Array(total);
    let k = 0;
    let at = 0;
    for (const p of this.postings.values()) {
      docs.set(p.docs, at);
      tfs.set(p.tfs, at);
      at += p.docs.length;
      starts[++k] = at;
    }
    const words = [...this.postings.keys()];
    return {
      words: words.join('\0'),
      sorted: sortedOrder(words),
      wordStarts: joinedStarts(words),
      starts,
      docs,
      tfs,
      lengths: this.lengths,
      avg: this.avg,
    };
  }

  /**
   * The postings of the documents `paths` (in the body index's order) made from `before`'s
   * over `beforePaths`: a document gone or in `changed` leaves, and the documents read
   * now (changed or new) are counted from `textsOf(doc)`. The same postings and lengths as
   * a fresh build (per word, documents ascending): both path lists are in one order, so
   * the documents kept keep theirs.
   */
  static updated(
    before: FieldPostings,
    beforePaths: readonly string[],
    paths: readonly string[],
    changed: ReadonlySet<string>,
    textsOf: (doc: number) => readonly string[],
  ): FieldPostings {
    const old = before.toParts();
    const ids = new Map(paths.map((p, i) => [p, i]));
    const kept = Int32Array.from(beforePaths, (p) => (changed.has(p) ? -1 : (ids.get(p) ?? -1)));
    const lengths = new Float64Array(paths.length);
    const isKept = new Uint8Array(paths.length);
    kept.forEach((now, doc) => {
      if (now < 0) return;
      lengths[now] = old.lengths[doc]!;
      isKept[now] = 1;
    });
    const fresh = new FieldPostings(paths.map((_, doc) => (isKept[doc] ? [] : textsOf(doc))));
    const words = old.words === '' ? [] : old.words.split('\0');
    const outWords: string[] = [];
    // each earlier word's place among the words kept (-1: no document has it any more)
    const keptAt = new Int32Array(words.length).fill(-1);
    const starts: number[] = [0];
    const docs: number[] = [];
    const tfs: number[] = [];
    const take = (word: string, from: number, to: number): void => {
      const added = fresh.postings.get(word);
      let a = from;
      let b = 0;
      const bEnd = added?.docs.length ?? 0;
      while (a < to || b < bEnd) {
        const oldDoc = a < to ? kept[old.docs[a]!]! : -1;
        if (a < to && oldDoc < 0) {
          a++;
          continue;
        }
        if (b < bEnd && (a >= to || added!.docs[b]! < oldDoc)) {
          docs.push(added!.docs[b]!);
          tfs.push(added!.tfs[b++]!);
        } else {
          docs.push(oldDoc);
          tfs.push(old.tfs[a++]!);
        }
      }
      if (docs.length > starts[starts.length - 1]!) {
        outWords.push(word);
        starts.push(docs.length);
      }
    };
    words.forEach((word, k) => {
      const place = outWords.length;
      take(word, old.starts[k]!, old.starts[k + 1]!);
      if (outWords.length > place) keptAt[k] = place;
    });
    const keptCount = outWords.length;
    const known = new Set(words);
    for (const word of fresh.postings.keys()) if (!known.has(word)) take(word, 0, 0);
    let total = 0;
    for (let doc = 0; doc < paths.length; doc++) {
      if (!isKept[doc]) lengths[doc] = fresh.lengths[doc]!;
      total += lengths[doc]!;
    }
    const parts: FieldParts = {
      words: outWords.join('\0'),
      wordStarts: joinedStarts(outWords),
      // the earlier word order less the words gone, and the new words merged in: the order a sort of them all gives
      sorted: sortedOrderAfter(outWords, keptOrder(old.sorted, keptAt, keptCount)),
      starts: Int32Array.from(starts),
      docs: Int32Array.from(docs),
      tfs: Int32Array.from(tfs),
      lengths,
      avg: paths.length > 0 ? total / paths.length : 0,
    };
    return FieldPostings.fromParts(parts);
  }

  /** The postings of a word (documents ascending), or undefined. */
  get(word: string): { docs: ArrayLike<number>; tfs: ArrayLike<number> } | undefined {
    if (!this.parts) return this.postings.get(word);
    const { words, wordStarts } = this.parts;
    const k = findSortedBy(this.parts.sorted, (i) => joinedAt(words, wordStarts, i), word);
    if (k < 0) return undefined;
    const { starts, docs, tfs } = this.parts;
    return { docs: docs.subarray(starts[k]!, starts[k + 1]!), tfs: tfs.subarray(starts[k]!, starts[k + 1]!) };
  }

  constructor(texts: readonly (readonly string[])[]) {
    this.lengths = new Float64Array(texts.length);
    let total = 0;
    texts.forEach((parts, doc) => {
      const counts = new Map<string, number>();
      for (const text of parts) forEachIdentifierWord(text, (w) => counts.set(w, (counts.get(w) ?? 0) + 1));
      let length = 0;
      for (const [word, tf] of counts) {
        let p = this.postings.get(word);
        if (!p) this.postings.set(word, (p = { docs: [], tfs: [] }));
        p.docs.push(doc);
        p.tfs.push(tf);
        length += tf;
      }
      this.lengths[doc] = length;
      total += length;
    });
    this.avg = texts.length > 0 ? total / texts.length : 0;
  }
}

/** The field texts of a document: its path's segments, its definitions, its messages. */
function fieldTexts(doc: Bm25fDocument, field: Bm25fField): readonly string[] {
  if (field === 'path') return doc.path.replace(/\.[^./]*$/, '').split('/');
  return doc[field];
}

export class Bm25fIndex {
  private readonly body: Bm25Index;
  private readonly fields: Record<Bm25fField, FieldPostings>;

  /** `docs` in the body index's order (its `paths`), one per document. */
  constructor(body: Bm25Index, docs: readonly Bm25fDocument[]) {
    if (docs.length !== body.size)
      throw new RepoMapError(
        'bad-option',
        `repomap/lexical: BM25F has ${docs.length} documents for a body index of ${body.size}`,
        'docs',
      );
    this.body = body;
    this.fields = Object.fromEntries(
      BM25F_FIELDS.map((f) => [f, FieldPostings.of(docs.map((d) => fieldTexts(d, f)))]),
    ) as Record<Bm25fField, FieldPostings>;
  }

  get size(): number {
    return this.body.size;
  }

  /**
   * The index over `body` (an update of `earlier`'s body index) made from `earlier`: only
   * the documents in `changed` or new are counted, from `docOf`; the same scores as a
   * fresh build. A fresh build is made instead when more than a quarter of the documents
   * were read again, added or removed (as `Bm25Index.updated` does).
   */
  static updated(
    earlier: Bm25fIndex,
    body: Bm25Index,
    changed: ReadonlySet<string>,
    docOf: (path: string) => Bm25fDocument,
  ): Bm25fIndex {
    if (!updatePays(earlier.body.paths, body.paths, changed)) return new Bm25fIndex(body, body.paths.map(docOf));
    const index = Object.create(Bm25fIndex.prototype) as Bm25fIndex;
    const fields = Object.fromEntries(
      BM25F_FIELDS.map((f) => [
        f,
        FieldPostings.updated(earlier.fields[f], earlier.body.paths, body.paths, changed, (doc) =>
          fieldTexts(docOf(body.paths[doc]!), f),
        ),
      ]),
    );
    Object.assign(index, { body, fields });
    return index;
  }

  /** The side fields' postings, for a persisted snapshot (`Bm25fIndex.fromParts` over the same body index reads them back). */
  toParts(): Record<Bm25fField, FieldParts> {
    return Object.fromEntries(BM25F_FIELDS.map((f) => [f, this.fields[f].toParts()])) as Record<Bm25fField, FieldParts>;
  }

  /** The index `toParts` gave, over `body` (the body index it was built over, or one read back from its parts). */
  static fromParts(body: Bm25Index, parts: Record<Bm25fField, FieldParts>): Bm25fIndex {
    const index = Object.create(Bm25fIndex.prototype) as Bm25fIndex;
    Object.assign(index, {
      body,
      fields: Object.fromEntries(BM25F_FIELDS.map((f) => [f, FieldPostings.fromParts(parts[f])])),
    });
    return index;
  }

  /** BM25F score of every document for `queryText`, indexed like the body index's `paths`. */
  scores(queryText: string, o: Bm25fOptions): Float64Array {
    const counts = new Map<string, number>();
    forEachIdentifierWord(queryText, (w) => counts.set(w, (counts.get(w) ?? 0) + 1));
    const n = this.body.size;
    const out = new Float64Array(n);
    const tf = new Float64Array(n);
    const touched: number[] = [];
    const add = (doc: number, value: number): void => {
      if (tf[doc] === 0) touched.push(doc);
      tf[doc] += value;
    };
    // Words in byte order, so float sums do not depend on the query's word order.
    for (const word of [...counts.keys()].sort(compareByteOrder)) {
      if (o.body.weight > 0) {
        this.body.forEachPosting(word, (doc, f) =>
          add(doc, (o.body.weight * f) / (1 - o.body.b + o.body.b * this.body.relativeLength(doc))),
        );
      }
      for (const field of BM25F_FIELDS) {
        const w = o[field];
        if (!(w.weight > 0)) continue;
        const postings = this.fields[field];
        const p = postings.get(word);
        if (!p) continue;
        for (let i = 0; i < p.docs.length; i++) {
          const doc = p.docs[i]!;
          const relative = postings.avg > 0 ? postings.lengths[doc]! / postings.avg : 1;
          add(doc, (w.weight * p.tfs[i]!) / (1 - w.b + w.b * relative));
        }
      }
      const weight = counts.get(word)! * this.body.idf(word) * (o.k1 + 1);
      for (const doc of touched) {
        const t = tf[doc]!;
        out[doc] += (weight * t) / (t + o.k1);
        tf[doc] = 0;
      }
      touched.length = 0;
    }
    return out;
  }
}

/** The order `sorted` gives a list of words, for the words of it kept: each at its place among them (`keptAt`, -1 for one gone; `count` kept). */
function keptOrder(sorted: Int32Array, keptAt: Int32Array, count: number): Int32Array {
  const out = new Int32Array(count);
  let k = 0;
  for (const i of sorted) {
    const at = keptAt[i]!;
    if (at >= 0) out[k++] = at;
  }
  return out;
}
