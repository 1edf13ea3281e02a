/**
 * The parts of `Bm25Index.updated` that rebuild the postings from an earlier index's
 * (./bm25.ts): where kept documents keep their numbers (files edited, none added or
 * removed before them), the postings of the terms no changed document has are copied in
 * runs, and the kept stretches of the others too; an index read back from parts looks
 * its words up by binary search (`SortedVocabulary`). Every function gives the postings
 * a merge one posting at a time gives.
 */
import type { Vocabulary } from './bm25-terms.js';
import { findSorted } from '../text/sorted-names.js';

/** An index's postings in CSR: term t's are [termStart[t], termStart[t + 1]), documents ascending; `terms` of them. */
export interface Postings {
  termStart: Uint32Array;
  postingDoc: Uint32Array;
  postingTf: Float32Array | Float64Array;
  terms: number;
}

/** The arrays an update writes its postings into. */
export interface PostingsOut {
  postingDoc: Uint32Array;
  postingTf: Float32Array | Float64Array;
}

/** A term's fresh postings: the documents read now that have it, ascending, and its frequency in each. */
export interface FreshPostings {
  docs: number[];
  tfs: number[];
}

/** An earlier index's IDFs, and the terms whose postings an update changed (the others' IDFs stand). */
export interface KeptIdfs {
  idfs: Float64Array;
  touched: readonly number[];
}

/**
 * The term starts (over `terms` terms) of an update in which kept documents keep their
 * numbers (`kept`: earlier document → its number now, or -1 when read again or gone):
 * each term's earlier count less its postings of documents read again (found in one pass
 * over the postings) plus its fresh ones; the terms whose postings change, ascending;
 * and where the postings of documents read again are, ascending.
 */
export function startsKeeping(
  before: Postings,
  terms: number,
  kept: Int32Array,
  fresh: ReadonlyMap<number, FreshPostings>,
): { termStart: Uint32Array; touched: number[]; droppedAt: number[] } {
  const delta = new Int32Array(terms);
  const touched = new Uint8Array(terms);
  const { termStart: starts, postingDoc } = before;
  const postings = starts[before.terms] as number;
  const droppedAt: number[] = [];
  for (let i = 0, t = 0; i < postings; i++) {
    if (kept[postingDoc[i] as number]! >= 0) continue;
    while ((starts[t + 1] as number) <= i) t++;
    delta[t]!--;
    touched[t] = 1;
    droppedAt.push(i);
  }
  for (const [t, list] of fresh) {
    delta[t]! += list.docs.length;
    touched[t] = 1;
  }
  const termStart = new Uint32Array(terms + 1);
  for (let t = 0; t < terms; t++) {
    const earlier = t < before.terms ? (starts[t + 1] as number) - (starts[t] as number) : 0;
    termStart[t + 1] = (termStart[t] as number) + earlier + (delta[t] as number);
  }
  const changed: number[] = [];
  for (let t = 0; t < terms; t++) if (touched[t]) changed.push(t);
  return { termStart, touched: changed, droppedAt };
}

/** The term starts of an update that renumbers kept documents: each term's kept postings counted, plus its fresh ones. */
export function startsRenumbering(
  before: Postings,
  terms: number,
  kept: Int32Array,
  fresh: ReadonlyMap<number, FreshPostings>,
): Uint32Array {
  const termStart = new Uint32Array(terms + 1);
  for (let t = 0; t < terms; t++) {
    let count = fresh.get(t)?.docs.length ?? 0;
    if (t < before.terms) {
      for (let i = before.termStart[t] as number; i < (before.termStart[t + 1] as number); i++) {
        if (kept[before.postingDoc[i] as number]! >= 0) count++;
      }
    }
    termStart[t + 1] = (termStart[t] as number) + count;
  }
  return termStart;
}

/**
 * Writes term t's postings into `out` from `at` on, when kept documents keep their
 * numbers: its earlier postings less those at `droppedAt[dropped ..]` (the positions of
 * documents read again, ascending; this term's come first), copied in stretches, with the
 * fresh ones (`add`) put where they fall. Returns the first position of `droppedAt` past
 * this term's.
 */
export function mergeKeeping(
  before: Postings,
  out: PostingsOut,
  t: number,
  at: number,
  add: FreshPostings | undefined,
  droppedAt: readonly number[],
  dropped: number,
): number {
  const { postingDoc, postingTf } = before;
  const end = before.termStart[t + 1] as number;
  const docs = add?.docs ?? [];
  const tfs = add?.tfs ?? [];
  let i = before.termStart[t] as number;
  let k = 0;
  const copy = (to: number): void => {
    out.postingDoc.set(postingDoc.subarray(i, to), at);
    out.postingTf.set(postingTf.subarray(i, to), at);
    at += to - i;
    i = to;
  };
  for (;;) {
    // the next earlier posting to leave out, or the term's end
    const drop =
      dropped < droppedAt.length && (droppedAt[dropped] as number) < end ? (droppedAt[dropped] as number) : end;
    // the kept stretch ends there, or before the first kept document past the next fresh one
    copy(k < docs.length ? lowerBound(postingDoc, i, drop, docs[k] as number) : drop);
    if (i < drop || (i === end && k < docs.length)) {
      out.postingDoc[at] = docs[k] as number;
      out.postingTf[at++] = tfs[k++] as number;
    } else if (drop < end) {
      i = drop + 1;
      dropped++;
    } else {
      return dropped;
    }
  }
}

/** Copies the earlier postings of terms [from, to) as they are (none of them changed) into `out`, where `termStart` puts them. */
export function copyRun(before: Postings, out: PostingsOut, from: number, to: number, termStart: Uint32Array): void {
  if (from >= to) return;
  const a = before.termStart[from] as number;
  const b = before.termStart[to] as number;
  out.postingDoc.set(before.postingDoc.subarray(a, b), termStart[from] as number);
  out.postingTf.set(before.postingTf.subarray(a, b), termStart[from] as number);
}

/**
 * The vocabulary of an index read back from parts, for an update: its words are found by
 * binary search over their sorted order (`sorted`, of the first `sorted.length` words),
 * and the words the update adds go in a Map. Making a Map of every word (150,000 on 3,800
 * files) cost more than the lookups of the few files an update reads.
 */
export class SortedVocabulary implements Vocabulary {
  private readonly added = new Map<string, number>();

  constructor(
    private readonly words: readonly string[],
    private readonly sorted: Int32Array,
  ) {}

  get(word: string): number | undefined {
    const t = findSorted(this.words, this.sorted, word);
    return t >= 0 ? t : this.added.get(word);
  }

  set(word: string, id: number): void {
    this.added.set(word, id);
  }

  get size(): number {
    return this.sorted.length + this.added.size;
  }
}

/** The first position in [lo, hi) of `sorted` (ascending there) holding `value` or more; hi when none. */
function lowerBound(sorted: Uint32Array, lo: number, hi: number, value: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
