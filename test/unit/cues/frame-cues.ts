/** Helpers the frame-format tests share: cues of one kind in a compact form, and strengths. */
import { extractCues } from '../../../src/cues/index.js';
import type { Cue, CueKind } from '../../../src/types.js';

/** Cues of one kind as compact `value:line@strength` strings, in output order. */
export function cuesOf(text: string, kind: CueKind): string[] {
  return extractCues({ raw_signal: text })
    .cues.filter((c) => c.kind === kind)
    .map((c) => `${c.value}${c.line === undefined ? '' : `:${c.line}`}@${c.strength}`);
}

export function strengthOf(cues: readonly Cue[], kind: CueKind, value: string): number | undefined {
  return cues.find((c) => c.kind === kind && c.value === value)?.strength;
}

/** A strength rounded as the cues stage rounds it (4 decimals). */
export const r = (x: number): number => Math.round(x * 1e4) / 1e4;
