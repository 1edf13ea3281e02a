/**
 * The lean-heap setting (./process-flags.ts decides when). Apart from the compilation
 * flags (./compilation-flags.ts): a command that parses nothing (fuse, score) loads
 * this and no module of the tags stage.
 */
import { useLeanHeap } from '../unstable.js';

/** Sets the lean heap for the whole process (`useLeanHeap`). */
export function setLeanHeap(): void {
  useLeanHeap();
}
