/**
 * What the commands say about the files an index skipped or could not fully parse: JSON
 * output carries them (`diagnostics`, one `{file, code, message}` each), text output adds
 * one summary line on stderr (skipped files counted by rule, with the names and counts of
 * `status` and the rank header), and `--diagnostics` lists them all on stderr.
 */
import { Option } from 'commander';
import type { Diagnostic, SkipReason } from '../index.js';
import { escapeControls, printablePath, SKIP_REASONS } from '../unstable.js';
import type { CliIo } from './io.js';

export interface DiagnosticsFlags {
  diagnostics?: boolean;
}

/** `--diagnostics`. */
export function diagnosticsOption(): Option {
  return new Option('--diagnostics', 'list every file skipped or not fully parsed (and why) on stderr');
}

/** The diagnostics as JSON output carries them: `{file, code, message}` (no `file` for one about a folder of files). */
export function diagnosticsField(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) =>
    d.file !== undefined ? { file: d.file, code: d.code, message: d.message } : { code: d.code, message: d.message },
  );
}

/**
 * Writes, on stderr, every diagnostic when `--diagnostics` was given; otherwise a warning
 * for files missing from a damaged repository's object store (always), and, for text
 * output (`summary`) unless `--quiet`, a note for a folder ranked without its history or
 * a query cut to the length its cues are read from, and one note counting the others:
 * skipped files by rule, as `status` and the rank header count them (`skipped`, the
 * index's counts: files, where a vendored folder is one diagnostic), then the rest by
 * code. Nothing when there are none.
 */
export function reportDiagnostics(
  io: CliIo,
  diagnostics: readonly Diagnostic[],
  flags: DiagnosticsFlags & { quiet?: boolean },
  summary: boolean,
  skipped: Readonly<Partial<Record<SkipReason, number>>> = {},
): void {
  if (diagnostics.length === 0) return;
  if (flags.diagnostics) {
    io.stderr.write(`repomap: ${diagnostics.length} diagnostic${diagnostics.length === 1 ? '' : 's'}:\n`);
    for (const d of diagnostics)
      io.stderr.write(
        `  ${d.code}  ${d.file !== undefined ? `${printablePath(d.file)}: ` : ''}${escapeControls(d.message)}\n`,
      );
    return;
  }
  const missing = diagnostics.filter((d) => d.code === 'skipped-missing-object');
  if (missing.length > 0) {
    // files that should be there are not: a warning, -q or not, whatever the output format
    const first = missing[0]!;
    io.stderr.write(
      `repomap: warning: ${missing.length} file${missing.length === 1 ? ' is' : 's are'} missing from the repository's object store and not indexed (a damaged repository?), first ${printablePath(first.file ?? '')}${missing.length > 1 ? ' (--diagnostics lists them)' : ''}\n`,
    );
  }
  if (!summary || flags.quiet) return;
  for (const d of diagnostics)
    if (d.file === undefined && SAID_IN_FULL.has(d.code))
      io.stderr.write(`repomap: note: ${escapeControls(d.message)}\n`);
  const skips = new Map<string, number>();
  const others = new Map<string, number>();
  for (const d of diagnostics) {
    if (SAID_IN_FULL.has(d.code)) continue;
    const rule = skipRuleOf(d.code);
    if (rule === null) others.set(d.code, (others.get(d.code) ?? 0) + 1);
    else skips.set(rule, (skips.get(rule) ?? 0) + 1);
  }
  const parts = [
    ...(skips.size > 0
      ? [`skipped: ${[...skips].map(([rule, n]) => `${rule} ${skipped[rule as SkipReason] || n}`).join(', ')}`]
      : []),
    ...(others.size > 0 ? [`diagnostics: ${[...others].map(([code, n]) => `${code} ${n}`).join(', ')}`] : []),
  ];
  if (parts.length === 0) return;
  io.stderr.write(`repomap: note: ${parts.join('; ')} (--diagnostics lists them)\n`);
}

/** The skip rule a `skipped-…` diagnostic reports (`skipped-vendored`: `vendored`), else null. */
function skipRuleOf(code: string): SkipReason | null {
  const rule = code.startsWith('skipped-') ? code.slice('skipped-'.length) : null;
  return rule !== null && (SKIP_REASONS as readonly string[]).includes(rule) ? (rule as SkipReason) : null;
}

/** Diagnostics about the whole build, not a file, that the summary says in words. */
const SAID_IN_FULL: ReadonlySet<string> = new Set(['history-unavailable', 'query-cut']);
