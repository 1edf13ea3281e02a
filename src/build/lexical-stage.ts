/**
 * The lexical stage of a build: the BM25 index, updated from the earlier build's or made
 * anew, and the texts a lean build lets go once BM25 and the parse are done with them.
 */
import { textTermsOf } from '../cache/text-terms.js';
import { releaseTexts } from '../corpus/index.js';
import type { Corpus } from '../types.js';
import { readsText } from '../graph/index.js';
import { updatePays } from '../lexical/bm25.js';
import { buildLexical, lexicalAfter, lexicalOf, type LexicalIndex } from '../rank/index-context.js';
import type { PathTables } from '../rank/path-tables.js';
import { earlyRelease } from './early-release.js';
import type { IndexOptions } from './options.js';
import { textKey, type EarlierContents, type Previous } from './reuse.js';
import type { TagsStageOptions } from './tags-stage.js';

/** A build's lexical stage once started: its holder, what it does while the tags stage parses, and its end. */
export interface LexicalStage {
  lexical: LexicalIndex;
  /** What the tags stage runs meanwhile and tells of its parses. */
  duringTags: Pick<TagsStageOptions, 'meanwhile' | 'onParsing' | 'onParsed'>;
  /** Once the tags are in: BM25 made where the build must have it now, its terms kept, texts let go. */
  finish(): Promise<void>;
}

/**
 * Starts the lexical stage. The earlier BM25 index is updated at the first rank; but where
 * the update would build it anew (a quarter of the texts changed: eval's far-apart
 * commits) and a cache holds the texts' terms in memory, it is built now from them, as a
 * cold build is. A cold build's BM25 index is made on this thread while workers parse (if
 * they do), instead of at the first rank, from the terms a persistent cache keeps where it
 * can. The terms of texts tokenized while workers parse are not kept (the next build, which
 * parses nothing, keeps them): the cores are full then, and keeping them cost ~0.1-0.2 s; a
 * cache that holds terms in memory for the builds that follow (eval's) keeps them. An
 * update whose changed files parse on a worker started ahead updates BM25 now, while that
 * worker parses (the first rank, or the snapshot, reads it next), not after.
 */
export function startLexical(
  corpus: Corpus,
  keys: readonly string[],
  tables: PathTables,
  before: { previous: Previous; earlier: EarlierContents } | null,
  options: IndexOptions,
): LexicalStage {
  const textTerms = textTermsOf(options.tagsCache, corpus.files, keys);
  const updates =
    before !== null &&
    !(
      textTerms?.held &&
      !updatePays(
        before.previous.corpus.files.map((f) => f.path),
        corpus.files.map((f) => f.path),
        new Set(before.earlier.changed),
      )
    );
  const lexical: LexicalIndex = updates ? lexicalAfter(before.previous.lexical, before.earlier.changed) : {};
  const terms = updates ? undefined : textTerms;
  const sameContent = (i: number, text: string): boolean => textKey(text) === keys[i];
  const releasing = options.releaseTexts && corpus.source === 'folder';
  // texts let go as BM25 and the parse are done with them, not all after the tags stage (at 100k files ~0.8 GB)
  const early = releasing && !updates ? earlyRelease(corpus, tables.ids, readsText, sameContent) : undefined;
  const meanwhile = updates
    ? undefined
    : async (): Promise<void> => {
        await buildLexical(corpus.files, lexical, terms && (terms.held ? terms : { get: (doc) => terms.get(doc) }));
        early?.lexicalBuilt();
      };
  if (updates && options.parsedAhead) lexicalOf(corpus.files, lexical, tables.ids);
  return {
    lexical,
    duringTags: { meanwhile, ...(early ? { onParsing: early.onParsing, onParsed: early.onParsed } : {}) },
    async finish() {
      // BM25 reads every text: a build that did not make it on the way makes it now (an
      // update of an earlier one reads only the changed files, again, at the first rank)
      if ((releasing || terms) && !lexical.bm25 && !lexical.earlier) await buildLexical(corpus.files, lexical, terms);
      terms?.save();
      if (!releasing) return;
      // a file touched later but not edited (its text hashes to the key it was built with) still reads
      releaseTexts(corpus, (f) => readsText(f.path), sameContent);
      // a lean build's BM25 index made anew looks its words up as a snapshot's does
      lexical.bm25?.index.dropVocabularyMap();
    },
  };
}
