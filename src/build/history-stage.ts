/** The co-change history a build reads: its head now (part of the fingerprint), its commits when the graph asks. */
import { historyHead, readCorpusHistory } from '../corpus/index.js';
import type { Corpus, Diagnostic } from '../types.js';
import type { IndexOptions } from './options.js';
import type { StageSettings } from './settings.js';

/** A build's history: what it is read at, its key (what a graph built from it records), and its commits, read once when asked. */
export interface BuildHistory {
  head: string | null;
  key: string;
  commits(): Promise<string[][]>;
  /** Why it could not be read, once known: one of the build's diagnostics. */
  problem: Diagnostic | undefined;
}

/** The history of `corpus` a build with `options` reads (none when co-change has no weight or `history` is false). */
export async function buildHistory(
  corpus: Corpus,
  settings: StageSettings,
  options: IndexOptions,
): Promise<BuildHistory> {
  const reads = settings.graph.coChangeWeight > 0 && options.history !== false;
  const found = reads ? await historyHead(corpus) : { head: null };
  const { head } = found;
  let commits: string[][] | undefined;
  const history: BuildHistory = {
    head,
    key: JSON.stringify({ head, history: options.history ?? null }),
    problem: found.unavailable === undefined ? undefined : historyDiagnostic(found.unavailable),
    async commits() {
      if (commits) return commits;
      if (head === null || options.history === false) return (commits = []);
      const read = await readCorpusHistory(
        corpus,
        head,
        options.history === true || options.history === undefined ? {} : options.history,
      );
      if (read.unavailable !== undefined) history.problem ??= historyDiagnostic(read.unavailable);
      return (commits = read.commits);
    },
  };
  return history;
}

/** The diagnostic of a folder ranked without its co-change history, and why. */
function historyDiagnostic(reason: string): Diagnostic {
  return {
    code: 'history-unavailable',
    message: `co-change history not read (${reason}); the folder is ranked without it`,
  };
}
