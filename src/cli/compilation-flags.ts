/**
 * The WebAssembly compilation settings (./process-flags.ts decides which, and when): loaded
 * by ./main.ts only when a command sets one, or asks for the baseline's limit.
 */
import { BASELINE_COMPILATION_MAX_FILES, useBaselineCompilation, useOneShotCompilation } from '../unstable.js';
import type { ProcessFlag } from './process-flags.js';

/** Sets a compilation flag for the whole process. */
export function setCompilation(flag: Exclude<ProcessFlag, 'lean-heap'>): void {
  if (flag === 'one-shot-compilation') useOneShotCompilation();
  else useBaselineCompilation();
}

/** The most files an update parses under baseline compilation (`BASELINE_COMPILATION_MAX_FILES`). */
export function baselineMaxFiles(): number {
  return BASELINE_COMPILATION_MAX_FILES;
}
