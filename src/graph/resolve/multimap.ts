/** The one-to-many tables the resolvers build (a name → the files defining it, …). */

/** Adds `value` to the list under `key`, once: a list keeps its values in first-added order. */
export function addUnique(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}
