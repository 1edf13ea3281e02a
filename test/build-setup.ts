/**
 * Before the process tier's files run (test/tiers.ts): dist/ built when missing or older
 * than the sources (./build-dist.ts), so no test file builds it while others run. The
 * unit tier builds nothing and never runs this.
 */
import { join } from 'node:path';
import { buildIfStale } from './build-dist.js';

export default function setup(): void {
  buildIfStale(join(import.meta.dirname, '..'), (line) => process.stderr.write(`${line}\n`));
}
