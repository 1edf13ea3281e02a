import type { RankedFile, RankedFunction, RepoMapResult } from '../types.js';
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

/** Functions of a ranked file named on its `likely to change` line, best first. */
export const FUNCTIONS_SHOWN = 5;

/** Files of a text ranking (`repomap rank`) that get a `likely to change` line: the first, where a reader starts. */
export const TEXT_FUNCTION_FILES = 5;

/**
 * Ranked files as numbered lines, each followed by its reasons and, when the task ranks
 * functions (issue2code), the functions most likely to change with their lines (names
 * with controls escaped: one line each).
 */
export function rankedFileLines(files: readonly RankedFile[]): string[] {
  const width = String(files.length).length;
  const indent = `${' '.repeat(width + 2)}        `;
  return files.flatMap((f, i) => [
    `${String(i + 1).padStart(width)}. ${f.score.toFixed(4)}  ${printablePath(f.path)}`,
    ...f.reasons.map((r) => `${indent}- ${escapeControls(r)}`),
    ...(f.functions && f.functions.length > 0 ? [`${indent}likely to change: ${functionList(f.functions)}`] : []),
  ]);
}

/** `name (start-end)` of the first FUNCTIONS_SHOWN functions (lines as `symbols` and `explain` print them), and how many more there are. */
function functionList(functions: readonly RankedFunction[]): string {
  const shown = functions.slice(0, FUNCTIONS_SHOWN).map((fn) => `${escapeControls(fn.name)} (${fn.start}-${fn.end})`);
  const more = functions.length - shown.length;
  return shown.join(', ') + (more > 0 ? ` and ${more} more` : '');
}
