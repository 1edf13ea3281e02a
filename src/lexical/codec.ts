/**
 * The lexical stage's state in a snapshot: the BM25 index's dictionary, its postings in
 * blocks (a rank reads those of its query's terms only) and the BM25F fields over it.
 * Only src/persist/ imports this module.
 */
import { RepoMapError } from '../errors.js';
import { decodeSection, PartList, sectionChunks, type ByteList, type Sections } from '../persist/sections.js';
import { Bm25Index, type Bm25Dictionary } from './bm25.js';
import type { PostingBlock } from './bm25-blocks.js';
import { Bm25fIndex, type Bm25fField, type FieldParts } from './bm25f.js';

/** Bumped whenever the lexical sections change. */
export const LEXICAL_STATE_VERSION = 2;

/** The lexical sections of a snapshot. */
export interface LexicalState {
  /** The BM25 index without its postings, which are apart in blocks (each a section's bytes). */
  bm25: Bm25Dictionary;
  bm25Postings: ByteList;
  bm25f: Record<Bm25fField, FieldParts>;
}

/** The sections of a BM25 index and the BM25F fields over it. */
export function encodeLexical(bm25: Bm25Index, bm25f: Bm25fIndex): Sections<LexicalState> {
  const blocked = bm25.toBlocks();
  return {
    bm25: () => blocked.dictionary,
    bm25Postings: new PartList(blocked.blocks, (k) => sectionChunks(blocked.block(k))),
    bm25f: () => bm25f.toParts(),
  };
}

/** The BM25 index and BM25F fields of a snapshot (`where` names it in errors); postings blocks are read when a query needs them. */
export function decodeLexical(state: LexicalState, where: string): { bm25: Bm25Index; bm25f: Bm25fIndex } {
  if (state.bm25Postings.length !== state.bm25.blockTerms.length - 1) {
    throw new RepoMapError(
      'internal',
      `repomap/lexical: a snapshot of ${where} has ${state.bm25Postings.length} blocks of BM25 postings for ${state.bm25.blockTerms.length - 1}`,
      'bm25Postings',
    );
  }
  const bm25 = Bm25Index.fromBlocks(state.bm25, (k) => decodeSection(state.bm25Postings.at(k)!) as PostingBlock);
  return { bm25, bm25f: Bm25fIndex.fromParts(bm25, state.bm25f) };
}
