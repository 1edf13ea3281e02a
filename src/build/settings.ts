/**
 * Every stage's settings as one tree, `{ cues, graph, rank, spans, pack }`: the defaults
 * each stage declares (`CUE_DEFAULTS`, …) overridden by a caller's options, checked by
 * `resolveOptions` (src/options). The corpus' options are checked by the corpus stage.
 */
import { CUE_DEFAULTS, checkCueRanges, type CueTunables } from '../cues/index.js';
import { GRAPH_DEFAULTS } from '../graph/index.js';
import { resolveOptions, type DeepPartial } from '../options/resolve.js';
import { PACK_DEFAULTS, type PackDefaults } from '../pack/index.js';
import { RANK_DEFAULTS, type RankDefaults } from '../rank/defaults.js';
import { SPAN_DEFAULTS, type SpanDefaults } from '../spans/spans.js';

/** What each stage's defaults can be set to: overrides of its `*_DEFAULTS`, merged key by key at every depth. */
export interface StageOptions {
  /** Overrides of CUE_DEFAULTS: how strong each cue read from a query is (finite, ≥ 0). */
  cues?: Partial<CueTunables>;
  /** Overrides of GRAPH_DEFAULTS: edge weights and the shared-symbol rules. */
  graph?: DeepPartial<typeof GRAPH_DEFAULTS>;
  /** Overrides of RANK_DEFAULTS: seeds, flows, priors, PageRank. */
  rank?: DeepPartial<RankDefaults>;
  /** Overrides of SPAN_DEFAULTS: the line ranges attached to ranked files. */
  spans?: DeepPartial<SpanDefaults>;
  /** Overrides of PACK_DEFAULTS: what a pack chooses and how it values it. */
  pack?: DeepPartial<PackDefaults>;
}

/** Every stage's settings, defaults merged. */
export interface StageSettings {
  cues: CueTunables;
  graph: typeof GRAPH_DEFAULTS;
  rank: RankDefaults;
  spans: SpanDefaults;
  pack: PackDefaults;
}

/** The defaults of every stage, as one tree. */
export const DEFAULTS: StageSettings = {
  cues: CUE_DEFAULTS,
  graph: GRAPH_DEFAULTS,
  rank: RANK_DEFAULTS,
  spans: SPAN_DEFAULTS,
  pack: PACK_DEFAULTS,
};

/**
 * `base` (the defaults when absent) overridden stage by stage; a key the stage's
 * defaults lack, a value of another type, or a negative cue strength is a
 * `bad-option` error naming its path (`rank.alpah`).
 */
export function resolveStageSettings(options: StageOptions, base: StageSettings = DEFAULTS): StageSettings {
  const cues = resolveOptions(base.cues, options.cues, 'cues');
  checkCueRanges(cues);
  return {
    cues,
    graph: resolveOptions(base.graph, options.graph, 'graph'),
    rank: resolveOptions(base.rank, options.rank, 'rank'),
    spans: resolveOptions(base.spans, options.spans, 'spans'),
    pack: resolveOptions(base.pack, options.pack, 'pack'),
  };
}
