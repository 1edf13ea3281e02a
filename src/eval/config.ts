/**
 * Index configuration of an evaluation run: overrides of every stage's defaults
 * (`cues`, `graph`, `rank`, `spans`, `pack`: src/build/settings.ts), read from a JSON file
 *
 *     { "description": "…", "graph": { "importWeight": 0 }, "rank": { "callerWeight": { "edit2ripple": 0 } } }
 *
 * and merged onto the defaults (`resolveOptions`, src/options): objects are merged key by key (so a config
 * can change one task's weight and keep the others), numbers, strings and
 * arrays are replaced. Every key must exist in the defaults, at every level,
 * and keep the default's type: a misspelt switch is an error naming its key
 * path and the file, never a silently ignored line. The keys are checked
 * against the defaults of the code that runs, so a switch added to a stage is
 * configurable without touching this module.
 */
import { readFile } from 'node:fs/promises';
import { DEFAULTS, RepoMapError, type StageOptions, type StageSettings } from '../index.js';
import { resolveStageSettings } from '../unstable.js';
import { checkOptions, isPlainObject, type DeepPartial, type OptionFailure } from '../options/resolve.js';

export type { DeepPartial };

/** A parsed, checked configuration (plain data: it crosses to worker processes): overrides of every stage's defaults. */
export interface EvalConfig extends StageOptions {
  /** Free text saying what the configuration switches; reported, never interpreted. */
  description?: string;
}

/** The index options a configuration resolves to: every stage's complete settings. */
export type ResolvedIndexOptions = StageSettings;

/** The stages a configuration sets, each checked against its defaults (`DEFAULTS`, src/build/settings.ts). */
const STAGES = ['cues', 'graph', 'rank', 'spans', 'pack'] as const;

/** Top-level keys of a configuration file. */
export const CONFIG_KEYS = ['description', ...STAGES] as const;

/**
 * Checks a configuration value (parsed JSON or an object built in code) and
 * returns it as an `EvalConfig`. `source` names it in errors (the file path).
 * Throws `RepoMapError('bad-option')` naming the key path at fault.
 */
export function parseEvalConfig(value: unknown, source: string): EvalConfig {
  const fail: OptionFailure = (message, path) => {
    throw new RepoMapError('bad-option', `repomap/eval: ${source}: ${message}`, path ? `${source}#${path}` : source);
  };
  if (!isPlainObject(value))
    return fail(`a configuration is a JSON object with keys ${CONFIG_KEYS.join(', ')}, got ${describe(value)}`, '');
  for (const key of Object.keys(value)) {
    if (!(CONFIG_KEYS as readonly string[]).includes(key))
      fail(`unknown key "${key}" (known: ${CONFIG_KEYS.join(', ')})`, key);
  }
  if (value.description !== undefined && typeof value.description !== 'string') {
    fail(`"description" must be a string, got ${describe(value.description)}`, 'description');
  }
  for (const stage of STAGES) checkOptions(value[stage], DEFAULTS[stage], stage, fail);
  const out: Record<string, unknown> = {};
  if (value.description !== undefined) out.description = value.description;
  for (const stage of STAGES) if (value[stage] !== undefined) out[stage] = structuredClone(value[stage]);
  return out as EvalConfig;
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

/** Every stage's settings under a configuration (the defaults when it has none). */
export function resolveIndexOptions(config: EvalConfig | undefined): ResolvedIndexOptions {
  const { description: _d, ...stages } = config ?? {};
  return resolveStageSettings(stages);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}
