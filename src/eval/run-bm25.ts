/**
 * The BM25 method of `repomap eval`: whole-file BM25 (`Bm25Index`) over the
 * corpus files, queried with every string value of the sample's query.
 *
 * Confidence: the top file's score as a share of the largest score any
 * document could reach for the query, Σ over the query's words (with
 * repetition) of idf(w)·(k1 + 1), where a word absent from the corpus keeps
 * the IDF of a word in no document. So it is in [0, 1): high when one file
 * matches most of the query's weight, low when the query's words are rare or
 * absent in this repository (a query about another repository).
 */
import type { Bm25Index } from '../lexical/bm25.js';
import { identifierWords } from '../text/tokens.js';

/** A BM25 ranking cut to `top` files, with its confidence. */
export interface Bm25Ranking {
  files: string[];
  scores: number[];
  confidence: number;
}

/** Ranks the index's documents for `text` (see the module comment for the confidence). */
export function bm25Ranking(index: Bm25Index, text: string, top: number): Bm25Ranking {
  const hits = index.rank(text, top);
  const k1 = index.options.k1;
  let ceiling = 0;
  for (const word of identifierWords(text)) ceiling += index.idf(word) * (k1 + 1);
  const best = hits[0]?.score ?? 0;
  const confidence = ceiling > 0 ? Math.min(1, Math.max(0, best / ceiling)) : 0;
  return { files: hits.map((h) => h.path), scores: hits.map((h) => h.score), confidence };
}
