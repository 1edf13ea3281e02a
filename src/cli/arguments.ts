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
