#!/usr/bin/env node
// What compiling a language's tags query costs: every parse worker compiles the query of
// each language it parses (src/tags/query.ts), so a cold build pays it once per worker and
// language, and a fresh `rank` after an edit pays it on the critical path. Per language, a
// fresh process loads the grammar and times its first compile (the parser runtime's code
// still cold, as in a new worker), then `--reps` more (the runtime warm); the patterns are
// also compiled one at a time, to see whether one of them makes the cost. Languages run in
// turn, one process each per round, `--rounds` rounds; the table keeps each figure's median.
//
//   node bench/perf/query-compile.mjs [--rounds 3] [--reps 4] [--lang python,rust] [--out FILE]
//
// Runs the built package (dist/: `npm run build` first). Writes the table (default
// bench/perf/QUERY-COMPILE.md).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs as parseOptions } from 'node:util';
import { median } from './summary.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const args = parseArgs(process.argv.slice(2));

if (args.child) {
  process.stdout.write(JSON.stringify(await measure(args.child, args.reps)));
} else {
  const { grammarManifest } = await import(join(ROOT, 'dist/src/unstable.js'));
  const languages = args.lang ?? Object.keys(grammarManifest());
  const load = [loadavg()];
  const runs = new Map(languages.map((l) => [l, []]));
  for (let round = 0; round < args.rounds; round++) {
    for (const lang of languages) {
      const r = spawnSync(
        process.execPath,
        [fileURLToPath(import.meta.url), '--child', lang, '--reps', String(args.reps)],
        { encoding: 'utf8' },
      );
      if (r.status !== 0) fail(`${lang}: ${r.stderr.slice(-800)}`);
      runs.get(lang).push(JSON.parse(r.stdout));
    }
    console.error(`   round ${round + 1}/${args.rounds}`);
  }
  load.push(loadavg());
  const rows = languages.map((lang) => {
    const rs = runs.get(lang);
    const m = (f) => median(rs.map(f));
    const worst = rs[0].costliest;
    return `| ${lang} | ${rs[0].patterns} | ${m((r) => r.first).toFixed(1)} | ${m((r) => r.warm).toFixed(1)} | ${m((r) => r.singles).toFixed(1)} | ${m((r) => r.costliest.ms).toFixed(1)} (\`${worst.head}\`) |`;
  });
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  writeFileSync(
    args.out,
    [
      '# Tags query compile time per language',
      '',
      `- Command: \`node bench/perf/query-compile.mjs --rounds ${args.rounds} --reps ${args.reps}${args.lang ? ` --lang ${args.lang.join(',')}` : ''}\``,
      `- Commit: \`${commit}\`; date ${new Date().toISOString()}; ${cpus().length} cores, node ${process.version}; load average (1 min) ${load[0][0].toFixed(1)} at start, ${load[1][0].toFixed(1)} at end`,
      '- Each figure: milliseconds, the median over rounds (a fresh process per language and round). `first`: the first compile in a fresh process, what a new parse worker pays; `warm`: the least of the next compiles; `patterns one by one`: the sum of compiling each top-level pattern alone (warm), and the costliest of them.',
      '',
      '| language | patterns | first | warm | patterns one by one | costliest pattern |',
      '| --- | ---: | ---: | ---: | ---: | --- |',
      ...rows,
      '',
    ].join('\n'),
  );
  console.error(`wrote ${args.out}`);
}

/** One language in this process: the first compile, the warm ones, each pattern alone. */
async function measure(lang, reps) {
  const { Query } = await import('web-tree-sitter');
  const { loadGrammar, tagsQueryPaths } = await import(join(ROOT, 'dist/src/unstable.js'));
  const grammar = await loadGrammar(lang);
  const source = tagsQueryPaths(lang)
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const time = (text) => {
    const t = performance.now();
    new Query(grammar, text).delete();
    return performance.now() - t;
  };
  const first = time(source);
  let warm = Infinity;
  for (let i = 0; i < reps; i++) warm = Math.min(warm, time(source));
  const patterns = topLevelPatterns(source);
  let singles = 0;
  let costliest = { ms: 0, head: '' };
  for (const p of patterns) {
    const ms = time(p);
    singles += ms;
    if (ms > costliest.ms) costliest = { ms, head: p.replace(/\s+/g, ' ').slice(0, 40) };
  }
  return { patterns: patterns.length, first, warm, singles, costliest };
}

/** The query's top-level patterns (with their quantifiers, captures and predicates), comments left out. */
function topLevelPatterns(source) {
  const out = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === ';') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (c === '"') {
      for (i++; i < source.length && source[i] !== '"'; i++) if (source[i] === '\\') i++;
    } else if (c === '(' || c === '[') {
      if (depth++ === 0) start = i;
    } else if ((c === ')' || c === ']') && --depth === 0) {
      let j = i + 1;
      while (/[*+?]/.test(source[j] ?? '')) j++;
      // captures on the whole pattern: ` @name`
      for (let m; (m = /^\s*@[\w.-]+/.exec(source.slice(j))); ) j += m[0].length;
      out.push(source.slice(start, j));
      i = j - 1;
    }
  }
  return out;
}

function parseArgs(argv) {
  let values;
  try {
    ({ values } = parseOptions({
      args: argv,
      options: {
        rounds: { type: 'string', default: '3' },
        reps: { type: 'string', default: '4' },
        lang: { type: 'string' },
        out: { type: 'string' },
        child: { type: 'string' },
      },
    }));
  } catch (error) {
    fail(error.message);
  }
  const out = {
    rounds: Number(values.rounds),
    reps: Number(values.reps),
    lang: values.lang?.split(','),
    out: values.out ? resolve(values.out) : join(HERE, 'QUERY-COMPILE.md'),
    child: values.child,
  };
  if (!(Number.isInteger(out.rounds) && out.rounds >= 1 && Number.isInteger(out.reps) && out.reps >= 1))
    fail('--rounds and --reps must be whole numbers ≥ 1');
  return out;
}

function fail(message) {
  console.error(`bench/perf/query-compile: ${message}`);
  process.exit(2);
}
