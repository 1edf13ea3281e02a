/** What an index reads its corpus, tags and graph from (`IndexParts`), and those of a build's record. */
import type { CodeReading } from '../cues/index.js';
import type { RankContext } from '../rank/context.js';
import type { RankDefaults } from '../rank/defaults.js';
import type { UnitWordsCache } from '../rank/functions.js';
import { graphPartsOf, makeContext } from '../rank/index-context.js';
import type { Corpus, Diagnostic, FileTags, Query } from '../types.js';
import type { EarlierCsrs } from './earlier-csrs.js';
import type { Previous } from './reuse.js';

/**
 * Where an index reads its corpus, tags and graph from: a build's record
 * (`recordParts`), or a persisted snapshot that makes the record only when asked.
 */
export interface IndexParts {
  readonly corpus: Corpus;
  readonly tagDiagnostics: readonly Diagnostic[];
  /** The tags of a parsed file (undefined for files without tags or outside the corpus). */
  tagsOf(path: string): FileTags | undefined;
  /** Every parsed file's tags, in corpus order. */
  tags(): readonly FileTags[];
  /** The build record (what `buildIndex({ previous })` reuses). */
  record(): Previous;
  /** Whether a later build took the record's graph over (the index must not rank). */
  taken(): boolean;
  /** The rank context under a rank stage's settings. */
  context(rank: RankDefaults): RankContext;
  /** The units' words of ranked files (the record's, shared with the builds before and after it). */
  readonly unitWords: UnitWordsCache;
  /** Lets go of what the parts hold of an earlier index (`EarlierCsrs`): a later build starts from this one. */
  forgetEarlier?(): void;
  /** Loads what reading a query needs beyond the parts (a snapshot's snippet grammars). */
  prepare?(query: Query, cues: (code: CodeReading) => void): Promise<void>;
  /** Loads what reading any query needs beyond the parts (every grammar `prepare` may load). */
  prepareAll?(): Promise<void>;
}

/** The parts of a build's record; `earlier`: the CSRs of the index it updated, for its own (`EarlierCsrs`). */
export function recordParts(record: Previous, earlier?: EarlierCsrs): IndexParts {
  let byPath: Map<string, FileTags> | undefined;
  const tagsOf = (path: string): FileTags | undefined =>
    (byPath ??= new Map(record.tags.map((t) => [t.path, t]))).get(path);
  return {
    corpus: record.corpus,
    tagDiagnostics: record.tagDiagnostics,
    tagsOf,
    tags: () => record.tags,
    record: () => record,
    taken: () => record.claim.taken,
    unitWords: record.unitWords,
    context: (rank) =>
      makeContext(
        record.corpus.files,
        graphPartsOf(record.graph),
        rank,
        record.lexical,
        record.pathTables,
        tagsOf,
        earlier ? { csr: (flow) => earlier.csr(flow) } : {},
      ),
    ...(earlier ? { forgetEarlier: () => earlier.forget() } : {}),
  };
}
