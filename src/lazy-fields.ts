/**
 * Fields of `target` made by `make` at the first read of any of them, then plain fields
 * (writable, enumerable), as a constructor would have set them: what an index read back
 * from a snapshot makes only when something asks (all of a BM25 index's postings, its
 * words split, a restored corpus' load stamps).
 */
export function lazyFields<T extends object, K extends string>(
  target: T,
  names: readonly K[],
  make: () => Record<K, unknown>,
): void {
  const settle = (values: Record<K, unknown>): void => {
    for (const name of names)
      Object.defineProperty(target, name, {
        value: values[name],
        writable: true,
        enumerable: true,
        configurable: true,
      });
  };
  for (const name of names) {
    Object.defineProperty(target, name, {
      configurable: true,
      enumerable: true,
      get: () => {
        settle(make());
        return (target as Record<K, unknown>)[name];
      },
      // a write before any read replaces only that field
      set: (value: unknown) =>
        Object.defineProperty(target, name, { value, writable: true, enumerable: true, configurable: true }),
    });
  }
}
