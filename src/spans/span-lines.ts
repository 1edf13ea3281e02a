import type { Definition } from '../types.js';

/**
 * Line geometry for spans: the innermost definition around a line, and the
 * old-side lines a unified diff changes.
 */

/** Definitions of one file with a line → innermost definition lookup (module-kind definitions left out). */
export class DefinitionLines {
  readonly definitions: readonly Definition[];
  private readonly innermost: Int32Array;

  constructor(definitions: readonly Definition[]) {
    // Go package clauses and Java package declarations span nothing an agent reads.
    this.definitions = definitions.filter((d) => d.kind !== 'module' && d.endLine >= d.startLine);
    let last = 0;
    for (const d of this.definitions) if (d.endLine > last) last = d.endLine;
    this.innermost = new Int32Array(last + 1).fill(-1);
    // Larger definitions first, so nested ones overwrite their lines.
    const order = this.definitions.map((_, i) => i);
    order.sort((a, b) => size(this.definitions[b]!) - size(this.definitions[a]!) || a - b);
    for (const i of order) {
      const d = this.definitions[i]!;
      this.innermost.fill(i, d.startLine, d.endLine + 1);
    }
  }

  /** The innermost definition containing a 1-based line, if any. */
  at(line: number): Definition | undefined {
    const i = line > 0 && line < this.innermost.length ? this.innermost[line]! : -1;
    return i >= 0 ? this.definitions[i] : undefined;
  }

  /** Definitions that start above `line` and contain it, outermost first: the signatures a span inside them needs. */
  enclosing(line: number): Definition[] {
    return this.definitions
      .filter((d) => d.startLine < line && line <= d.endLine)
      .sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  }
}

function size(d: Definition): number {
  return d.endLine - d.startLine;
}

const HUNK_RE = /^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@/;

/**
 * Old-side line numbers a unified diff touches: removed lines, and for added
 * lines the old line they follow (the diff applies to the indexed state, which
 * is the state before the change). Sorted, unique.
 */
export function changedOldLines(diff: string): number[] {
  const out = new Set<number>();
  let old = 0;
  let inHunk = false;
  for (const line of diff.split(/\r?\n/)) {
    const hunk = line.match(HUNK_RE);
    if (hunk) {
      old = Number(hunk[1]);
      inHunk = true;
      continue;
    }
    if (!inHunk) continue;
    const marker = line[0];
    if (marker === '-') {
      if (line.startsWith('--- ')) continue;
      out.add(old);
      old++;
    } else if (marker === '+') {
      if (line.startsWith('+++ ')) continue;
      out.add(Math.max(1, old - 1));
    } else if (marker === ' ' || line === '') {
      old++;
    } else if (marker !== '\\') {
      inHunk = false;
    }
  }
  return [...out].filter((n) => n > 0).sort((a, b) => a - b);
}
