#!/usr/bin/env node
// Parse-error rate and speed per language on real repositories, through the public API:
// each folder is read with `loadCorpus` (the corpus rules apply: vendored, ignored,
// binary, minified and oversized files are left out), then, per language of its files,
// the files of that language alone are indexed in this thread (`parseJobs: 1`, no
// history) and timed: the tags stage's time (read, parse, tags query) gives files/s and
// MB/s. Error files are files whose tree has an ERROR or MISSING node (the index's
// `parse-error` diagnostics). Import resolution is counted on one index of the whole
// folder, as production builds it: of the (file, specifier) pairs a language's files
// import, those an `import` edge of the graph carries; the specifiers left unresolved most
// often are listed (external packages, generated files, or a resolver's gap).
//
//   npm run build
//   node bench/parse-rate.mjs FOLDER [FOLDER…] [--languages c,cpp] [--runs 3] > table.md
//
// With several runs, the fastest tags time of each language is kept (the machine is
// shared). Writes a Markdown table to stdout, progress to stderr.
import { existsSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { libraryOf } from './library.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { buildIndex, loadCorpus, LANGUAGES } = await libraryOf(join(ROOT, 'dist', 'src'));

const USAGE = 'usage: node bench/parse-rate.mjs FOLDER [FOLDER…] [--languages a,b] [--runs N]\n';

function fail(message) {
  process.stderr.write(`bench/parse-rate: ${message}\n${USAGE}`);
  process.exit(2);
}

function parseArgs(argv) {
  const args = { folders: [], languages: null, runs: 1 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--languages') {
      args.languages = (argv[++i] ?? '').split(',').filter(Boolean);
      for (const l of args.languages)
        if (!LANGUAGES.includes(l)) fail(`unknown language "${l}" (known: ${LANGUAGES.join(', ')})`);
    } else if (a === '--runs') {
      args.runs = Number(argv[++i]);
      if (!Number.isInteger(args.runs) || args.runs < 1) fail('--runs takes a whole number ≥ 1');
    } else if (a.startsWith('--')) {
      fail(`unknown option ${a}`);
    } else {
      if (!existsSync(a) || !statSync(a).isDirectory()) fail(`${a} is not a folder`);
      args.folders.push(resolve(a));
    }
  }
  if (args.folders.length === 0) fail('name at least one folder');
  return args;
}

const args = parseArgs(process.argv.slice(2));
const pct = (n, d) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);
const num = (n) => n.toLocaleString('en-US').replace(/,/g, ' ');

/** (file, specifier) pairs of a language's imports, and those an import edge resolved. */
function resolution(index, language) {
  const resolved = new Set();
  index.fileGraph.graph.forEachEdge((_key, attr, source) => {
    if (attr.type !== 'import') return;
    // An edge that several imports of the file resolve to carries their specifiers joined by ", "
    // (a Ruby `require "x/y"` and the `X::Y` constant it defines).
    resolved.add(`${source}\0${attr.label}`);
    for (const specifier of attr.label.split(', ')) resolved.add(`${source}\0${specifier}`);
  });
  let imports = 0;
  let hits = 0;
  const missed = new Map();
  for (const t of index.tags) {
    if (t.language !== language) continue;
    for (const specifier of new Set(t.imports.map((i) => i.specifier))) {
      imports++;
      if (resolved.has(`${t.path}\0${specifier}`)) hits++;
      else missed.set(specifier, (missed.get(specifier) ?? 0) + 1);
    }
  }
  const top = [...missed].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 3);
  return { imports, hits, missed: top.map(([s, n]) => `\`${s.replace(/\|/g, '\\|')}\` ×${n}`).join(', ') };
}

const rows = [];
for (const folder of args.folders) {
  const corpus = await loadCorpus({ folder });
  const whole = await buildIndex(corpus, { parseJobs: 1, history: false });
  const languages = LANGUAGES.filter(
    (l) => (args.languages ?? LANGUAGES).includes(l) && corpus.files.some((f) => f.language === l),
  );
  for (const language of languages) {
    const files = corpus.files.filter((f) => f.language === language);
    const bytes = files.reduce((n, f) => n + f.size, 0);
    let best = Infinity;
    let index;
    for (let run = 0; run < args.runs; run++) {
      index = await buildIndex({ ...corpus, files, diagnostics: [] }, { parseJobs: 1, history: false });
      best = Math.min(best, index.stats.timingsMs.tags);
    }
    const errorFiles = new Set(
      index.diagnostics.filter((d) => d.code === 'parse-error' || d.code === 'parse-failed').map((d) => d.file),
    ).size;
    const errorNodes = index.tags.filter((t) => t.language === language).reduce((n, t) => n + t.errorNodes, 0);
    const definitions = index.tags.reduce((n, t) => n + t.definitions.length, 0);
    const references = index.tags.reduce((n, t) => n + t.references.length, 0);
    const { imports, hits, missed } = resolution(whole, language);
    rows.push([
      basename(folder),
      language,
      num(files.length),
      `${num(errorFiles)} (${pct(errorFiles, files.length)})`,
      num(errorNodes),
      (bytes / 1e6).toFixed(2),
      (files.length / (best / 1000)).toFixed(0),
      (bytes / 1e6 / (best / 1000)).toFixed(2),
      num(definitions),
      num(references),
      `${num(hits)} / ${num(imports)} (${pct(hits, imports)})`,
      missed || '–',
    ]);
    process.stderr.write(
      `bench/parse-rate: ${folder} ${language}: ${files.length} files, ${(best / 1000).toFixed(1)} s\n`,
    );
  }
}

const header = [
  'repository',
  'language',
  'files',
  'error files',
  'error nodes',
  'MB',
  'files/s',
  'MB/s',
  'definitions',
  'references',
  'imports resolved',
  'most unresolved',
];
process.stdout.write(
  `| ${header.join(' | ')} |\n| ${header.map((_h, i) => (i < 2 || i === header.length - 1 ? '---' : '---:')).join(' | ')} |\n`,
);
for (const row of rows) process.stdout.write(`| ${row.join(' | ')} |\n`);
process.stdout.write(
  `\n${cpus().length} CPUs (shared), one parse thread; files/s and MB/s from the fastest of ${args.runs} run(s) of the tags stage.\n`,
);
