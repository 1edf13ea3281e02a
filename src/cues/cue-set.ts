import { CUE_KINDS, type Cue, type CueKind, type LanguageId } from '../types.js';
import type { CueTunables } from './defaults.js';
import { compareByteOrder } from '../text/order.js';

const CAP_OF: Record<CueKind, keyof CueTunables> = {
  path: 'maxPaths',
  frame: 'maxFrames',
  identifier: 'maxIdentifiers',
  'test-name': 'maxTestNames',
  'diff-symbol': 'maxDiffSymbols',
  'given-file': 'maxGivenFiles',
  module: 'maxModules',
  imported: 'maxIdentifiers',
  term: 'maxTerms',
};

/** What a cue carries besides kind, value, strength and field. */
export interface CueExtras {
  line?: number;
  depth?: number;
  repoStrength?: number;
  language?: LanguageId;
  module?: string;
}

interface Entry {
  cue: Cue;
  count: number;
  order: number;
}

/** Strength clamped to (0, 1] and rounded to 4 decimals so equal inputs print equal. */
function tidyStrength(strength: number): number {
  const rounded = Math.round(Math.min(1, strength) * 1e4) / 1e4;
  return rounded > 0 ? rounded : 1e-4;
}

/**
 * Cues deduplicated by (kind, value, line), keeping the strongest and the
 * field it came from (the first one on ties); capped per kind, then sorted
 * by kind (CUE_KINDS order), strength desc, value, line.
 */
export class CueSet {
  private readonly entries = new Map<string, Entry>();
  private order = 0;

  add(
    kind: CueKind,
    value: string,
    strength: number,
    field: string,
    line?: number,
    extras: Omit<CueExtras, 'line'> = {},
  ): void {
    if (!value || !(strength > 0)) return;
    const s = tidyStrength(strength);
    const { depth, repoStrength, language, module } = extras;
    const key = `${kind}\u0000${value}\u0000${line ?? ''}${module !== undefined ? `\u0000${language}\u0000${module}` : language !== undefined ? `\u0000${language}` : ''}`;
    const existing = this.entries.get(key);
    if (existing) {
      existing.count++;
      if (repoStrength !== undefined)
        existing.cue.repoStrength = Math.max(existing.cue.repoStrength ?? 0, tidyStrength(repoStrength));
      if (s > existing.cue.strength) {
        existing.cue.strength = s;
        existing.cue.field = field;
      }
      return;
    }
    const cue: Cue = { kind, value, strength: s, field };
    if (line !== undefined) cue.line = line;
    if (language !== undefined) cue.language = language;
    if (module !== undefined) cue.module = module;
    if (depth !== undefined) cue.depth = depth;
    if (repoStrength !== undefined) cue.repoStrength = tidyStrength(repoStrength);
    this.entries.set(key, { cue, count: 1, order: this.order++ });
  }

  /**
   * The cues, capped per kind (strongest, then most frequent, then earliest kept) and sorted.
   * With `mentionBoost` > 0, a cue seen n times has its strength × (1 + mentionBoost × ln n), capped at 1.
   */
  finish(t: CueTunables, mentionBoost = 0): Cue[] {
    if (mentionBoost > 0) {
      for (const e of this.entries.values())
        if (e.count > 1) e.cue.strength = tidyStrength(e.cue.strength * (1 + mentionBoost * Math.log(e.count)));
    }
    const byKind = new Map<CueKind, Entry[]>();
    for (const entry of this.entries.values()) {
      const list = byKind.get(entry.cue.kind);
      if (list) list.push(entry);
      else byKind.set(entry.cue.kind, [entry]);
    }
    const out: Cue[] = [];
    for (const kind of CUE_KINDS) {
      const list = byKind.get(kind);
      if (!list) continue;
      list.sort((a, b) => b.cue.strength - a.cue.strength || b.count - a.count || a.order - b.order);
      const kept = list.slice(0, Math.max(0, Math.floor(t[CAP_OF[kind]]))).map((e) => e.cue);
      kept.sort(
        (a, b) => b.strength - a.strength || compareByteOrder(a.value, b.value) || (a.line ?? 0) - (b.line ?? 0),
      );
      out.push(...kept);
    }
    return out;
  }
}
