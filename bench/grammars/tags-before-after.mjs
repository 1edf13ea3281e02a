#!/usr/bin/env node
// One language's tags, error files and parse speed under two grammar-and-query pairs, in
// one run: "before" (a wasm and its tags query, given) against "after" (what
// grammars/manifest.json names now, with its query). For a switch that ports the query,
// which bench/grammars.mjs (one query for both grammars) cannot measure.
//
//   npm run build
//   git show REV:queries/scala/tags.scm > /tmp/scala-before.scm
//   node bench/grammars/tags-before-after.mjs --language scala --before-query /tmp/scala-before.scm \
//     [--before-wasm FILE] [--runs N] [--examples N] FOLDER [FOLDER…] > grammars/MEASURED-scala.md
//
// `--before-wasm` defaults to tree-sitter-wasms' build of the language (`out/<the manifest's
// file name>`). Each FOLDER is read with the public `loadCorpus` (vendored, generated and
// oversized files left out); its files of the language are parsed by both grammars back
// to back, in alternating order, so machine noise falls on both alike; one thread. Times:
// `parser.parse`, and `parser.parse` + `collectTags`, summed over files, the fastest of
// `--runs` passes. Error files have an ERROR or MISSING node. Tags are counted per kind;
// on the files that parse clean under both, every tag that only one side yields is listed
// by kind (with examples), and every definition is paired with one of the same name whose
// lines overlap, to tell a kind that changed from a definition that was lost.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = (p) => import(join(ROOT, 'dist', 'src', p));
const { loadCorpus, LANGUAGES } = await dist('index.js');
const { grammarManifest } = await dist('languages/index.js');
const { grammarWasmPath, initRuntime } = await dist('tags/grammar.js');
const { compileQueryParts, loadTagsQuery } = await dist('tags/query.js');
const { collectTags } = await dist('tags/collect.js');
// The same web-tree-sitter module instance the tags stage uses.
const { Language, Parser } = await import('web-tree-sitter');

const USAGE =
  'usage: node bench/grammars/tags-before-after.mjs --language L --before-query FILE[,FILE] [--before-wasm FILE] [--runs N] [--examples N] FOLDER [...]\n';

function fail(message) {
  process.stderr.write(`bench/grammars/tags-before-after: ${message}\n${USAGE}`);
  process.exit(2);
}

function parseArguments(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        language: { type: 'string' },
        'before-query': { type: 'string' },
        'before-wasm': { type: 'string' },
        runs: { type: 'string', default: '1' },
        examples: { type: 'string', default: '3' },
      },
    });
  } catch (error) {
    fail(error.message);
  }
  const { values, positionals } = parsed;
  if (!values.language || !LANGUAGES.includes(values.language)) fail(`--language is one of ${LANGUAGES.join(', ')}`);
  if (!values['before-query']) fail('--before-query names the query the before grammar runs');
  const runs = Number(values.runs);
  const examples = Number(values.examples);
  if (!Number.isInteger(runs) || runs < 1) fail('--runs takes a whole number ≥ 1');
  if (!Number.isInteger(examples) || examples < 0) fail('--examples takes a whole number ≥ 0');
  if (positionals.length === 0) fail('name at least one folder');
  return {
    language: values.language,
    beforeQueries: values['before-query'].split(',').map((f) => resolve(f)),
    beforeWasm: values['before-wasm'] && resolve(values['before-wasm']),
    runs,
    examples,
    folders: positionals.map((f) => resolve(f)),
  };
}

const args = parseArguments(process.argv.slice(2));
const log = (line) => process.stderr.write(`${line}\n`);
const pct = (n, d) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);
const change = (a, b) => (a === 0 ? '–' : `${b >= a ? '+' : ''}${((100 * (b - a)) / a).toFixed(1)} %`);

// ---------------------------------------------------------------- the two sides

await initRuntime();
const entry = grammarManifest()[args.language];
const require = createRequire(join(ROOT, 'package.json'));
const beforeWasm = args.beforeWasm ?? require.resolve(`tree-sitter-wasms/out/${basename(entry.wasm)}`);

/** `name@version` of the package holding `file` (its nearest package.json). */
function packageLabel(file) {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const { name, version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      return `${name}@${version} \`${relative(dir, file)}\``;
    } catch {}
  }
  return `\`${file}\``;
}

async function side(label, wasm, queryOf) {
  const grammar = await Language.load(wasm);
  const parser = new Parser();
  parser.setLanguage(grammar);
  return { label, grammar: packageLabel(wasm), abi: grammar.abiVersion, parser, query: queryOf(grammar) };
}
const before = await side('before', beforeWasm, (grammar) =>
  compileQueryParts(
    grammar,
    args.beforeQueries.map((file) => ({ file, source: readFileSync(file, 'utf8') })),
  ),
);
const after = await side('after', grammarWasmPath(args.language), (grammar) => loadTagsQuery(args.language, grammar));
const SIDES = [before, after];

// ---------------------------------------------------------------- measuring

/** Parse (timed), then tags (timed with it); the tags as plain keys per kind. */
function run(s, text) {
  const start = performance.now();
  const tree = s.parser.parse(text);
  const parsed = performance.now();
  const tags = collectTags(s.query, tree.rootNode, text);
  const done = performance.now();
  const hasError = tree.rootNode.hasError;
  tree.delete();
  return { hasError, parseMs: parsed - start, ms: done - start, tags };
}

const keysOf = (tags) => [
  ...tags.definitions.map((d) => [`definition.${d.kind}`, `${d.name} ${d.startLine}-${d.endLine}`]),
  ...tags.references.map((r) => [`reference.${r.kind}`, `${r.name} ${r.line}`]),
  ...tags.imports.map((i) => ['import', `${i.specifier} [${i.names.join(', ')}] ${i.line}`]),
  ...tags.messages.map((m) => ['message', `${JSON.stringify(m.text)} ${m.line}`]),
];

const totals = new Map(SIDES.map((s) => [s, { errorFiles: 0, parseMs: 0, ms: 0, kinds: new Map() }]));
const bump = (map, key, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
let files = 0;
let bytes = 0;
let clean = 0;
/** `only before: kind` → { n, examples } on files clean under both. */
const differences = new Map();
/** `before kind → after kind` for each definition, paired by name and overlapping lines. */
const rekinded = new Map();

function compare(path, a, b) {
  const count = new Map();
  for (const [kind, key] of keysOf(a)) bump(count, `${kind}\t${key}`);
  for (const [kind, key] of keysOf(b)) bump(count, `${kind}\t${key}`, -1);
  for (const [k, n] of count) {
    if (n === 0) continue;
    const [kind, key] = k.split('\t');
    const label = `${n > 0 ? 'only before' : 'only after'}: ${kind}`;
    const d = differences.get(label) ?? { n: 0, examples: [] };
    differences.set(label, d);
    d.n += Math.abs(n);
    if (d.examples.length < args.examples) d.examples.push(`${path}: \`${key}\``);
  }
}

/** Pairs each definition before with an unpaired one after of the same name whose lines overlap. */
function matchKinds(a, b) {
  const after = new Map();
  for (const d of b.definitions) after.set(d.name, [...(after.get(d.name) ?? []), d]);
  const paired = new Set();
  for (const d of a.definitions) {
    const match = (after.get(d.name) ?? []).find(
      (e) => !paired.has(e) && e.startLine <= d.endLine && d.startLine <= e.endLine,
    );
    if (match) paired.add(match);
    bump(rekinded, `${d.kind} → ${match ? match.kind : '(none)'}`);
  }
  for (const d of b.definitions) if (!paired.has(d)) bump(rekinded, `(none) → ${d.kind}`);
}

const started = performance.now();
for (const folder of args.folders) {
  const corpus = await loadCorpus({ folder });
  let n = 0;
  for (const [index, file] of corpus.files.entries()) {
    if (file.language !== args.language || typeof file.text !== 'string') continue;
    n++;
    files++;
    bytes += file.size;
    const best = new Map();
    for (let r = 0; r < args.runs; r++) {
      const order = (index + r) % 2 === 0 ? SIDES : [after, before];
      for (const s of order) {
        const result = run(s, file.text);
        const was = best.get(s);
        if (!was || result.ms < was.ms) best.set(s, result);
      }
    }
    for (const s of SIDES) {
      const t = totals.get(s);
      const result = best.get(s);
      if (result.hasError) t.errorFiles++;
      t.parseMs += result.parseMs;
      t.ms += result.ms;
      for (const [kind] of keysOf(result.tags)) bump(t.kinds, kind);
      bump(
        t.kinds,
        'import.name',
        result.tags.imports.reduce((sum, i) => sum + i.names.length, 0),
      );
    }
    const a = best.get(before).tags;
    const b = best.get(after).tags;
    matchKinds(a, b);
    if (!best.get(before).hasError && !best.get(after).hasError) {
      clean++;
      compare(`${basename(folder)}/${file.path}`, a, b);
    }
  }
  log(`${basename(folder)}: ${n} ${args.language} files`);
}
const seconds = (performance.now() - started) / 1000;

// ---------------------------------------------------------------- report

const out = [];
const mbps = (ms) => (ms === 0 ? '–' : (bytes / 1e6 / (ms / 1000)).toFixed(2));
out.push(`# ${args.language}: tags before and after the grammar switch`, '');
out.push(
  `Command: \`node bench/grammars/tags-before-after.mjs ${process.argv
    .slice(2)
    .map((a) => (a.startsWith('/') ? basename(a) : a))
    .join(' ')}\` (paths by their last part), ` +
    `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, one thread; ${files} files, ${(bytes / 1e6).toFixed(2)} MB, ${seconds.toFixed(0)} s.`,
  '',
);
out.push(
  '| side | grammar | ABI | error files | rate | parse (s) | parse + query (s) | MB/s (parse) | MB/s (parse + query) |',
);
out.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const s of SIDES) {
  const t = totals.get(s);
  out.push(
    `| ${s.label} | ${s.grammar} | ${s.abi} | ${t.errorFiles} | ${pct(t.errorFiles, files)} | ${(t.parseMs / 1000).toFixed(2)} | ${(t.ms / 1000).toFixed(2)} | ${mbps(t.parseMs)} | ${mbps(t.ms)} |`,
  );
}
const [tb, ta] = SIDES.map((s) => totals.get(s));
out.push(
  '',
  `After / before, same run: parse time ×${(ta.parseMs / tb.parseMs).toFixed(2)}, parse + query ×${(ta.ms / tb.ms).toFixed(2)}.`,
  '',
);
out.push('| tag kind | before | after | change |', '| --- | ---: | ---: | ---: |');
for (const kind of [...new Set([...tb.kinds.keys(), ...ta.kinds.keys()])].sort()) {
  const [a, b] = [tb.kinds.get(kind) ?? 0, ta.kinds.get(kind) ?? 0];
  out.push(`| ${kind} | ${a} | ${b} | ${change(a, b)} |`);
}
out.push('', 'Definitions paired by name and overlapping lines (every file), kind before → after:', '');
out.push('| before → after | definitions |', '| --- | ---: |');
for (const [k, n] of [...rekinded].sort((x, y) => y[1] - x[1])) out.push(`| ${k} | ${n} |`);
out.push('', `Tags only one side yields, on the ${clean} files that parse clean under both:`, '');
if (differences.size === 0) out.push('none.');
for (const [label, d] of [...differences].sort((x, y) => y[1].n - x[1].n || (x[0] < y[0] ? -1 : 1))) {
  out.push(`- ${label}: ${d.n}; ${d.examples.join('; ')}`);
}
process.stdout.write(`${out.join('\n')}\n`);
