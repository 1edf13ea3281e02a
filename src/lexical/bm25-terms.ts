/**
 * Term vectors of BM25 documents: the identifier words (`identifierTerms` of each word
 * run) of a document's path and text, counted, over a vocabulary that grows as new
 * words come (term ids in first-seen order).
 */
import { RepoMapError } from '../errors.js';
import { Growable } from '../growable.js';
import { identifierTerms } from '../text/identifiers.js';
import { forEachWordSpan } from '../text/tokens.js';
import { forEachTextTerm, textTerms, type TextTerms } from './text-terms.js';

/**
 * Counts documents' terms one at a time. Word runs repeat a lot in code: each distinct
 * run is split once, and counted per document before its terms are added. Everything
 * lives in growable typed arrays rather than JS arrays: on a 10k-file corpus the JS
 * arrays grew to millions of boxed slots (issue 6, peak RSS).
 *
 * Runs are looked up by their span of the text (`RunTable`), so a run seen before costs
 * a hash of its characters and one comparison, not a new string and a Map lookup: the
 * cold build tokenizes every file while the parse workers want both cores.
 */
/** Word → term id, as a TermCounter reads and grows it (a Map, or a lookup over words in sorted order: `SortedVocabulary`). */
export interface Vocabulary {
  get(word: string): number | undefined;
  set(word: string, id: number): unknown;
  readonly size: number;
}

export class TermCounter {
  /** Word → term id. */
  readonly vocabulary: Vocabulary;
  /** Term id → word. */
  readonly words: string[];
  private lastDoc = new Int32Array(1024).fill(-1);
  private tfScratch = new Float64Array(1024);
  private readonly touched: number[] = [];
  // Run r's terms are runTermIds[runStart[r] .. runStart[r + 1]).
  private readonly runIds = new RunTable();
  private readonly runStart = new Growable((n) => new Int32Array(n));
  private readonly runTermIds = new Growable((n) => new Int32Array(n));
  private runDoc = new Int32Array(1024).fill(-1);
  private runCount = new Int32Array(1024);
  private readonly touchedRuns: number[] = [];
  // Words of known text terms (`countTerms`), found by span, and each one's term id.
  private readonly wordIds = new RunTable();
  private readonly wordTermIds = new Growable((n) => new Int32Array(n));
  /** Documents counted so far (a document's number marks its scratch slots). */
  private doc = -1;

  /**
   * Starts from an empty vocabulary, or adds to an existing one (`words[id]` is the word of
   * `id`): the two only ever grow, and ids never change, so indexes that share them stay
   * valid as long as each looks up only the ids it had (see Bm25Index's term count).
   */
  constructor(vocabulary?: Vocabulary, words?: string[]) {
    if ((vocabulary?.size ?? 0) !== (words?.length ?? 0))
      throw new RepoMapError('internal', 'repomap/lexical: a vocabulary and its words differ in size', 'vocabulary');
    this.vocabulary = vocabulary ?? new Map();
    this.words = words ?? [];
    this.runStart.push(0);
  }

  /**
   * Counts one document: calls `emit(term, tf)` once per distinct term (path words
   * weigh `pathWeight`, text words 1) and returns the document's length (the sum of its
   * term frequencies). `keep`, when given, gets the text's terms (for `countTerms` later).
   * The text is counted first, so that its terms are those touched before the path's.
   */
  count(
    path: string,
    text: string,
    pathWeight: number,
    emit: (term: number, tf: number) => void,
    keep?: (terms: TextTerms) => void,
  ): number {
    this.doc++;
    this.touched.length = 0;
    forEachWordSpan(text, (start, end) => this.addRun(text, start, end));
    let length = this.flushRuns(1);
    if (keep) keep(this.textTerms());
    length += this.countPath(path, pathWeight);
    for (const t of this.touched) if ((this.tfScratch[t] as number) > 0) emit(t, this.tfScratch[t] as number);
    return length;
  }

  /**
   * Counts one document whose text's terms are known (`count`'s `keep` gave them, for the
   * same text): the same frequencies and length as `count`, each float sum made in the
   * same order (a text term's count is a whole number either way).
   */
  countTerms(path: string, terms: TextTerms, pathWeight: number, emit: (term: number, tf: number) => void): number {
    this.doc++;
    this.touched.length = 0;
    let length = 0;
    forEachTextTerm(terms, (start, end, count) => {
      this.touch(this.wordTerm(terms, start, end), count);
      length += count;
    });
    length += this.countPath(path, pathWeight);
    for (const t of this.touched) if ((this.tfScratch[t] as number) > 0) emit(t, this.tfScratch[t] as number);
    return length;
  }

  /** Counts the path's words into the document being counted; returns their weight. */
  private countPath(path: string, pathWeight: number): number {
    if (!(pathWeight > 0)) return 0;
    forEachWordSpan(path, (start, end) => this.addRun(path, start, end));
    return this.flushRuns(pathWeight);
  }

  /** The term id of the word `source[start, end)`, found by its span like a run (no string made for a known word). */
  private wordTerm(source: string, start: number, end: number): number {
    let w = this.wordIds.find(source, start, end);
    if (w < 0) {
      const word = source.slice(start, end);
      w = this.wordIds.add(word);
      this.wordTermIds.push(this.termId(word));
      this.room();
    }
    return this.wordTermIds.values[w] as number;
  }

  /** The id of `word`, added to the vocabulary when new. */
  private termId(word: string): number {
    let t = this.vocabulary.get(word);
    if (t === undefined) {
      t = this.vocabulary.size;
      this.vocabulary.set(word, t);
      this.words.push(word);
    }
    return t;
  }

  /** The terms touched so far in this document (its text's, when called after the text), in order of first occurrence. */
  private textTerms(): TextTerms {
    return textTerms(
      this.touched.map((t) => this.words[t] as string),
      this.touched.map((t) => this.tfScratch[t] as number),
    );
  }

  /** Counts the run `source[start, end)`. */
  private addRun(source: string, start: number, end: number): void {
    let r = this.runIds.find(source, start, end);
    if (r < 0) {
      const run = source.slice(start, end);
      r = this.runIds.add(run);
      for (const word of identifierTerms(run)) this.runTermIds.push(this.termId(word));
      this.runStart.push(this.runTermIds.length);
      if (r >= this.runDoc.length) {
        this.runDoc = grow(this.runDoc, this.runDoc.length * 2, -1);
        this.runCount = grow(this.runCount, this.runCount.length * 2, 0);
      }
    }
    if (this.runDoc[r] !== this.doc) {
      this.runDoc[r] = this.doc;
      this.runCount[r] = 0;
      this.touchedRuns.push(r);
    }
    this.runCount[r] = (this.runCount[r] as number) + 1;
  }

  /** Grows the per-term scratch arrays to the vocabulary's size. */
  private room(): void {
    const size = this.vocabulary.size;
    if (size <= this.lastDoc.length) return;
    const grown = Math.max(size, this.lastDoc.length * 2);
    this.lastDoc = grow(this.lastDoc, grown, -1);
    this.tfScratch = grow(this.tfScratch, grown, 0);
  }

  /** Adds the runs counted since the last flush (each weighing `weight`) to the document's terms; returns their weight. */
  private flushRuns(weight: number): number {
    this.room();
    const starts = this.runStart.values;
    const ids = this.runTermIds.values;
    let length = 0;
    for (const r of this.touchedRuns) {
      const w = weight * (this.runCount[r] as number);
      const from = starts[r] as number;
      const to = starts[r + 1] as number;
      for (let j = from; j < to; j++) this.touch(ids[j] as number, w);
      length += w * (to - from);
      this.runDoc[r] = -1; // the text and the path of one document are flushed separately
    }
    this.touchedRuns.length = 0;
    return length;
  }

  private touch(t: number, tf: number): void {
    if (this.lastDoc[t] !== this.doc) {
      this.lastDoc[t] = this.doc;
      this.tfScratch[t] = 0;
      this.touched.push(t);
    }
    this.tfScratch[t] = (this.tfScratch[t] as number) + tf;
  }
}

function grow<T extends Int32Array | Float64Array>(array: T, size: number, fill: number): T {
  const grown = new (array.constructor as new (n: number) => T)(size);
  if (fill !== 0) grown.fill(fill);
  grown.set(array);
  return grown;
}

/**
 * An append-only typed array in chunks, for the BM25 triples: millions of entries,
 * dropped once the postings are built. The first chunk holds 2^13 elements (at most
 * 64 KiB: a small corpus allocates nothing more), every later one 2^23 (32 MB of Int32,
 * 64 MB of Float64). Memory (issue 6): glibc serves any allocation of 32 MB or more
 * with its own mmap, whose pages are resident only once written, and unmaps it on free.
 * A doubling array freed 4, 8 and 16 MB blocks instead, and each such free raises
 * glibc's dynamic mmap threshold and the free memory every malloc arena keeps; chunks of
 * 64 KiB throughout, below the threshold, fragmented the main arena. Peak RSS of a
 * 10k-file `rank`: 430–432 MB with doubling, 420–428 MB with 64 KiB chunks, 410–418 MB
 * with these (DESIGN.md, "Memory at 10k files").
 */
export class ChunkedArray<T extends Int32Array | Float32Array | Float64Array> {
  readonly chunks: T[] = [];
  length = 0;
  /** Elements in the first chunk. */
  private readonly first: number;
  private readonly mask: number;

  /** `firstShift` / `shift`: log2 of the first chunk's size and of the later chunks'. */
  constructor(
    private readonly make: (size: number) => T,
    firstShift = 13,
    private readonly shift = 23,
  ) {
    this.first = 2 ** firstShift;
    this.mask = 2 ** shift - 1;
  }

  push(value: number): void {
    if (this.length < this.first) {
      if (this.length === 0) this.chunks.push(this.make(this.first));
      (this.chunks[0] as T)[this.length++] = value;
      return;
    }
    const at = (this.length - this.first) & this.mask;
    if (at === 0) this.chunks.push(this.make(this.mask + 1));
    (this.chunks[this.chunks.length - 1] as T)[at] = value;
    this.length++;
  }

  /** Element i (0 ≤ i < length). */
  at(i: number): number {
    if (i < this.first) return (this.chunks[0] as T)[i] as number;
    const j = i - this.first;
    return (this.chunks[1 + (j >>> this.shift)] as T)[j & this.mask] as number;
  }
}

/**
 * Distinct word runs, numbered in the order added, found by a span of any string without
 * slicing it: open addressing on a 32-bit FNV-1a hash of the UTF-16 code units, each
 * candidate checked by hash, length and characters.
 */
export class RunTable {
  private readonly runs: string[] = [];
  private hashes = new Int32Array(1024);
  /** Slot → run number + 1 (0: empty); a power of two, at most half full. */
  private slots = new Int32Array(2048);

  get size(): number {
    return this.runs.length;
  }

  /** The number of the run equal to `source[start, end)`, or -1. */
  find(source: string, start: number, end: number): number {
    const hash = spanHash(source, start, end);
    const mask = this.slots.length - 1;
    const length = end - start;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const r = (this.slots[slot] as number) - 1;
      if (r < 0) return -1;
      if (this.hashes[r] === hash) {
        const run = this.runs[r] as string;
        if (run.length === length && source.startsWith(run, start)) return r;
      }
    }
  }

  /** Adds a run `find` does not find and returns its number. */
  add(run: string): number {
    const r = this.runs.length;
    const hash = spanHash(run, 0, run.length);
    this.runs.push(run);
    if (r === this.hashes.length) this.hashes = grow(this.hashes, r * 2, 0);
    this.hashes[r] = hash;
    if ((r + 1) * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    else this.place(r, hash);
    return r;
  }

  private place(r: number, hash: number): void {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = r + 1;
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    for (let r = 0; r < this.runs.length; r++) this.place(r, this.hashes[r] as number);
  }
}

/** FNV-1a over the UTF-16 code units of `source[start, end)`. */
function spanHash(source: string, start: number, end: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) h = Math.imul(h ^ source.charCodeAt(i), 0x01000193);
  return h;
}
