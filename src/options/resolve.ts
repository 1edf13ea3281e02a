/**
 * One way to set options: each stage declares its defaults (`RANK_DEFAULTS`, …), and a
 * caller's overrides are checked against them and merged key by key at every depth
 * (`{ callerWeight: { edit2ripple: 0 } }` changes that one task's weight and keeps the
 * others; arrays and values replace, plain objects merge). A key the defaults lack, or a
 * value of another type, is a `bad-option` error naming its path (`rank.alpah`), never
 * a silently ignored setting. Imports nothing of src/ but the error class.
 */
import { RepoMapError } from '../errors.js';

/** Overrides of a defaults object: any subset of its keys, at any depth. */
export type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { -readonly [K in keyof T]?: DeepPartial<T[K]> }
    : T extends number
      ? number
      : T;

/** True for a plain object (an object literal, parsed JSON, or one without a prototype): not null, an array or a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Says what is wrong at a key path (`rank.flow.generic`); the default throws `RepoMapError('bad-option')`. */
export type OptionFailure = (message: string, path: string) => never;

/** The error of a bad option: `repomap/options: <message>`, its field the key path. */
export const failOption: OptionFailure = (message, path) => {
  throw new RepoMapError('bad-option', `repomap/options: ${message}`, path);
};

/**
 * `defaults` overridden by `overrides` (undefined: the defaults themselves), after
 * checking every key and type against them; `stage` names the root of the key paths
 * (`rank`). Neither input is changed; unchanged parts are shared with `defaults`.
 */
export function resolveOptions<T>(defaults: T, overrides: unknown, stage: string, fail: OptionFailure = failOption): T {
  checkOptions(overrides, defaults, stage, fail);
  return merge(defaults, overrides);
}

/** Checks `value` (when present) against the shape and types of `defaults`, recursively. */
export function checkOptions(value: unknown, defaults: unknown, path: string, fail: OptionFailure = failOption): void {
  if (value === undefined) return;
  if (isPlainObject(defaults)) {
    if (!isPlainObject(value)) fail(`"${path}" must be an object, got ${describe(value)}`, path);
    const known = Object.keys(defaults);
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const at = `${path}.${key}`;
      if (!known.includes(key)) fail(`unknown key "${at}" (known: ${known.join(', ')})`, at);
      checkOptions(v, defaults[key], at, fail);
    }
    return;
  }
  if (Array.isArray(defaults)) {
    if (!Array.isArray(value)) fail(`"${path}" must be an array, got ${describe(value)}`, path);
    // An empty default array says nothing about its items: strings, as every such option holds.
    const item = defaults.length > 0 ? typeof defaults[0] : 'string';
    (value as unknown[]).forEach((v, i) => {
      if (typeof v !== item) fail(`"${path}[${i}]" must be a ${item}, got ${describe(v)}`, `${path}[${i}]`);
    });
    return;
  }
  if (typeof defaults === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value))
      fail(`"${path}" must be a finite number, got ${describe(value)}`, path);
    return;
  }
  if (typeof value !== typeof defaults) fail(`"${path}" must be a ${typeof defaults}, got ${describe(value)}`, path);
}

function merge<T>(defaults: T, overrides: unknown): T {
  if (!isPlainObject(defaults) || !isPlainObject(overrides))
    return (overrides === undefined ? defaults : overrides) as T;
  const out: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    out[key] = key in defaults ? merge((defaults as Record<string, unknown>)[key], value) : value;
  }
  return out as T;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}
