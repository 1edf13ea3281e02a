/**
 * BM25 over whole files: a lexical baseline and a fusion input.
 *
 * Each file is one document whose terms are the identifier words
 * (`identifierWords`) of its path and its text. A query term t scores a
 * document d with
 *   idf(t) · tf·(k1 + 1) / (tf + k1·(1 − b + b·|d|/avgdl)),
 *   idf(t) = ln((N − n_t + 0.5)/(n_t + 0.5) + 1)   (Robertson/Sparck Jones, never negative),
 * summed over the query's words with repetition (a word said twice counts twice).
 * Postings live in CSR typed arrays: term → (document, term frequency).
 */
import { RepoMapError } from '../errors.js';
import { lazyFields } from '../lazy-fields.js';
import { compareByteOrder, compareDescending } from '../text/order.js';
import {
  findSortedBy,
  joinedAt,
  joinedFits,
  joinedStarts,
  sortedOrder,
  sortedOrderAfter,
} from '../text/sorted-names.js';
import { forEachIdentifierWord } from '../text/tokens.js';
import {
  BlockedPostings,
  postingBlock,
  postingBlockTerms,
  POSTING_BLOCK,
  type PostingBlock,
  type PostingRun,
} from './bm25-blocks.js';
import { ChunkedArray, TermCounter, type Vocabulary } from './bm25-terms.js';
import {
  copyRun,
  mergeKeeping,
  SortedVocabulary,
  startsKeeping,
  startsRenumbering,
  type KeptIdfs,
  type Postings,
} from './bm25-update.js';
import type { TextTerms } from './text-terms.js';

/** Tunables of `Bm25Index`. */
export interface Bm25Options {
  /** Term-frequency saturation: larger lets repeated terms count longer. */
  k1?: number;
  /** Length normalization in [0, 1]: 0 ignores document length, 1 fully normalizes. */
  b?: number;
  /** Term-frequency weight of each path word (1 = a path word counts like a word of the text). */
  pathWeight?: number;
}

/** Defaults: the usual Lucene/Okapi settings; path words count once. */
export const BM25_DEFAULTS: Required<Bm25Options> = { k1: 1.2, b: 0.75, pathWeight: 1 };

/** One document to index; `FileRecord` fits. */
export interface Bm25Document {
  path: string;
  text: string;
}

/**
 * Texts' terms known from earlier runs (a persistent cache), and where the terms of the
 * texts tokenized now go: a document whose terms `get` gives is not tokenized.
 */
export interface TextTermsCache {
  get(doc: Bm25Document): TextTerms | undefined;
  /** Absent: the terms of texts tokenized now are not kept. */
  set?(doc: Bm25Document, terms: TextTerms): void;
}

/** A ranked document. */
export interface Bm25Hit {
  path: string;
  score: number;
}

function resolveOptions(options: Bm25Options): Required<Bm25Options> {
  const o = { ...BM25_DEFAULTS, ...definedOnly(options) };
  if (!(Number.isFinite(o.k1) && o.k1 >= 0))
    throw new RepoMapError('bad-option', `repomap/lexical: BM25 k1 must be a finite number ≥ 0, got ${o.k1}`, 'k1');
  if (!(o.b >= 0 && o.b <= 1))
    throw new RepoMapError('bad-option', `repomap/lexical: BM25 b must be in [0, 1], got ${o.b}`, 'b');
  if (!(Number.isFinite(o.pathWeight) && o.pathWeight >= 0)) {
    throw new RepoMapError(
      'bad-option',
      `repomap/lexical: BM25 pathWeight must be a finite number ≥ 0, got ${o.pathWeight}`,
      'pathWeight',
    );
  }
  return o;
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A BM25 index as `toParts` gives it: typed arrays and one string of words, cheap to write and read back. */
export interface Bm25Parts {
  options: Required<Bm25Options>;
  paths: string[];
  /** The words of term ids 0, 1, …, joined by NUL. */
  words: string;
  /** The term ids in word order (byte order). */
  sorted: Int32Array;
  termStart: Uint32Array;
  postingDoc: Uint32Array;
  postingTf: Float32Array | Float64Array;
  docLength: Float64Array;
}

/** A BM25 index's parts without its postings, which are apart in blocks of whole terms (`Bm25Index.toBlocks`). */
export interface Bm25Dictionary extends Omit<Bm25Parts, 'postingDoc' | 'postingTf'> {
  /** The first term of each block, then the number of terms. */
  blockTerms: Uint32Array;
  /** Where each word starts in `words`, then its length + 1: a word is looked up without splitting them all. */
  wordStarts: Uint32Array;
  /** Whether the term frequencies are 32-bit floats. */
  exactTf: boolean;
}

export class Bm25Index {
  /** Resolved options. */
  readonly options: Readonly<Required<Bm25Options>>;
  /** Document paths in byte order; a document's id is its index here. */
  readonly paths: readonly string[];
  /** Documents taken from an earlier index without being read again (0 for a fresh build). */
  reused = 0;
  /**
   * Word → term id, and term id → word, shared with the indexes updated from this one
   * (they add words and never change an id): only ids below `terms` are this index's.
   */
  private vocabularyMap?: Vocabulary;
  /** For an index read back from parts: its term ids in word order, for lookups without the Map (made only if an update needs it). */
  private sortedTerms?: Int32Array;
  /** For an index updated from one that had `sortedTerms`: that order, which `toParts` extends with the words added since. */
  private earlierSorted?: Int32Array;
  private words!: string[];
  /** Terms of this index: ids 0 .. terms - 1. */
  private terms!: number;
  /** CSR: postings of term t are [termStart[t], termStart[t+1]). */
  private termStart!: Uint32Array;
  private postingDoc!: Uint32Array;
  /**
   * Term frequencies: 32-bit floats when every one of them is one exactly (whole
   * counts, as with the default path weight of 1), else 64-bit; 7 MB less at 10k files.
   */
  private postingTf!: Float32Array | Float64Array;
  /** |d| per document: the sum of its term frequencies. */
  private docLength!: Float64Array;
  /** k1·(1 − b + b·|d|/avgdl) per document. */
  private lengthNorm!: Float64Array;
  /** Mean document length. */
  private avgdl = 0;
  private idfs!: Float64Array;
  /** For an index read back from blocks: its postings, read a block at a time (`postingDoc` and `postingTf` then read them all). */
  private blocked?: BlockedPostings;
  /** For an index read back from blocks: its words as joined, and where each starts (`words` then splits them). */
  private joined?: { text: string; starts: Uint32Array };
  /** Made by an update: its vocabulary is the earlier index's, which it adds to. */
  private sharesVocabulary = false;

  /** `from`: see `Bm25Index.updated` and `Bm25Index.inSlices` (which are how to pass it). */
  constructor(
    docs: readonly Bm25Document[],
    options: Bm25Options = {},
    from?: { index: Bm25Index; changed: ReadonlySet<string> } | { counted: Counted },
  ) {
    this.options = resolveOptions(options);
    let kept: KeptIdfs | null = null;
    if (from && 'counted' in from) {
      this.paths = from.counted.sorted.map((d) => d.path);
      this.postings(from.counted);
    } else {
      const sorted = sortedDocuments(docs);
      this.paths = sorted.map((d) => d.path);
      const updated =
        from && reusable(from.index, this, from.changed) ? this.update(sorted, from.index, from.changed) : false;
      if (updated === false) this.postings(finish(countSteps(sorted, this.options.pathWeight)));
      else kept = updated;
    }
    this.finish(kept);
  }

  /**
   * The index of `docs` (as the constructor builds it) with the tokenizing cut into slices
   * of about 32 KB of text, awaiting `pause()` between them: it can run on a thread that
   * has other work to answer meanwhile (the tags stage's workers). With `terms`, a
   * document's known terms stand for its text, and the terms of every text tokenized are
   * given to `terms.set` (when there is one): the index is the same either way.
   */
  static async inSlices(
    docs: readonly Bm25Document[],
    options: Bm25Options,
    pause: () => Promise<void>,
    terms?: TextTermsCache,
  ): Promise<Bm25Index> {
    const steps = countSteps(sortedDocuments(docs), resolveOptions(options).pathWeight, terms);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return new Bm25Index([], options, { counted: step.value });
      await pause();
    }
  }

  /**
   * The index of `docs` made from an earlier index (the same options) where only the
   * documents in `changed` have new text, besides documents added or removed: only
   * changed and added documents are read. Scores equal a fresh index's exactly. A fresh
   * build is made instead when more than a quarter of the documents changed, or when
   * words no document has any more would be over a quarter of the vocabulary (an update
   * keeps them), so that a long chain of updates does not grow without bound.
   */
  static updated(earlier: Bm25Index, docs: readonly Bm25Document[], changed: ReadonlySet<string>): Bm25Index {
    return new Bm25Index(docs, earlier.options, { index: earlier, changed });
  }

  /** The index as arrays and strings, for a persisted snapshot: `Bm25Index.fromParts` makes an index that scores the same. */
  toParts(): Bm25Parts {
    const { termStart, postingDoc, postingTf, docLength } = this;
    const words = this.words.slice(0, this.terms);
    // (kept for the toParts of an index updated from this one)
    const sorted = (this.sortedTerms ??= this.earlierSorted
      ? sortedOrderAfter(words, this.earlierSorted)
      : sortedOrder(words));
    return {
      options: { ...this.options },
      paths: [...this.paths],
      words: words.join('\0'),
      sorted,
      termStart,
      postingDoc,
      postingTf,
      docLength,
    };
  }

  /** The index `toParts` gave (its words become the whole vocabulary). */
  static fromParts(parts: Bm25Parts): Bm25Index {
    const words = parts.words === '' ? [] : parts.words.split('\0');
    const index = Bm25Index.readBack(parts, words.length);
    if (
      parts.termStart[parts.termStart.length - 1] !== parts.postingDoc.length ||
      parts.postingDoc.length !== parts.postingTf.length
    ) {
      throw new RepoMapError(
        'internal',
        `repomap/lexical: BM25 parts do not fit (${parts.termStart[parts.termStart.length - 1]} postings by the term starts, ${parts.postingDoc.length} documents, ${parts.postingTf.length} frequencies)`,
        'parts',
      );
    }
    Object.assign(index, { words, postingDoc: parts.postingDoc, postingTf: parts.postingTf });
    index.finish();
    return index;
  }

  /**
   * The index as `toParts` gives it, with its postings apart in blocks of whole terms of
   * about `size` postings each (`block(k)`, views of the index's arrays): a snapshot keeps
   * each block as a part of its own, and `fromBlocks` reads back only the blocks of the
   * terms a query has.
   */
  toBlocks(size = POSTING_BLOCK): { dictionary: Bm25Dictionary; blocks: number; block(k: number): PostingBlock } {
    const { postingDoc, postingTf, ...dictionary } = this.toParts();
    const blockTerms = postingBlockTerms(this.termStart, this.terms, size);
    const wordStarts = joinedStarts(this.words.slice(0, this.terms));
    return {
      dictionary: { ...dictionary, blockTerms, wordStarts, exactTf: postingTf instanceof Float32Array },
      blocks: blockTerms.length - 1,
      block: (k) => postingBlock(this.termStart, blockTerms, postingDoc, postingTf, k),
    };
  }

  /** The index `toBlocks` gave, its postings read a block at a time by `read(k)` as terms ask for them. */
  static fromBlocks(dictionary: Bm25Dictionary, read: (k: number) => PostingBlock): Bm25Index {
    const { wordStarts } = dictionary;
    const terms = wordStarts.length - 1;
    if (!joinedFits(dictionary.words, wordStarts)) {
      throw new RepoMapError(
        'internal',
        `repomap/lexical: BM25 word starts do not fit ${dictionary.words.length} characters of words`,
        'wordStarts',
      );
    }
    const index = Bm25Index.readBack(dictionary, terms);
    index.joined = { text: dictionary.words, starts: wordStarts };
    const blocked = new BlockedPostings(dictionary.termStart, dictionary.blockTerms, dictionary.exactTf, read);
    index.blocked = blocked;
    // An update from it, or its parts, split the words and read every block (then plain
    // fields, as a built index has); a rank looks its words up joined, and reads the blocks of its terms.
    lazyFields(index, ['words'], () => ({ words: terms === 0 ? [] : dictionary.words.split('\0') }));
    lazyFields(index, ['postingDoc', 'postingTf'], () => blocked.all());
    index.finish();
    return index;
  }

  /** An index of the parts' paths and term starts, of `terms` terms; its words and postings are the caller's to give. */
  private static readBack(parts: Omit<Bm25Parts, 'postingDoc' | 'postingTf'>, terms: number): Bm25Index {
    const index = Object.create(Bm25Index.prototype) as Bm25Index;
    Object.assign(index, {
      options: resolveOptions(parts.options),
      paths: parts.paths,
      reused: 0,
      avgdl: 0,
      sortedTerms: parts.sorted,
      terms,
      termStart: parts.termStart,
      docLength: parts.docLength,
    });
    if (
      parts.termStart.length !== terms + 1 ||
      parts.sorted.length !== terms ||
      parts.docLength.length !== parts.paths.length
    ) {
      throw new RepoMapError(
        'internal',
        `repomap/lexical: BM25 parts do not fit (${terms} words, ${parts.termStart.length} term starts, ${parts.paths.length} paths)`,
        'parts',
      );
    }
    return index;
  }

  /** The word of term `t`. */
  private wordAt(t: number): string {
    return this.joined ? joinedAt(this.joined.text, this.joined.starts, t) : (this.words[t] as string);
  }

  /** Where the postings of term `t` are (read from its block for an index read back from blocks). */
  private runOf(t: number): PostingRun {
    return this.blocked
      ? this.blocked.run(t)
      : {
          doc: this.postingDoc,
          tf: this.postingTf,
          from: this.termStart[t] as number,
          to: this.termStart[t + 1] as number,
        };
  }

  /** Sorts the tokenized triples by term into CSR (documents stay ascending per term). */
  private postings(counted: Counted): void {
    const { counter, tripleTerm, tripleTf, inexactTf, docEnd, docLength } = counted;
    const n = docLength.length;
    this.docLength = docLength;
    this.vocabularyMap = counter.vocabulary;
    this.sharesVocabulary = false;
    this.words = counter.words;
    this.terms = this.words.length;

    // Counting sort of the triples by term into CSR (documents stay ascending per term).
    const terms = this.terms;
    const triples = tripleTerm.length;
    const termStart = new Uint32Array(terms + 1);
    for (let i = 0; i < triples; i++) termStart[tripleTerm.at(i) + 1]!++;
    for (let t = 0; t < terms; t++) termStart[t + 1]! += termStart[t] as number;
    const cursor = termStart.slice(0, terms);
    this.postingDoc = new Uint32Array(triples);
    const exact = inexactTf.size === 0;
    this.postingTf = exact ? new Float32Array(triples) : new Float64Array(triples);
    for (let doc = 0, i = 0; doc < n; doc++) {
      for (const end = docEnd[doc] as number; i < end; i++) {
        const at = cursor[tripleTerm.at(i)]!++;
        this.postingDoc[at] = doc;
        this.postingTf[at] = exact ? tripleTf.at(i) : (inexactTf.get(i) ?? tripleTf.at(i));
      }
    }
    this.termStart = termStart;
  }

  /**
   * Takes the earlier index's postings of unchanged documents (renumbered when documents
   * were added or removed; both orders are path order, so postings stay ascending) and
   * tokenizes the changed and added ones over its vocabulary (shared, no copy): new words get new
   * ids, and words no document has any more keep theirs with no postings, which scores
   * as a word never seen.
   */
  private update(
    sorted: readonly Bm25Document[],
    earlier: Bm25Index,
    changed: ReadonlySet<string>,
  ): KeptIdfs | null | false {
    const counter = new TermCounter(earlier.vocabulary(), earlier.words);
    const ids = new Map(sorted.map((d, i) => [d.path, i]));
    // Earlier document → its number now, or -1 when it is gone or read again.
    const kept = new Int32Array(earlier.paths.length);
    this.docLength = new Float64Array(sorted.length);
    earlier.paths.forEach((path, old) => {
      const now = ids.get(path);
      const keep = now !== undefined && !changed.has(path);
      kept[old] = keep ? now : -1;
      if (keep) {
        this.docLength[now] = earlier.docLength[old] as number;
        this.reused++;
      }
    });
    const known = new Set(earlier.paths);
    // The postings of documents read now, per term, documents ascending.
    const fresh = new Map<number, { docs: number[]; tfs: number[] }>();
    sorted.forEach((doc, d) => {
      if (known.has(doc.path) && !changed.has(doc.path)) return;
      this.docLength[d] = counter.count(doc.path, doc.text, this.options.pathWeight, (t, tf) => {
        let list = fresh.get(t);
        if (!list) fresh.set(t, (list = { docs: [], tfs: [] }));
        list.docs.push(d);
        list.tfs.push(tf);
      });
    });
    this.vocabularyMap = counter.vocabulary;
    this.sharesVocabulary = true;
    this.words = counter.words;
    this.terms = this.words.length;
    const terms = this.terms;
    const oldTerms = earlier.terms;
    // Kept documents keep their numbers (no document added or removed before them): the
    // postings of terms no changed document has are copied as they are, in runs.
    const sameNumbers = kept.every((now, old) => now < 0 || now === old);
    const before: Postings = {
      termStart: earlier.termStart,
      postingDoc: earlier.postingDoc,
      postingTf: earlier.postingTf,
      terms: oldTerms,
    };
    const { termStart, touched, droppedAt } = sameNumbers
      ? startsKeeping(before, terms, kept, fresh)
      : { termStart: startsRenumbering(before, terms, kept, fresh), touched: null, droppedAt: [] };
    let dead = 0;
    for (let t = 0; t < terms; t++) if (termStart[t + 1] === termStart[t]) dead++;
    if (dead * 4 > terms) {
      this.reused = 0;
      return false;
    }
    // the words keep their ids and new ones come after: the earlier word order is most of this one's
    const earlierOrder = earlier.sortedTerms ?? earlier.earlierSorted;
    if (earlierOrder?.length === oldTerms) this.earlierSorted = earlierOrder;
    const total = termStart[terms] as number;
    this.postingDoc = new Uint32Array(total);
    let exact = earlier.postingTf instanceof Float32Array;
    for (const list of fresh.values()) if (exact) exact = list.tfs.every(isFloat32);
    this.postingTf = exact ? new Float32Array(total) : new Float64Array(total);
    // Merges the kept postings of term t with its fresh ones, documents ascending.
    const merge = (t: number): void => {
      const add = fresh.get(t);
      let k = 0;
      let at = termStart[t] as number;
      const put = (doc: number, tf: number): void => {
        this.postingDoc[at] = doc;
        this.postingTf[at++] = tf;
      };
      if (t < oldTerms) {
        for (let i = earlier.termStart[t] as number; i < (earlier.termStart[t + 1] as number); i++) {
          const doc = kept[earlier.postingDoc[i] as number]!;
          if (doc < 0) continue;
          while (add && k < add.docs.length && (add.docs[k] as number) < doc)
            put(add.docs[k] as number, add.tfs[k++] as number);
          put(doc, earlier.postingTf[i] as number);
        }
      }
      while (add && k < add.docs.length) put(add.docs[k] as number, add.tfs[k++] as number);
    };
    if (touched) {
      // the terms whose postings change (a changed document had or has them), ascending;
      // the runs between them are copied, and so are the kept stretches of their postings
      const out = { postingDoc: this.postingDoc, postingTf: this.postingTf };
      let copyFrom = 0;
      let dropped = 0;
      for (const t of touched) {
        if (t >= oldTerms) break;
        copyRun(before, out, copyFrom, t, termStart);
        dropped = mergeKeeping(before, out, t, termStart[t] as number, fresh.get(t), droppedAt, dropped);
        copyFrom = t + 1;
      }
      copyRun(before, out, copyFrom, oldTerms, termStart);
      for (let t = oldTerms; t < terms; t++) merge(t);
    } else {
      for (let t = 0; t < terms; t++) merge(t);
    }
    this.termStart = termStart;
    // with as many documents, a term's IDF changes only with its document frequency
    return touched && sorted.length === earlier.paths.length ? { idfs: earlier.idfs, touched } : null;
  }

  /**
   * Length norms and IDFs from the postings and document lengths; with `kept`, the IDFs
   * of the terms not touched are the earlier index's (the same number of documents, the
   * same document frequency: the same value).
   */
  private finish(kept: KeptIdfs | null = null): void {
    const { k1, b } = this.options;
    const n = this.paths.length;
    const terms = this.terms;
    let total = 0;
    for (let d = 0; d < n; d++) total += this.docLength[d] as number;
    const avgdl = n > 0 ? total / n : 0;
    this.avgdl = avgdl;
    this.lengthNorm = new Float64Array(n);
    for (let d = 0; d < n; d++) {
      this.lengthNorm[d] = k1 * (avgdl > 0 ? 1 - b + (b * (this.docLength[d] as number)) / avgdl : 1);
    }
    this.idfs = new Float64Array(terms);
    const idf = (t: number): void => {
      const df = (this.termStart[t + 1] as number) - (this.termStart[t] as number);
      this.idfs[t] = Math.log((n - df + 0.5) / (df + 0.5) + 1);
    };
    if (kept) {
      this.idfs.set(kept.idfs);
      for (const t of kept.touched) idf(t);
      for (let t = kept.idfs.length; t < terms; t++) idf(t);
    } else {
      for (let t = 0; t < terms; t++) idf(t);
    }
  }

  /**
   * For an index built anew (its vocabulary shared with no other index yet): drops the
   * word → term id Map for lookups in the words' sorted order, as an index read back from
   * its parts looks words up (`toParts` keeps that order): at 10k files ~9 MB of heap less.
   * An update from it then looks words up by binary search, and keeps the words it adds in
   * a Map of their own.
   */
  dropVocabularyMap(): void {
    if (!this.vocabularyMap || this.sharesVocabulary || this.sortedTerms || this.earlierSorted) return;
    this.sortedTerms = sortedOrder(this.words);
    this.vocabularyMap = undefined;
  }

  /** Word → term id (an index read back from parts looks its words up in their sorted order, and keeps the words an update adds in a Map). */
  private vocabulary(): Vocabulary {
    return (this.vocabularyMap ??= this.sortedTerms
      ? new SortedVocabulary(this.words, this.sortedTerms)
      : new Map(this.words.map((w, i) => [w, i])));
  }

  /** The term id of `word` in this index (a word added by a later, updated index is not one of its terms). */
  private termOf(word: string): number | undefined {
    const t = this.vocabularyMap
      ? this.vocabularyMap.get(word)
      : findSortedBy(this.sortedTerms!, (i) => this.wordAt(i), word);
    return t !== undefined && t >= 0 && t < this.terms ? t : undefined;
  }

  /** Number of documents. */
  get size(): number {
    return this.paths.length;
  }

  /** Number of documents containing `word` (an identifier word, already lowercased). */
  documentFrequency(word: string): number {
    const t = this.termOf(word);
    return t === undefined ? 0 : (this.termStart[t + 1] as number) - (this.termStart[t] as number);
  }

  /** IDF of `word` (an identifier word); a word in no document gets the IDF of df = 0. */
  idf(word: string): number {
    const t = this.termOf(word);
    if (t !== undefined) return this.idfs[t] as number;
    const n = this.paths.length;
    return Math.log((n + 0.5) / 0.5 + 1);
  }

  /** Calls `visit(document, tf)` for each document that has `word` (an identifier word), documents ascending. */
  forEachPosting(word: string, visit: (doc: number, tf: number) => void): void {
    const t = this.termOf(word);
    if (t === undefined) return;
    const { doc, tf, from, to } = this.runOf(t);
    for (let i = from; i < to; i++) visit(doc[i] as number, tf[i] as number);
  }

  /** |d| / avgdl of a document (1 when every document is empty): its length relative to the mean. */
  relativeLength(doc: number): number {
    return this.avgdl > 0 ? (this.docLength[doc] as number) / this.avgdl : 1;
  }

  /** BM25 score of every document for `queryText`, indexed like `paths`. */
  scores(queryText: string): Float64Array {
    const counts = new Map<number, number>();
    forEachIdentifierWord(queryText, (word) => {
      const t = this.termOf(word);
      if (t !== undefined) counts.set(t, (counts.get(t) ?? 0) + 1);
    });
    const k1 = this.options.k1;
    const out = new Float64Array(this.paths.length);
    // Terms in word order, so that float sums depend neither on the query's word order
    // nor on term ids (which an updated index numbers differently from a fresh one).
    for (const t of [...counts.keys()].sort((x, y) => compareByteOrder(this.wordAt(x), this.wordAt(y)))) {
      const weight = (counts.get(t) as number) * (this.idfs[t] as number) * (k1 + 1);
      const run = this.runOf(t);
      for (let i = run.from; i < run.to; i++) {
        const d = run.doc[i] as number;
        const tf = run.tf[i] as number;
        out[d] = (out[d] as number) + (weight * tf) / (tf + (this.lengthNorm[d] as number));
      }
    }
    return out;
  }

  /**
   * Every document ranked for `queryText` (or the first `top`): score
   * descending, ties and zero-score documents in path byte order.
   */
  rank(queryText: string, top?: number): Bm25Hit[] {
    const scores = this.scores(queryText);
    const positive: number[] = [];
    const zero: number[] = [];
    for (let d = 0; d < scores.length; d++) ((scores[d] as number) > 0 ? positive : zero).push(d);
    positive.sort((x, y) => compareDescending(scores[x] as number, scores[y] as number) || x - y);
    const order = positive.concat(zero);
    const limit = top === undefined ? order.length : Math.max(0, Math.min(top, order.length));
    const out: Bm25Hit[] = new Array(limit);
    for (let i = 0; i < limit; i++) {
      const d = order[i] as number;
      out[i] = { path: this.paths[d] as string, score: scores[d] as number };
    }
    return out;
  }
}

/** Documents tokenized, in path order: (term, tf) triples grouped by document. */
interface Counted {
  sorted: readonly Bm25Document[];
  counter: TermCounter;
  tripleTerm: ChunkedArray<Int32Array>;
  /**
   * Term frequencies as 32-bit floats, and by triple those that are not one exactly (a
   * fractional path weight): whole counts, the default's, take half the memory of 64-bit
   * ones (at 100k files ~30M triples, 0.12 GB less at the parse's peak).
   */
  tripleTf: ChunkedArray<Float32Array>;
  inexactTf: Map<number, number>;
  /** Where each document's triples end. */
  docEnd: Uint32Array;
  docLength: Float64Array;
}

/** Documents in path byte order; a duplicate path is an error naming it. */
function sortedDocuments(docs: readonly Bm25Document[]): Bm25Document[] {
  const sorted = [...docs].sort((x, y) => compareByteOrder(x.path, y.path));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.path === sorted[i - 1]!.path)
      throw new RepoMapError(
        'bad-option',
        `repomap/lexical: duplicate BM25 document path "${sorted[i]!.path}"`,
        sorted[i]!.path,
      );
  }
  return sorted;
}

/** Characters of text tokenized between two yields of `countSteps`. */
const SLICE_CHARS = 32 * 1024;

/** Tokenizes documents in order, yielding after every SLICE_CHARS of text; returns the triples. */
function* countSteps(
  sorted: readonly Bm25Document[],
  pathWeight: number,
  terms?: TextTermsCache,
): Generator<void, Counted> {
  const n = sorted.length;
  const counted: Counted = {
    sorted,
    counter: new TermCounter(),
    tripleTerm: new ChunkedArray((size) => new Int32Array(size)),
    tripleTf: new ChunkedArray((size) => new Float32Array(size)),
    inexactTf: new Map(),
    docEnd: new Uint32Array(n),
    docLength: new Float64Array(n),
  };
  const emit = (t: number, tf: number): void => {
    counted.tripleTerm.push(t);
    if (!isFloat32(tf)) counted.inexactTf.set(counted.tripleTf.length, tf);
    counted.tripleTf.push(tf);
  };
  let sinceYield = 0;
  for (let d = 0; d < n; d++) {
    const doc = sorted[d]!;
    const known = terms?.get(doc);
    if (known) {
      counted.docLength[d] = counted.counter.countTerms(doc.path, known, pathWeight, emit);
      sinceYield += known.length;
    } else {
      const keep = terms?.set ? (t: TextTerms): void => terms.set!(doc, t) : undefined;
      counted.docLength[d] = counted.counter.count(doc.path, doc.text, pathWeight, emit, keep);
      sinceYield += doc.text.length;
    }
    counted.docEnd[d] = counted.tripleTerm.length;
    if (sinceYield >= SLICE_CHARS) {
      sinceYield = 0;
      yield;
    }
  }
  return counted;
}

/** Whether a number is a 32-bit float exactly. */
function isFloat32(value: number): boolean {
  return Math.fround(value) === value;
}

/** Runs a generator to its end without pausing. */
function finish<T>(steps: Generator<void, T>): T {
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** Whether an update from `earlier` is worth it: the same options, at most a quarter of the documents read again or gone. */
function reusable(earlier: Bm25Index, next: Bm25Index, changed: ReadonlySet<string>): boolean {
  if (JSON.stringify(earlier.options) !== JSON.stringify(next.options)) return false;
  return updatePays(earlier.paths, next.paths, changed);
}

/**
 * Whether an index of `paths` is better updated from one of `before` than built anew:
 * at most a quarter of the documents are read again (in `changed`, or new) or removed.
 * Past that an update costs about a fresh build, and words no document has any more would
 * pile up over a chain of updates. `Bm25fIndex.updated` follows the same rule.
 */
export function updatePays(before: readonly string[], paths: readonly string[], changed: ReadonlySet<string>): boolean {
  const now = new Set(paths);
  const known = new Set(before);
  let touched = 0;
  for (const p of paths) if (changed.has(p) || !known.has(p)) touched++;
  for (const p of before) if (!now.has(p)) touched++;
  return touched * 4 <= Math.max(paths.length, 4);
}
