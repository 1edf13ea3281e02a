/**
 * Defaults overridden key by key, at every depth: `{ callerWeight: { edit2ripple: 0 } }`
 * changes that one task's weight and keeps the others. Arrays and values replace;
 * plain objects merge. Imports nothing from `src/`.
 */
export function mergeDefaults<T>(defaults: T, overrides: unknown): T {
  if (!isPlainObject(defaults) || !isPlainObject(overrides)) return (overrides === undefined ? defaults : overrides) as T;
  const out: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    out[key] = key in defaults ? mergeDefaults((defaults as Record<string, unknown>)[key], value) : value;
  }
  return out as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

/** Any part of a defaults object, at any depth. */
export type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
