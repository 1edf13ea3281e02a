/** Commander parsers of option values, shared by the commands. */
import { InvalidArgumentError } from 'commander';

/** A whole number ≥ 1. */
export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return n;
}

/** Collector of a repeatable option. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `i/n`, the i-th of n shards: whole numbers with 1 ≤ i ≤ n. */
export function shardSpec(value: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(count) && index >= 1 && index <= count)) {
    throw new InvalidArgumentError('expected i/n with whole numbers 1 ≤ i ≤ n (the i-th of n shards)');
  }
  return { index, count };
}
