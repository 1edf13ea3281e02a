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
import { compareByteOrder } from '../text/order.js';
import { forEachIdentifierWord, forEachWordSpan, splitIdentifier } from '../text/tokens.js';

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

/** A ranked document. */
export interface Bm25Hit {
  path: string;
  score: number;
}

function resolveOptions(options: Bm25Options): Required<Bm25Options> {
  const o = { ...BM25_DEFAULTS, ...definedOnly(options) };
  if (!(Number.isFinite(o.k1) && o.k1 >= 0)) throw new RepoMapError('bad-option', `bm25: k1 must be a finite number ≥ 0, got ${o.k1}`, 'k1');
  if (!(o.b >= 0 && o.b <= 1)) throw new RepoMapError('bad-option', `bm25: b must be in [0, 1], got ${o.b}`, 'b');
  if (!(Number.isFinite(o.pathWeight) && o.pathWeight >= 0)) {
    throw new RepoMapError('bad-option', `bm25: pathWeight must be a finite number ≥ 0, got ${o.pathWeight}`, 'pathWeight');
  }
  return o;
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export class Bm25Index {
  /** Resolved options. */
  readonly options: Readonly<Required<Bm25Options>>;
  /** Document paths in byte order; a document's id is its index here. */
  readonly paths: readonly string[];
  private readonly vocabulary = new Map<string, number>();
  /** CSR: postings of term t are [termStart[t], termStart[t+1]). */
  private readonly termStart: Uint32Array;
  private readonly postingDoc: Uint32Array;
  private readonly postingTf: Float64Array;
  /** k1·(1 − b + b·|d|/avgdl) per document. */
  private readonly lengthNorm: Float64Array;
  private readonly idfs: Float64Array;

  constructor(docs: readonly Bm25Document[], options: Bm25Options = {}) {
    this.options = resolveOptions(options);
    const { k1, b, pathWeight } = this.options;
    const sorted = [...docs].sort((x, y) => compareByteOrder(x.path, y.path));
    for (let i = 1; i < sorted.length; i++) {
      if ((sorted[i] as Bm25Document).path === (sorted[i - 1] as Bm25Document).path) {
        throw new RepoMapError('bad-option', `bm25: duplicate document path "${(sorted[i] as Bm25Document).path}"`, (sorted[i] as Bm25Document).path);
      }
    }
    this.paths = sorted.map((d) => d.path);
    const n = sorted.length;

    // Pass 1: per document, term frequencies into flat triples (term, doc, tf); the
    // triples come grouped by document, so the doc is kept as where each document ends.
    // Triples and the terms of each word run live in growable typed arrays rather than
    // JS arrays and one Int32Array per run: on a 10k-file corpus the JS arrays grew to
    // millions of boxed slots and their discarded copies pushed the heap ~200 MB past
    // its live size before a full GC (issue 6, peak RSS).
    const vocab = this.vocabulary;
    let lastDoc = new Int32Array(1024).fill(-1);
    let tfScratch = new Float64Array(1024);
    const tripleTerm = new Growable((n) => new Int32Array(n));
    const docEnd = new Uint32Array(n);
    const tripleTf = new Growable((n) => new Float64Array(n));
    const docLength = new Float64Array(n);
    const touched: number[] = [];
    // Word runs repeat a lot in code: each distinct run is split once, and
    // counted per document before its terms are added. Run r's terms are
    // runTermIds[runStart[r] .. runStart[r + 1]).
    const runIds = new Map<string, number>();
    const runStart = new Growable((n) => new Int32Array(n));
    runStart.push(0);
    const runTermIds = new Growable((n) => new Int32Array(n));
    let runDoc = new Int32Array(1024).fill(-1);
    let runCount = new Int32Array(1024);
    const touchedRuns: number[] = [];
    let d = 0;
    let text = '';
    const addSpan = (start: number, end: number): void => {
      const run = text.slice(start, end);
      let r = runIds.get(run);
      if (r === undefined) {
        r = runIds.size;
        runIds.set(run, r);
        for (const word of splitIdentifier(run)) {
          let t = vocab.get(word);
          if (t === undefined) {
            t = vocab.size;
            vocab.set(word, t);
          }
          runTermIds.push(t);
        }
        runStart.push(runTermIds.length);
        if (r >= runDoc.length) {
          const grownDoc = new Int32Array(runDoc.length * 2).fill(-1);
          grownDoc.set(runDoc);
          runDoc = grownDoc;
          const grownCount = new Int32Array(runCount.length * 2);
          grownCount.set(runCount);
          runCount = grownCount;
        }
      }
      if (runDoc[r] !== d) {
        runDoc[r] = d;
        runCount[r] = 0;
        touchedRuns.push(r);
      }
      runCount[r] = (runCount[r] as number) + 1;
    };
    const flushRuns = (weight: number): number => {
      if (vocab.size > lastDoc.length) {
        const size = Math.max(vocab.size, lastDoc.length * 2);
        const grownLast = new Int32Array(size).fill(-1);
        grownLast.set(lastDoc);
        lastDoc = grownLast;
        const grownTf = new Float64Array(size);
        grownTf.set(tfScratch);
        tfScratch = grownTf;
      }
      const starts = runStart.values;
      const ids = runTermIds.values;
      let length = 0;
      for (const r of touchedRuns) {
        const w = weight * (runCount[r] as number);
        const from = starts[r] as number;
        const to = starts[r + 1] as number;
        for (let j = from; j < to; j++) {
          const t = ids[j] as number;
          if (lastDoc[t] !== d) {
            lastDoc[t] = d;
            tfScratch[t] = 0;
            touched.push(t);
          }
          tfScratch[t] = (tfScratch[t] as number) + w;
        }
        length += w * (to - from);
        runDoc[r] = -1; // the path and the text of one document are flushed separately
      }
      touchedRuns.length = 0;
      return length;
    };
    for (d = 0; d < n; d++) {
      const doc = sorted[d] as Bm25Document;
      touched.length = 0;
      let length = 0;
      if (pathWeight > 0) {
        text = doc.path;
        forEachWordSpan(text, addSpan);
        length += flushRuns(pathWeight);
      }
      text = doc.text;
      forEachWordSpan(text, addSpan);
      length += flushRuns(1);
      docLength[d] = length;
      for (const t of touched) {
        if ((tfScratch[t] as number) > 0) {
          tripleTerm.push(t);
          tripleTf.push(tfScratch[t] as number);
        }
      }
      docEnd[d] = tripleTerm.length;
    }
    text = '';
    runIds.clear();

    // Pass 2: counting sort of the triples by term into CSR (documents stay ascending per term).
    const terms = vocab.size;
    const triples = tripleTerm.length;
    const termOf = tripleTerm.values;
    const tfOf = tripleTf.values;
    const termStart = new Uint32Array(terms + 1);
    for (let i = 0; i < triples; i++) {
      const t = termOf[i] as number;
      termStart[t + 1] = (termStart[t + 1] as number) + 1;
    }
    for (let t = 0; t < terms; t++) termStart[t + 1] = (termStart[t + 1] as number) + (termStart[t] as number);
    const cursor = termStart.slice(0, terms);
    const postingDoc = new Uint32Array(triples);
    const postingTf = new Float64Array(triples);
    for (let doc = 0, i = 0; doc < n; doc++) {
      for (const end = docEnd[doc] as number; i < end; i++) {
        const t = termOf[i] as number;
        const at = cursor[t] as number;
        cursor[t] = at + 1;
        postingDoc[at] = doc;
        postingTf[at] = tfOf[i] as number;
      }
    }
    this.termStart = termStart;
    this.postingDoc = postingDoc;
    this.postingTf = postingTf;

    let total = 0;
    for (let d = 0; d < n; d++) total += docLength[d] as number;
    const avgdl = n > 0 ? total / n : 0;
    this.lengthNorm = new Float64Array(n);
    for (let d = 0; d < n; d++) {
      this.lengthNorm[d] = k1 * (avgdl > 0 ? 1 - b + (b * (docLength[d] as number)) / avgdl : 1);
    }
    this.idfs = new Float64Array(terms);
    for (let t = 0; t < terms; t++) {
      const df = (termStart[t + 1] as number) - (termStart[t] as number);
      this.idfs[t] = Math.log((n - df + 0.5) / (df + 0.5) + 1);
    }
  }

  /** Number of documents. */
  get size(): number {
    return this.paths.length;
  }

  /** Number of documents containing `word` (an identifier word, already lowercased). */
  documentFrequency(word: string): number {
    const t = this.vocabulary.get(word);
    return t === undefined ? 0 : (this.termStart[t + 1] as number) - (this.termStart[t] as number);
  }

  /** IDF of `word` (an identifier word); a word in no document gets the IDF of df = 0. */
  idf(word: string): number {
    const t = this.vocabulary.get(word);
    if (t !== undefined) return this.idfs[t] as number;
    const n = this.paths.length;
    return Math.log((n + 0.5) / 0.5 + 1);
  }

  /** BM25 score of every document for `queryText`, indexed like `paths`. */
  scores(queryText: string): Float64Array {
    const counts = new Map<number, number>();
    forEachIdentifierWord(queryText, (word) => {
      const t = this.vocabulary.get(word);
      if (t !== undefined) counts.set(t, (counts.get(t) ?? 0) + 1);
    });
    const k1 = this.options.k1;
    const out = new Float64Array(this.paths.length);
    // Terms in id order so that float sums do not depend on query word order.
    for (const t of [...counts.keys()].sort((x, y) => x - y)) {
      const weight = (counts.get(t) as number) * (this.idfs[t] as number) * (k1 + 1);
      const end = this.termStart[t + 1] as number;
      for (let i = this.termStart[t] as number; i < end; i++) {
        const d = this.postingDoc[i] as number;
        const tf = this.postingTf[i] as number;
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
    positive.sort((x, y) => (scores[y] as number) - (scores[x] as number) || x - y);
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

/** An append-only typed array that doubles when full; `values` is valid up to `length`. */
class Growable<T extends Int32Array | Float64Array> {
  values: T;
  length = 0;

  constructor(private readonly make: (size: number) => T) {
    this.values = make(1024);
  }

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = this.make(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}
