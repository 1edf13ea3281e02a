/**
 * Index configuration of an evaluation run: overrides of the graph and rank
 * stages' defaults (`GRAPH_DEFAULTS`, `RANK_DEFAULTS`), read from a JSON file
 *
 *     { "description": "…", "graph": { "importWeight": 0 }, "rank": { "callerWeight": { "edit2ripple": 0 } } }
 *
 * and deep-merged onto the defaults: objects are merged key by key (so a config
 * can change one task's weight and keep the others), numbers, strings and
 * arrays are replaced. Every key must exist in the defaults, at every level,
 * and keep the default's type: a misspelt switch is an error naming its key
 * path and the file, never a silently ignored line. The keys are checked
 * against the defaults of the code that runs, so a switch added to a stage is
 * configurable without touching this module.
 */
import { readFile } from 'node:fs/promises';
import { CUE_DEFAULTS, GRAPH_DEFAULTS, RANK_DEFAULTS, RepoMapError, type CueTunables, type GraphOptions, type RankDefaults } from '../index.js';

/** Overrides of a defaults object: any subset of its keys, at any depth. */
export type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { -readonly [K in keyof T]?: DeepPartial<T[K]> }
    : T extends number
      ? number
      : T;

/** A parsed, checked configuration (plain data: it crosses to worker processes). */
export interface EvalConfig {
  /** Free text saying what the configuration switches; reported, never interpreted. */
  description?: string;
  /** Overrides of GRAPH_DEFAULTS. */
  graph?: DeepPartial<typeof GRAPH_DEFAULTS>;
  /** Overrides of RANK_DEFAULTS. */
  rank?: DeepPartial<RankDefaults>;
  /** Overrides of CUE_DEFAULTS. */
  cues?: Partial<CueTunables>;
}

/** The index options a configuration resolves to: complete graph and rank settings. */
export interface ResolvedIndexOptions {
  graph: GraphOptions;
  rank: RankDefaults;
  cues: Partial<CueTunables>;
}

/** Top-level keys of a configuration file. */
export const CONFIG_KEYS = ['description', 'graph', 'rank', 'cues'] as const;

type Plain = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a configuration value (parsed JSON or an object built in code) and
 * returns it as an `EvalConfig`. `source` names it in errors (the file path).
 * Throws `RepoMapError('bad-option')` naming the key path at fault.
 */
export function parseEvalConfig(value: unknown, source: string): EvalConfig {
  const fail = (message: string, path: string): never => {
    throw new RepoMapError('bad-option', `repomap/eval: ${source}: ${message}`, path ? `${source}#${path}` : source);
  };
  if (!isPlainObject(value)) return fail(`a configuration is a JSON object with keys ${CONFIG_KEYS.join(', ')}, got ${describe(value)}`, '');
  for (const key of Object.keys(value)) {
    if (!(CONFIG_KEYS as readonly string[]).includes(key)) fail(`unknown key "${key}" (known: ${CONFIG_KEYS.join(', ')})`, key);
  }
  if (value.description !== undefined && typeof value.description !== 'string') {
    fail(`"description" must be a string, got ${describe(value.description)}`, 'description');
  }
  checkAgainst(value.graph, GRAPH_DEFAULTS, 'graph', fail);
  checkAgainst(value.rank, RANK_DEFAULTS, 'rank', fail);
  checkAgainst(value.cues, CUE_DEFAULTS, 'cues', fail);
  const out: EvalConfig = {};
  if (value.description !== undefined) out.description = value.description as string;
  if (value.graph !== undefined) out.graph = structuredClone(value.graph) as EvalConfig['graph'];
  if (value.rank !== undefined) out.rank = structuredClone(value.rank) as EvalConfig['rank'];
  if (value.cues !== undefined) out.cues = structuredClone(value.cues) as EvalConfig['cues'];
  return out;
}

/** Reads and checks a configuration file (see the module comment). */
export async function loadEvalConfig(file: string): Promise<EvalConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message;
    throw new RepoMapError('bad-option', `repomap/eval: ${file}: cannot read the configuration (${reason})`, file);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new RepoMapError('bad-option', `repomap/eval: ${file}: not valid JSON (${(err as Error).message})`, file);
  }
  return parseEvalConfig(json, file);
}

/**
 * Deep-merges `overrides` onto `defaults`: plain objects key by key, anything
 * else replaced. Returns a new object; neither input is modified. Keys are
 * not checked here (`parseEvalConfig` does that).
 */
export function mergeDeep<T>(defaults: T, overrides: unknown): T {
  if (overrides === undefined) return structuredClone(defaults);
  if (!isPlainObject(defaults) || !isPlainObject(overrides)) return structuredClone(overrides) as T;
  const out: Plain = {};
  for (const [key, value] of Object.entries(defaults)) out[key] = key in overrides ? mergeDeep(value, overrides[key]) : structuredClone(value);
  for (const [key, value] of Object.entries(overrides)) if (!(key in out)) out[key] = structuredClone(value);
  return out as T;
}

/** The complete graph and rank settings of a configuration (the defaults when it has none), and its cue overrides. */
export function resolveIndexOptions(config: EvalConfig | undefined): ResolvedIndexOptions {
  return { graph: mergeDeep(GRAPH_DEFAULTS, config?.graph), rank: mergeDeep(RANK_DEFAULTS, config?.rank), cues: { ...config?.cues } };
}

/** Checks `value` (when present) against the shape and types of `defaults`, recursively. */
function checkAgainst(value: unknown, defaults: unknown, path: string, fail: (message: string, path: string) => never): void {
  if (value === undefined) return;
  if (isPlainObject(defaults)) {
    if (!isPlainObject(value)) fail(`"${path}" must be an object, got ${describe(value)}`, path);
    const known = Object.keys(defaults);
    for (const [key, v] of Object.entries(value as Plain)) {
      const at = `${path}.${key}`;
      if (!known.includes(key)) fail(`unknown key "${at}" (known: ${known.join(', ')})`, at);
      checkAgainst(v, defaults[key], at, fail);
    }
    return;
  }
  if (Array.isArray(defaults)) {
    if (!Array.isArray(value)) fail(`"${path}" must be an array, got ${describe(value)}`, path);
    // An empty default array says nothing about its items: the non-empty arrays of the same object do (strings here).
    const item = defaults.length > 0 ? typeof defaults[0] : 'string';
    (value as unknown[]).forEach((v, i) => {
      if (typeof v !== item) fail(`"${path}[${i}]" must be a ${item}, got ${describe(v)}`, `${path}[${i}]`);
    });
    return;
  }
  if (typeof defaults === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) fail(`"${path}" must be a finite number, got ${describe(value)}`, path);
    return;
  }
  if (typeof value !== typeof defaults) fail(`"${path}" must be a ${typeof defaults}, got ${describe(value)}`, path);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}
