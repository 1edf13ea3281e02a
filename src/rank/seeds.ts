import { splitTitle } from '../cues/index.js';
import type { Cue, QueryCues } from '../types.js';
import { compareByteOrder, compareDescending, firstInOrder } from '../text/order.js';
import type { RankContext } from './context.js';
import { pathTargets } from './path-targets.js';
import type { RankDefaults } from './defaults.js';

/** Direct evidence for each file: the cue matches that seed the PageRank. */
export interface Seeds {
  /** Seed weight per node (unnormalised). */
  direct: Float64Array;
  /** Why each seeded node is seeded, strongest first. */
  why: Map<number, { weight: number; text: string }[]>;
  /** Given files (already in the agent's context). */
  given: Set<number>;
  /** trace2code: test files the failure shows (frames, trace paths, test ids): evidence, not answers. */
  evidence: Set<number>;
  /** Strength of non-term cues that matched something / of all non-term cues. */
  matchedStrength: number;
  totalStrength: number;
  /** Non-term cues that matched at least one file. */
  matchedCues: number;
  /** Seed weight per node by the evidence that gave it (a channel is made at its first weight): the learned ranker's features read them. */
  channels: Map<SeedChannel, Float64Array>;
  /** The lexical score of every node for the query's text, when the task reads it (textWeight > 0). */
  textScores?: Float64Array;
}

/** Where a seed weight comes from: a cue kind's own match, the users of a matched symbol, the lexical match, a quoted error string. */
export type SeedChannel = Cue['kind'] | 'users' | 'text' | 'message';

const SYMBOL_KINDS = new Set(['identifier', 'diff-symbol', 'test-name', 'imported']);
const PATH_KINDS = new Set(['path', 'frame', 'given-file']);

/** Matches every cue against the corpus (paths by suffix, symbols by definition, terms by path words). */
export function matchCues(cues: QueryCues, ctx: RankContext, o: RankDefaults): Seeds {
  const n = ctx.paths.length;
  const seeds: Seeds = {
    direct: new Float64Array(n),
    why: new Map(),
    given: new Set(),
    evidence: new Set(),
    matchedStrength: 0,
    totalStrength: 0,
    matchedCues: 0,
    channels: new Map(),
  };
  for (const written of cues.givenFiles) {
    for (const path of ctx.pathIndex.match(written)) seeds.given.add(ctx.indexOf(path));
  }
  const known = new Set<string>(o.knownFields[cues.task]);
  const specificity = o.specificityExponent[cues.task];
  // each cue's files, found once: the frames' order below reads which of them matched
  const named = new Map(cues.cues.map((cue) => [cue, targetsOf(cue, ctx, o)]));
  const frameStrength = matchedFrameStrengths(cues, (cue) => named.get(cue)!.targets.length > 0, o);
  const kindWeights = o.cueWeights[cues.task];
  for (const cue of cues.cues) {
    const { targets, among, strength } = named.get(cue)!;
    if (cue.kind === 'path' && known.has(cue.field)) for (const i of targets) seeds.given.add(i);
    let weight = kindWeights[cue.kind] * (frameStrength.get(cue) ?? strength);
    if (specificity > 0 && (cue.kind === 'identifier' || cue.kind === 'imported') && targets.length > 0)
      weight *= ctx.specificity(cue.value) ** specificity;
    if (cue.kind !== 'term') {
      seeds.totalStrength += strength;
      if (targets.length > 0) {
        seeds.matchedStrength += strength;
        seeds.matchedCues++;
      }
    }
    if (targets.length > 0) {
      const share = weight / among;
      for (const i of targets) {
        add(seeds, i, share, describe(cue), cue.kind);
        if (cues.task === 'trace2code' && PATH_KINDS.has(cue.kind) && ctx.kinds[i] === 'test') seeds.evidence.add(i);
      }
    }
    if (SYMBOL_KINDS.has(cue.kind) && targets.length > 0) {
      // Files that use the symbol: callers of a changed function, tests of a changed type.
      const definers = new Set(targets);
      const users = ctx.symbols
        .referencers(cue.value)
        .map((p) => ctx.indexOf(p))
        .filter((i) => !definers.has(i));
      const callerWeight = o.callerWeight[cues.task] * weight;
      if (users.length > 0 && users.length <= o.maxSymbolReferencers && callerWeight > 0) {
        const share = callerWeight / users.length;
        for (const i of users)
          add(
            seeds,
            i,
            share,
            `uses ${cue.value}${cue.kind === 'diff-symbol' ? ', changed in the diff' : ', named in the query'}`,
            'users',
          );
      }
    }
  }
  addTextSeeds(seeds, cues, ctx, o);
  addMessageSeeds(seeds, cues, ctx, o);
  for (const list of seeds.why.values()) list.sort((a, b) => b.weight - a.weight || compareByteOrder(a.text, b.text));
  return seeds;
}

/** The text a task's lexical match reads: the query's, with an issue's title read titleTextRepeat more times. */
export function lexicalText(cues: QueryCues, o: RankDefaults): string {
  const repeat = o.titleTextRepeat[cues.task];
  const title = repeat > 0 ? splitTitle(cues.text).title : '';
  return title ? `${`${title}\n`.repeat(repeat)}${cues.text}` : cues.text;
}

/**
 * Strengths of the frame cues that carry a depth and match corpus files (`matched`), when the task's
 * matchedFrameDecay is on: matchedFrameDecay^k for the k-th deepest (ties by strength, then cue order).
 */
function matchedFrameStrengths(cues: QueryCues, matched: (cue: Cue) => boolean, o: RankDefaults): Map<Cue, number> {
  const decay = o.matchedFrameDecay[cues.task];
  const out = new Map<Cue, number>();
  if (!(decay > 0)) return out;
  const frames = cues.cues.filter((c) => c.kind === 'frame' && c.depth !== undefined && matched(c));
  const order = frames
    .map((c, k) => ({ c, k }))
    .sort((a, b) => a.c.depth! - b.c.depth! || b.c.strength - a.c.strength || a.k - b.k);
  order.forEach(({ c }, k) => out.set(c, Math.max(decay ** k, 1e-4)));
  return out;
}

/**
 * Lexical evidence: the textTopK files whose text best matches the query's words
 * (BM25) share textWeight[task], in proportion to their score. Structure decides
 * the rest; this catches files the query describes without naming anything.
 */
function addTextSeeds(seeds: Seeds, cues: QueryCues, ctx: RankContext, o: RankDefaults): void {
  const weight = o.textWeight[cues.task];
  if (weight <= 0 || !cues.text.trim()) return;
  const scores = ctx.textScores(lexicalText(cues, o), o.lexical[cues.task]);
  seeds.textScores = scores;
  const positive: number[] = [];
  for (let i = 0; i < scores.length; i++) if (scores[i]! > 0) positive.push(i);
  const top = firstInOrder(positive, o.textTopK, (a, b) => compareDescending(scores[a]!, scores[b]!) || a - b);
  let total = 0;
  for (const i of top) total += scores[i]!;
  for (const i of top) add(seeds, i, (weight * scores[i]!) / total, 'matches words of the query (BM25)', 'text');
}

/**
 * Error strings: each corpus message the query quotes seeds the files that have it
 * with messageWeight[task] × its strength, split among them.
 */
function addMessageSeeds(seeds: Seeds, cues: QueryCues, ctx: RankContext, o: RankDefaults): void {
  const weight = o.messageWeight[cues.task];
  if (weight <= 0 || !cues.text.trim()) return;
  for (const m of ctx.messages().matches(cues.text)) {
    const share = (weight * m.strength) / m.files.length;
    const quoted = m.message.length > 60 ? `${m.message.slice(0, 57)}...` : m.message;
    for (const i of m.files) add(seeds, i, share, `raises or logs "${quoted}", quoted in the query`, 'message');
  }
}

function add(seeds: Seeds, i: number, weight: number, text: string, channel: SeedChannel): void {
  seeds.direct[i] += weight;
  let weights = seeds.channels.get(channel);
  if (!weights) seeds.channels.set(channel, (weights = new Float64Array(seeds.direct.length)));
  weights[i] += weight;
  let list = seeds.why.get(i);
  if (!list) seeds.why.set(i, (list = []));
  list.push({ weight, text });
}

/**
 * The files a cue names, how many its share of weight is split among (more than them for a path whose line
 * some matches cannot hold), and its strength for them (a path's in an install of the repository: `pathTargets`).
 */
function targetsOf(
  cue: Cue,
  ctx: RankContext,
  o: RankDefaults,
): { targets: number[]; among: number; strength: number } {
  if (PATH_KINDS.has(cue.kind)) {
    const { paths, among, strength } = pathTargets(cue, ctx);
    return { targets: paths.map((p) => ctx.indexOf(p)), among, strength };
  }
  const targets = namedFiles(cue, ctx, o);
  return { targets, among: targets.length, strength: cue.strength };
}

/** The files a module, symbol or term cue names. */
function namedFiles(cue: Cue, ctx: RankContext, o: RankDefaults): number[] {
  if (cue.kind === 'module' || cue.kind === 'imported') {
    const modules = cue.language ? ctx.moduleFiles(cue.language, cue.kind === 'module' ? cue.value : cue.module!) : [];
    const files =
      cue.kind === 'module'
        ? modules.filter((p) => isModuleNamed(p, cue.value))
        : ctx.exportDefiners(modules, cue.value);
    return files.length > o.maxSymbolDefiners ? [] : files.map((p) => ctx.indexOf(p));
  }
  if (SYMBOL_KINDS.has(cue.kind)) {
    const definers = ctx.symbols.definers(cue.value);
    if (definers.length === 0 || definers.length > o.maxSymbolDefiners) return [];
    return definers.map((p) => ctx.indexOf(p));
  }
  const files = ctx.pathWords.get(cue.value.toLowerCase()) ?? [];
  return files.length > Math.max(o.minTermFiles, o.maxTermShare * ctx.paths.length) ? [] : files;
}

/**
 * Whether a file is the module a qualified name names by its last part (`a.b.latex` →
 * `…/latex.py` or `…/latex/__init__.py`): a resolver that stops at the file holding an
 * item (`crate::parse` → `lib.rs`) found the item's module, not a module of that name.
 */
function isModuleNamed(path: string, qualified: string): boolean {
  const last =
    qualified
      .split(/::|[./]/)
      .filter(Boolean)
      .pop() ?? '';
  const segments = path.split('/');
  const stem = segments[segments.length - 1]!.replace(/\.[^.]*$/, '');
  const folder = segments[segments.length - 2] ?? '';
  return stem === last || folder === last;
}

function describe(cue: Cue): string {
  const at = cue.line !== undefined ? `:${cue.line}` : '';
  switch (cue.kind) {
    case 'path':
      return `is named in the query (${cue.field}: ${cue.value}${at})`;
    case 'frame':
      return `is a frame of the trace (${cue.value}${at})`;
    case 'given-file':
      return `is a given file (${cue.field})`;
    case 'diff-symbol':
      return `defines ${cue.value}, changed in the diff`;
    case 'test-name':
      return `defines ${cue.value}, named by a failing test`;
    case 'identifier':
      return `defines ${cue.value} named in the query (${cue.field})`;
    case 'module':
      return `is the module ${cue.value}, imported in the query's code`;
    case 'imported':
      return `defines ${cue.value}, imported from ${cue.module} in the query's code`;
    case 'term':
      return `has "${cue.value}" in its path`;
  }
}
