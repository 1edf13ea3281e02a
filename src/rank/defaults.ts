import type { CueKind, FileKind, Ranker, Task } from '../types.js';
import type { Bm25fOptions } from '../lexical/bm25f.js';
import { FUNCTION_DEFAULTS } from './function-defaults.js';
import { MESSAGE_DEFAULTS } from './messages.js';
import type { EdgeFlow } from './csr.js';

/** Seed weights per cue kind: the shared ones, with a task's own where given. */
function cueWeights(own: Partial<Record<CueKind, number>> = {}): Record<CueKind, number> {
  return {
    path: 1,
    frame: 1,
    'given-file': 1,
    module: 0.4,
    imported: 0.8,
    'diff-symbol': 0.8,
    identifier: 0.5,
    'test-name': 0.5,
    term: 0.1,
    ...own,
  };
}

/** The lexical matches a task can use. */
export type LexicalMatch = 'bm25' | 'bm25f';

const flow = (
  imp: [number, number],
  sym: [number, number],
  test: [number, number],
  mod: number,
  coChange: number,
): EdgeFlow => ({
  import: { forward: imp[0], backward: imp[1] },
  'shared-symbol': { forward: sym[0], backward: sym[1] },
  'source-test': { forward: test[0], backward: test[1] },
  'same-module': { forward: mod, backward: mod },
  'co-change': { forward: coChange, backward: coChange },
});

/**
 * Tunables of the rank stage. Every weight that shapes a ranking lives here;
 * DESIGN.md explains each.
 */
export const RANK_DEFAULTS = {
  /**
   * Per task, the seed weight per cue kind, multiplied by the cue's strength and split
   * among the files the cue matches.
   */
  cueWeights: {
    generic: cueWeights(),
    code2test: cueWeights(),
    trace2code: cueWeights(),
    edit2ripple: cueWeights(),
    comment2context: cueWeights(),
    issue2code: cueWeights({ path: 4, frame: 0.5, module: 0.2 }),
    abstention: cueWeights(),
  } satisfies Record<Task, Record<CueKind, number>>,
  /** A symbol cue matching more definers than this is too generic to seed anything. */
  maxSymbolDefiners: 12,
  /**
   * Per task, the share of a symbol cue's weight given to the files that use the
   * symbol (callers, tests), split among them. Ripple and test-finding need users.
   */
  callerWeight: {
    generic: 0.2,
    code2test: 0.5,
    trace2code: 0.1,
    edit2ripple: 0.7,
    comment2context: 0.3,
    issue2code: 0.4,
    abstention: 0.2,
  } satisfies Record<Task, number>,
  /**
   * Query fields whose paths the agent already has open, per task: they seed the
   * PageRank like given files and, like them, go last. A PR's changed files are
   * what code2test starts from, never what it is looking for.
   */
  knownFields: {
    generic: [],
    code2test: ['changed_files', 'changed_file'],
    trace2code: [],
    edit2ripple: [],
    comment2context: [],
    issue2code: [],
    abstention: [],
  } satisfies Record<Task, string[]>,
  /** Per task, the total seed weight of lexical (BM25) matches of the query text; 0 turns it off. */
  textWeight: {
    generic: 1,
    code2test: 1,
    trace2code: 0.5,
    edit2ripple: 1,
    comment2context: 1,
    issue2code: 4,
    abstention: 1,
  } satisfies Record<Task, number>,
  /** How many of the best BM25 files share textWeight. */
  textTopK: 20,
  /**
   * Per task, the seed weight of a corpus message (an error string a file raises or logs
   * with) that the query quotes, × its strength, split among the files that have it. 0 turns it off.
   */
  messageWeight: {
    generic: 0,
    code2test: 0,
    trace2code: 0,
    edit2ripple: 0,
    comment2context: 0,
    issue2code: 1,
    abstention: 0,
  } satisfies Record<Task, number>,
  /** How messages match (src/rank/messages.ts). */
  messages: { ...MESSAGE_DEFAULTS },
  /** How functions are ranked within and across files (src/rank/functions.ts). */
  functions: { ...FUNCTION_DEFAULTS },
  /**
   * Per task, how many of the first ranked files name the functions most likely to change
   * (`RankedFile.functions`, src/rank/functions.ts); 0 names none.
   */
  functionFiles: {
    generic: 0,
    code2test: 0,
    trace2code: 0,
    edit2ripple: 0,
    comment2context: 0,
    issue2code: 20,
    abstention: 0,
  } satisfies Record<Task, number>,
  /**
   * Per task, the lexical match of the query text: `bm25` over whole files, or `bm25f` over
   * their fields (body, path, defined names, messages; see src/lexical/bm25f.ts and `bm25f`).
   */
  lexical: {
    generic: 'bm25',
    code2test: 'bm25',
    trace2code: 'bm25',
    edit2ripple: 'bm25',
    comment2context: 'bm25',
    issue2code: 'bm25f',
    abstention: 'bm25',
  } satisfies Record<Task, LexicalMatch>,
  /** Field weights and length normalization of the `bm25f` match. */
  bm25f: {
    k1: 3,
    body: { weight: 1, b: 0.75 },
    path: { weight: 2, b: 0 },
    definitions: { weight: 4, b: 0.3 },
    messages: { weight: 1, b: 0.3 },
  } satisfies Bm25fOptions,
  /**
   * Per task, how many more times an issue's title (the text's first line) is read by the
   * lexical match: it says in few words what the issue is about. 0 reads it once, as any line.
   */
  titleTextRepeat: {
    generic: 0,
    code2test: 0,
    trace2code: 0,
    edit2ripple: 0,
    comment2context: 0,
    issue2code: 2,
    abstention: 0,
  } satisfies Record<Task, number>,
  /**
   * Per task, the decay of frame cues that carry a depth (an issue's traceback) counted over
   * the frames that match corpus files, deepest first: the deepest frame in the repository
   * gets 1, the next this, then its square, … (frames in other code — the standard library,
   * the reporter's script — do not take a step). 0 keeps the strengths the cues carry.
   */
  matchedFrameDecay: {
    generic: 0,
    code2test: 0,
    trace2code: 0,
    edit2ripple: 0,
    comment2context: 0,
    issue2code: 0.8,
    abstention: 0,
  } satisfies Record<Task, number>,
  /**
   * Per task, exponent of a name's specificity (its IDF over the corpus text, in [0, 1]) that
   * scales an identifier cue: a name every file says (`path`, `insert`) weighs less than one few
   * files say (`ConditionSet`). 0 turns it off.
   */
  specificityExponent: {
    generic: 0,
    code2test: 0,
    trace2code: 0,
    edit2ripple: 0,
    comment2context: 0,
    issue2code: 3,
    abstention: 0,
  } satisfies Record<Task, number>,
  /** A symbol used by more files than this seeds none of its users. */
  maxSymbolReferencers: 60,
  /** A term matching path words of more than this share of files (and more than minTermFiles) seeds nothing. */
  maxTermShare: 0.05,
  minTermFiles: 3,
  /** PageRank damping: the probability of following an edge rather than returning to the seeds. */
  alpha: 0.6,
  /**
   * Cost prior per task: score × (1 + size/sizeScale)^−sizeExponent, so that at close
   * scores the file that costs fewer tokens goes first (BCY rewards it). 0 turns it off.
   */
  sizeExponent: {
    generic: 0,
    code2test: 0.5,
    trace2code: 0,
    edit2ripple: 0.2,
    comment2context: 0,
    issue2code: 0,
    abstention: 0,
  } satisfies Record<Task, number>,
  sizeScale: 20_000,
  /**
   * How rank flows per task along each edge type: [forward, backward] where
   * forward is the stored direction (importer → imported, referencer → definer,
   * test → source). Ripple and test-finding need the backward flow (callers, tests).
   */
  flow: {
    generic: flow([1, 0.5], [1, 0.5], [1, 1], 0.3, 1),
    code2test: flow([0.5, 1], [0.1, 0.2], [1, 3], 0.3, 1),
    trace2code: flow([1, 0.3], [1, 0.3], [2, 0.3], 0.3, 1),
    edit2ripple: flow([0.7, 1], [0.7, 1], [1, 1.5], 0.3, 1),
    comment2context: flow([1, 0.7], [1, 0.7], [1, 1], 0.3, 1),
    issue2code: flow([1, 0.5], [1, 0.5], [1, 1], 0.3, 1),
    abstention: flow([1, 0.5], [1, 0.5], [1, 1], 0.3, 1),
  } satisfies Record<Task, EdgeFlow>,
  /**
   * Per task, pseudo-relevance feedback: a second PageRank seeded by the first ranking's
   * `feedbackFiles` best files (each by its score) adds `weight` × its share (over the largest
   * among the other files) × the kind prior to every other file's score, so that files close to
   * the likely answer (imported by it, changed with it, sharing its names) join it. 0 turns it off.
   */
  feedbackWeight: {
    generic: 0,
    code2test: 0,
    trace2code: 0,
    edit2ripple: 0,
    comment2context: 0,
    issue2code: 0.2,
    abstention: 0,
  } satisfies Record<Task, number>,
  /** How many of the first ranking's best files seed the feedback PageRank. */
  feedbackFiles: 3,
  /** Final score = direct × directWeight + ppr × pprWeight, each normalised to max 1 over the files not given. */
  directWeight: 0.7,
  pprWeight: 0.3,
  /** Task affinity: multiplier per file kind (what the task's answers usually are). */
  kindPrior: {
    generic: { source: 1, test: 0.8, config: 0.5, doc: 0.5, other: 0.4 },
    code2test: { source: 0.2, test: 1, config: 0.1, doc: 0.05, other: 0.1 },
    trace2code: { source: 1, test: 0.3, config: 0.2, doc: 0.1, other: 0.2 },
    edit2ripple: { source: 1, test: 1, config: 0.2, doc: 0.1, other: 0.2 },
    comment2context: { source: 1, test: 0.7, config: 0.4, doc: 0.3, other: 0.3 },
    issue2code: { source: 1, test: 0.15, config: 0.2, doc: 0.1, other: 0.2 },
    abstention: { source: 1, test: 0.8, config: 0.5, doc: 0.5, other: 0.4 },
  } satisfies Record<Task, Record<FileKind, number>>,
  /** Files named in a trace as evidence (trace2code's visible tests) are multiplied by this. */
  evidencePenalty: 0.3,
  /** Confidence = matchedShare × (1 − exp(−matchedStrongCues / confidenceScale)). */
  confidenceScale: 2,
  /** How many reasons a ranked file carries at most. */
  maxReasons: 3,
  /** Ranked files that get reasons, the first ones (the rest get none: each costs a scan of the file's neighbours). */
  explainedFiles: 50,
  /**
   * Per task, which ranker orders the files: `tuned` (the score above) or `learned` (the
   * shipped model reorders the tuned ranking's first files: src/learn, DESIGN.md "Learned ranker").
   */
  ranker: {
    generic: 'tuned',
    code2test: 'tuned',
    trace2code: 'tuned',
    edit2ripple: 'tuned',
    comment2context: 'tuned',
    // the shipped model beats the tuned score on repositories it never saw (bench/learn/RESULTS.md)
    issue2code: 'learned',
    abstention: 'tuned',
  } as Record<Task, Ranker>,
};

export type RankDefaults = typeof RANK_DEFAULTS;
