/**
 * A BM25 index's postings in blocks of whole terms, so that an index read back from a
 * snapshot reads the postings of the terms a query has, not all of them: on a corpus of
 * 100k files the postings are 142 MB of a 184 MB section, and a query's terms a few blocks.
 */
import { RepoMapError } from '../errors.js';

/** Postings per block: a block ends at the first term boundary at or past this many. */
export const POSTING_BLOCK = 16 * 1024;

/** One block's postings: documents and term frequencies of its terms, term by term. */
export interface PostingBlock {
  doc: Uint32Array;
  tf: Float32Array | Float64Array;
}

/** The first term of each block, then the number of terms: block k holds terms [blockTerms[k], blockTerms[k + 1]) (no block without terms). */
export function postingBlockTerms(termStart: Uint32Array, terms: number, size = POSTING_BLOCK): Uint32Array {
  const firsts = [0];
  for (let t = 0; t < terms; t++) {
    if ((termStart[t + 1] as number) - (termStart[firsts[firsts.length - 1]!] as number) >= size || t + 1 === terms)
      firsts.push(t + 1);
  }
  return Uint32Array.from(firsts);
}

/** Block k of the postings (views of the arrays, no copy). */
export function postingBlock(
  termStart: Uint32Array,
  blockTerms: Uint32Array,
  doc: Uint32Array,
  tf: Float32Array | Float64Array,
  k: number,
): PostingBlock {
  const from = termStart[blockTerms[k] as number] as number;
  const to = termStart[blockTerms[k + 1] as number] as number;
  return { doc: doc.subarray(from, to), tf: tf.subarray(from, to) };
}

/** Where a term's postings are: arrays and the range in them. */
export interface PostingRun {
  doc: Uint32Array;
  tf: Float32Array | Float64Array;
  from: number;
  to: number;
}

/** Postings read a block at a time, each block when a term of it is first asked for. */
export class BlockedPostings {
  private readonly blocks = new Map<number, PostingBlock>();

  constructor(
    private readonly termStart: Uint32Array,
    private readonly blockTerms: Uint32Array,
    private readonly exactTf: boolean,
    private readonly read: (k: number) => PostingBlock,
  ) {
    const count = blockTerms.length - 1;
    let fits = blockTerms[0] === 0 && blockTerms[count] === termStart.length - 1;
    for (let k = 0; fits && k < count; k++) fits = (blockTerms[k] as number) < (blockTerms[k + 1] as number);
    if (!fits)
      throw new RepoMapError(
        'internal',
        `repomap/lexical: BM25 posting blocks do not fit ${termStart.length - 1} terms`,
        'blockTerms',
      );
  }

  /** The postings of term `t`. */
  run(t: number): PostingRun {
    const k = this.blockOf(t);
    const block = this.block(k);
    const base = this.termStart[this.blockTerms[k] as number] as number;
    return {
      doc: block.doc,
      tf: block.tf,
      from: (this.termStart[t] as number) - base,
      to: (this.termStart[t + 1] as number) - base,
    };
  }

  /** Every block read and joined: the whole postings, as an index built in memory holds them. */
  all(): { postingDoc: Uint32Array; postingTf: Float32Array | Float64Array } {
    const total = this.termStart[this.termStart.length - 1] as number;
    const postingDoc = new Uint32Array(total);
    const postingTf = this.exactTf ? new Float32Array(total) : new Float64Array(total);
    for (let k = 0; k + 1 < this.blockTerms.length; k++) {
      const block = this.block(k);
      const at = this.termStart[this.blockTerms[k] as number] as number;
      postingDoc.set(block.doc, at);
      postingTf.set(block.tf, at);
    }
    return { postingDoc, postingTf };
  }

  private block(k: number): PostingBlock {
    let block = this.blocks.get(k);
    if (!block) {
      block = this.read(k);
      const expected =
        (this.termStart[this.blockTerms[k + 1] as number] as number) -
        (this.termStart[this.blockTerms[k] as number] as number);
      const tfType = this.exactTf ? Float32Array : Float64Array;
      if (
        !(block.doc instanceof Uint32Array) ||
        !(block.tf instanceof tfType) ||
        block.doc.length !== expected ||
        block.tf.length !== expected
      ) {
        throw new RepoMapError(
          'internal',
          `repomap/lexical: BM25 posting block ${k} holds ${block.doc?.length} postings, its terms ${expected}`,
          'postings',
        );
      }
      this.blocks.set(k, block);
    }
    return block;
  }

  /** The block holding term `t`: the last whose first term is at most `t`. */
  private blockOf(t: number): number {
    let lo = 0;
    let hi = this.blockTerms.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((this.blockTerms[mid] as number) <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
