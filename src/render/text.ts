import type { RankedFile, RepoMapResult } from '../types.js';
import { escapeControls, printablePath } from './printable.js';

/** Plain-text ranking: a header line, then one row per file with its reasons indented below. */
export function renderText(result: RepoMapResult, options: { top: number }): string {
  const s = result.stats;
  const skipped = Object.entries(s.skipped)
    .filter(([, n]) => n > 0)
    .map(([r, n]) => `${r} ${n}`)
    .join(', ');
  const lines = [
    `task ${result.task} · confidence ${result.confidence.toFixed(2)} · ${s.files} files (${s.parsed} parsed` +
      `${skipped ? `; skipped: ${skipped}` : ''}) · index ${s.timingsMs.corpus + s.timingsMs.tags + s.timingsMs.graph} ms · rank ${s.rankMs} ms`,
    '',
  ];
  return [...lines, ...rankedFileLines(result.files.slice(0, options.top))].join('\n') + '\n';
}

/** Ranked files as numbered lines, each followed by its reasons (names with controls escaped: one line each). */
export function rankedFileLines(files: readonly RankedFile[]): string[] {
  const width = String(files.length).length;
  return files.flatMap((f, i) => [
    `${String(i + 1).padStart(width)}. ${f.score.toFixed(4)}  ${printablePath(f.path)}`,
    ...f.reasons.map((r) => `${' '.repeat(width + 2)}        - ${escapeControls(r)}`),
  ]);
}
