/**
 * Plain text of the agent tools' results, as `repomap symbols|refs|impact|outline|status`
 * print them and the MCP tools return them. File names, symbol names and reasons are
 * escaped (./printable.ts), so that none can start a line of its own.
 */
import type { Impact, IndexStatus, Outline, ReferenceSearch, SymbolSearch } from '../navigate/index.js';
import { escapeControls, printablePath } from './printable.js';

/** `path:start-end  kind name  (match)` per definition, after a header with the count. */
export function renderSymbols(s: SymbolSearch): string {
  const lines = [
    `${s.total} definition${s.total === 1 ? '' : 's'} match "${escapeControls(s.query)}"${s.total > s.matches.length ? ` (first ${s.matches.length} shown)` : ''}`,
  ];
  for (const m of s.matches)
    lines.push(
      `${printablePath(m.path)}:${m.startLine}-${m.endLine}  ${m.kind} ${escapeControls(m.name)}  (${m.match})`,
    );
  return lines.join('\n') + '\n';
}

/** The definitions, then per referencing file its link and its lines (`  LINE: text`). */
export function renderReferences(r: ReferenceSearch): string {
  const defined = r.definitions.map((d) => `${printablePath(d.path)}:${d.startLine}`).join(', ');
  const lines = [
    `${escapeControls(r.symbol)}: defined in ${defined || 'no file of the corpus'} · referenced in ${r.totalFiles} file${r.totalFiles === 1 ? '' : 's'}` +
      `${r.totalFiles > r.files.length ? ` (first ${r.files.length} shown)` : ''}`,
  ];
  for (const f of r.files) {
    const how =
      f.via === null
        ? 'no import or module link found'
        : f.via === 'same-file'
          ? 'in a defining file'
          : `via ${f.via}${f.through !== undefined ? ` of ${printablePath(f.through)}, which re-exports it` : ''}`;
    lines.push(
      '',
      `${printablePath(f.path)}  ${f.calls} call${f.calls === 1 ? '' : 's'}, ${f.references} reference${f.references === 1 ? '' : 's'} · ${how}`,
    );
    for (const l of f.lines) lines.push(`  ${l.line}: ${l.text.trim()}`);
    if (f.moreLines > 0) lines.push(`  … ${f.moreLines} more line${f.moreLines === 1 ? '' : 's'}`);
  }
  return lines.join('\n') + '\n';
}

/** Ranked files with their links to the edit, then the ranking's reasons. */
export function renderImpact(i: Impact): string {
  const lines = [
    `edit of ${i.edited.map(printablePath).join(', ')} · confidence ${i.confidence.toFixed(2)} · ${i.files.length} file${i.files.length === 1 ? '' : 's'}`,
    '',
  ];
  const width = String(i.files.length).length;
  i.files.forEach((f, n) => {
    const links = f.relations.map((r) => (i.edited.length > 1 ? `${r.kind} of ${printablePath(r.of)}` : r.kind));
    lines.push(
      `${String(n + 1).padStart(width)}. ${f.score.toFixed(4)}  ${printablePath(f.path)}${links.length > 0 ? `  [${links.join(', ')}]` : ''}`,
    );
    for (const reason of f.reasons) lines.push(`${' '.repeat(width + 2)}        - ${escapeControls(reason)}`);
  });
  return lines.join('\n') + '\n';
}

/** A header, then the outline's own text. */
export function renderOutline(o: Outline): string {
  return `${printablePath(o.path)} · ${o.language} · ${o.definitions} definition${o.definitions === 1 ? '' : 's'} · ${o.tokens} of ${o.budget} tokens (${o.tokenizer})\n\n${o.text}`;
}

/** One fact a line; `extra` rows (the server's or command's own state: cache, last refresh) at the end. */
export function renderStatus(s: IndexStatus, extra: readonly [label: string, value: string][] = []): string {
  const counts = (o: Record<string, number | undefined>): string =>
    Object.entries(o)
      .filter(([, n]) => (n ?? 0) > 0)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') || 'none';
  const rows: [string, string][] = [
    ['repository', `${printablePath(s.root)}${s.commit ? ` at ${s.commit}` : ''} (${s.source})`],
    ['files', `${s.files} (parsed: ${counts(s.languages)})`],
    ['skipped', counts(s.skipped)],
    ['parse errors', named(s.parseErrors, s.parseErrorFiles)],
    ['too complex', named(s.tooComplex, s.tooComplexFiles)],
    ['symbols', `${s.definitions} definitions, ${s.references} references`],
    ['edges', counts(s.edges)],
    ...extra.map(([label, value]): [string, string] => [label, escapeControls(value)]),
  ];
  const lines = rows.map(([label, value]) => `${label.padEnd(13)}${value}`);
  return lines.join('\n') + '\n';
}

/** `N`, then the first files named when there are any (`N: a.py, b.py, …`). */
function named(n: number, files: readonly string[]): string {
  return `${n}${files.length > 0 ? `: ${files.map(printablePath).join(', ')}${n > files.length ? ', …' : ''}` : ''}`;
}
