import type { FileExplanation, HopEdge } from './explain-file.js';
import type { ExplainedFunction } from '../rank/functions.js';
import { escapeControls } from '../render/printable.js';
import { roundScore } from '../rank/round.js';

/** Plain-text explanation of one file's place: score and its factors, cues matched, paths from seeds (controls in names escaped: one line each). */
export function renderExplanation(e: FileExplanation): string {
  const p = e.parts;
  const lines = [
    `${e.path} · rank ${e.rank} of ${e.files} · score ${e.score} · task ${e.task} · ${e.kind}${e.given ? ' · given (ranked last)' : ''}`,
    '',
    `score = kind prior ${p.kindPrior} × (${p.direct.weight} × direct ${p.direct.share} + ${p.ppr.weight} × ppr ${p.ppr.share}` +
      `${p.feedback ? ` + ${p.feedback.weight} × feedback ${p.feedback.share}` : ''})` +
      ` × evidence ${p.evidence} × size ${p.size.factor}`,
    `  direct  seed weight ${p.direct.raw} (share ${p.direct.share} of the largest)`,
    `  ppr     PageRank ${p.ppr.raw} (share ${p.ppr.share} of the largest)`,
    `  size    ${p.size.bytes} bytes → ${p.size.factor}`,
    ...(p.feedback ? [`  feedback PageRank from the best files (share ${p.feedback.share} of the largest)`] : []),
    ...(e.learned ? [learnedLine(e.learned)] : []),
    '',
    'cues matched',
  ];
  if (e.cues.length === 0 && e.lexical === 0) lines.push('  (none: the file is reached through the graph only)');
  for (const c of e.cues) {
    const at = c.line !== undefined ? `:${c.line}` : '';
    lines.push(
      `  ${c.kind} ${c.value}${at} (field ${c.field}, strength ${c.strength}) → ${c.match} · weight ${c.weight}`,
    );
  }
  if (e.lexical > 0) lines.push(`  query words (BM25 over path and identifiers) · weight ${e.lexical}`);
  lines.push('', 'paths from seeds');
  if (e.paths.length === 0) lines.push('  (none within reach)');
  e.paths.forEach((path, n) => {
    lines.push(
      `  ${n + 1}. flow ${path.flow} from ${path.seed.path}${path.seed.reason ? `, which ${path.seed.reason}` : ''}`,
    );
    for (const hop of path.hops) {
      lines.push(`     ${hop.from} → ${hop.to} (p ${hop.probability})`);
      for (const edge of hop.edges)
        lines.push(
          `       ${edge.type} ${edge.direction} · weight ${edge.weight} × flow ${edge.flow}: ${phrase(edge, hop.from, hop.to)}`,
        );
    }
  });
  if (e.reasons.length > 0) lines.push('', 'reasons (as rank prints them)', ...e.reasons.map((r) => `  - ${r}`));
  if (e.functions && e.functions.length > 0) {
    lines.push(
      '',
      'likely to change (score over the best unit of the file = named + name words + query lines + words, each over its best)',
    );
    for (const f of e.functions) lines.push(`  ${f.name} (${f.start}-${f.end}) · ${f.score} · ${functionParts(f)}`);
  }
  return lines.map(escapeControls).join('\n') + '\n';
}

/** What a function's score sums, as a line: its parts, or `imports`' fixed share. */
function functionParts(f: ExplainedFunction): string {
  const p = f.parts;
  if (!p)
    return f.name === 'imports'
      ? 'the import lines, at a fixed share of the best unit'
      : 'no tuned score: placed by the learned function ranker';
  const sum = `named ${p.named} + name words ${p.nameWords} + query lines ${p.lines} + words ${p.words}`;
  return p.classWeight !== undefined ? `(${sum}) × class ${p.classWeight}` : sum;
}

/** The hop's edge as a sentence about `from` and `to`. */
function phrase(edge: HopEdge, from: string, to: string): string {
  const forward = edge.direction === 'forward';
  const label = edge.label ? ` (${edge.label})` : '';
  switch (edge.type) {
    case 'import':
      return forward ? `${from} imports ${to}${label}` : `${from} is imported by ${to}${label}`;
    case 'shared-symbol':
      return forward ? `${from} uses${label} from ${to}` : `${from} defines${label} used by ${to}`;
    case 'source-test':
      return forward ? `${from} tests ${to}${label}` : `${from} is tested by ${to}${label}`;
    case 'co-change':
      return `${from} changed with ${to}${label}`;
    case 'same-module':
      return `${from} is in the same module as ${to}`;
  }
}

/** The learned ranker's line: where the tuned score put the file, and what the model made of it. */
function learnedLine(l: NonNullable<FileExplanation['learned']>): string {
  const model =
    l.model === null
      ? 'past the pool the model reorders: kept in the tuned order'
      : `model score ${roundScore(l.model)}`;
  return `learned ranker: tuned rank ${l.tunedRank}, tuned score ${l.tunedScore}; ${model} (score above = the learned ranking's)`;
}
