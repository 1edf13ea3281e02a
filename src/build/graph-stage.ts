/**
 * The graph stage of a build: the earlier build's file graph updated in place where it
 * can be (taking over its record: the claim), else a graph built anew; and the CSRs of the
 * earlier index, their changed rows made again, where the paths are the same.
 */
import { buildFileGraph, readyForUpdate, updateFileGraph, type FileGraph } from '../graph/index.js';
import type { Corpus, FileTags, LanguageId } from '../types.js';
import type { BuildHistory } from './history-stage.js';
import { EarlierCsrs } from './earlier-csrs.js';
import type { Index } from './index.js';
import type { EarlierContents, Previous } from './reuse.js';
import type { StageSettings } from './settings.js';

/** The earlier build a build starts from: its record, what of it this corpus keeps, and its index when one was given. */
export interface BuildBefore {
  previous: Previous;
  earlier: EarlierContents;
  index: Index | undefined;
}

/**
 * Readies what the graph's update reads first of the earlier graph, which does not wait on
 * the new tags, while a worker started ahead parses the changed files (`ids`: path →
 * position in `files`).
 */
export function readyGraph(before: BuildBefore, files: Corpus['files'], ids: ReadonlyMap<string, number>): void {
  const languages = new Set<LanguageId>();
  for (const path of before.earlier.changed) {
    const language = files[ids.get(path) ?? -1]?.language;
    if (language) languages.add(language);
  }
  if (languages.size > 0) readyForUpdate(before.previous.graph, languages);
}

/** A build's graph, its record's claim (shared with the earlier record when the graph is the earlier one), and the earlier CSRs to patch. */
export interface GraphStage {
  graph: FileGraph;
  claim: Previous['claim'];
  earlierCsrs?: EarlierCsrs;
}

/** The graph of `files` and their `tags`: the earlier build's updated, else built anew. */
export async function graphStage(
  files: Corpus['files'],
  tags: FileTags[],
  settings: StageSettings,
  history: BuildHistory,
  before: BuildBefore | null,
): Promise<GraphStage> {
  let graph: FileGraph | null = null;
  let earlierCsrs: EarlierCsrs | undefined;
  if (before) {
    const { previous, earlier, index } = before;
    // Another history (a new commit, a moved HEAD) is read first: the update redoes co-change from it.
    const commits = previous.graph.basis.historyKey === history.key ? undefined : await history.commits();
    // the same history as before: so is whatever kept it from being read
    if (commits === undefined)
      history.problem ??= previous.tagDiagnostics.find((d) => d.code === 'history-unavailable');
    const from = { graph: previous.graph, files: previous.corpus.files, tags: previous.tags };
    // The update changes the earlier graph in place: the record is taken before it starts
    // (a failure half-way leaves that graph unusable) and given back when nothing was changed.
    previous.claim.taken = true;
    graph = updateFileGraph(from, files, tags, earlier.changed, settings.graph, { key: history.key, commits });
    if (graph === null || graph === previous.graph) previous.claim.taken = false;
    // a graph updated over the same paths: the earlier index's CSRs, their changed rows made again, are this one's
    else if (graph.rowsChanged && index) earlierCsrs = new EarlierCsrs(index, graph, settings.rank);
    // the earlier index holds no index of its own from here (a chain of updates holds one at most)
    index?.forgetEarlier();
  }
  graph ??= buildFileGraph(files, tags, settings.graph, await history.commits(), history.key);
  const claim = before && graph === before.previous.graph ? before.previous.claim : { taken: false };
  return { graph, claim, ...(earlierCsrs ? { earlierCsrs } : {}) };
}
