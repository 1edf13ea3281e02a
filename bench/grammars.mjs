#!/usr/bin/env node
// Grammar choice per language, measured: for every language of the manifest, the
// grammar it uses now (tree-sitter-wasms, as `grammars/manifest.json` says) against a
// candidate `.wasm` (a grammar package's own build), both run over the same files: every
// file of that language in one snapshot per dev-set repository (its newest base commit
// in the dev set, by committer date), read with the package's `loadCorpus`.
//
//   node bench/grammars.mjs REPOS_DIR [--candidates DIR] [--dev DEV_DIR] [--languages a,b]
//     > grammars/MEASURED.md
//   node bench/grammars.mjs --folders DIR[,DIR…] --candidates DIR [--languages a,b]
//
// `--folders` reads the given folders (each as `loadCorpus({ folder })` reads it) instead
// of the dev-set snapshots: for languages the dev set does not hold.
//
// `--candidates DIR` (or REPOMAP_GRAMMAR_CANDIDATES) is searched recursively for each
// language's wasm file name from the manifest (`tree-sitter-python.wasm`, …): for
// example a folder of `npm pack tree-sitter-python@0.25.0 …` tarballs extracted into
// one sub-folder each. The nearest package.json above the file names its version.
//
// Per grammar it reports: files, files whose tree has ≥ 1 ERROR or MISSING node, the
// number of such nodes, files whose parse threw, parse + tags-query wall time (the
// production path: `parser.parse` then `collectTags`; error counting is outside the
// clock) and MB/s, whether the project's tags query (the manifest's `queries`, checked
// by `loadTagsQuery`) compiles against the grammar, and the definitions, references and
// imports it yields. The two grammars parse each file back to back, in alternating
// order, so machine noise falls on both alike.
//
// When the query does not compile against a candidate, its patterns that do compile are
// run instead (counts marked "partial") and the failing patterns are listed with the
// compiler's message. Per-pattern match counts of the two grammars are compared, so a
// query that compiles but matches less shows which pattern lost what.
//
// The tags stage has no public way to run a grammar that is not in the manifest, so this
// script imports the stage's modules from dist/ (query compilation, tag collection,
// error counting) instead of going through `buildIndex`.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { baseCommits, newest } from './dev-snapshots.mjs';
import { libraryOf } from './library.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const {
  loadCorpus,
  LANGUAGES,
  locateRepository,
  grammarManifest,
  grammarWasmPath,
  initRuntime,
  compileQuery,
  loadTagsQuery,
  tagsQueryPaths,
  collectTags,
  countErrorNodes,
} = await libraryOf(join(ROOT, 'dist', 'src'));
// The same web-tree-sitter module instance (ESM entry) the stage uses: one runtime for both.
const { Language, Parser } = await import('web-tree-sitter');

const USAGE =
  'usage: node bench/grammars.mjs REPOS_DIR [--candidates DIR] [--dev DEV_DIR] [--languages a,b] > grammars/MEASURED.md\n' +
  '       node bench/grammars.mjs --folders DIR[,DIR…] --candidates DIR [--languages a,b]\n';
/** Examples of files whose error status differs between the two grammars, per direction. */
const EXAMPLES = 4;
/** Patterns listed per language whose match count differs most between the two grammars. */
const PATTERN_ROWS = 8;

function parseArgs(argv) {
  const args = {
    repos: undefined,
    candidates: process.env.REPOMAP_GRAMMAR_CANDIDATES,
    dev: undefined,
    languages: undefined,
    folders: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) fail(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--candidates') args.candidates = value();
    else if (a === '--dev') args.dev = value();
    else if (a === '--languages') args.languages = value().split(',');
    else if (a === '--folders')
      args.folders = value()
        .split(',')
        .map((f) => resolve(f));
    else if (a.startsWith('-')) fail(`unknown option ${a}`);
    else if (args.repos === undefined) args.repos = a;
    else fail(`unexpected argument ${a}`);
  }
  if ((!args.repos && !args.folders) || !args.candidates)
    fail('REPOS_DIR (or --folders) and --candidates DIR are required');
  for (const f of args.folders ?? []) if (!existsSync(f) || !statSync(f).isDirectory()) fail(`${f} is not a folder`);
  for (const l of args.languages ?? [])
    if (!LANGUAGES.includes(l)) fail(`unknown language ${l}; languages: ${LANGUAGES.join(', ')}`);
  return args;
}

function fail(message) {
  process.stderr.write(`bench/grammars: ${message}\n${USAGE}`);
  process.exit(2);
}

const args = parseArgs(process.argv.slice(2));
const reposDir = args.repos === undefined ? undefined : resolve(args.repos);
const devDir = resolve(args.dev ?? join(ROOT, '..', 'shared', 'bench', 'dev'));
const candidatesDir = resolve(args.candidates);
const languages = args.languages ?? [...LANGUAGES];

// ---------------------------------------------------------------- snapshots

/** The dev set's base commits per repository. */
function devCommits() {
  const byRepo = baseCommits(devDir);
  if (byRepo.size === 0) fail(`no dev-set rows under ${devDir}`);
  return byRepo;
}

// ---------------------------------------------------------------- grammars

/** Files under `dir` named `name`, in sorted path order. */
function findFiles(dir, name) {
  const out = [];
  for (const entry of readdirSync(dir).sort()) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...findFiles(full, name));
    else if (entry === name) out.push(full);
  }
  return out;
}

/** `name@version` of the nearest package.json at or above `file`'s folder (not above `stop`). */
function packageOf(file, stop) {
  for (let dir = dirname(file); dir.startsWith(stop); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8'));
      return { label: `${name}@${version}`, root: dir };
    }
    if (dir === stop) break;
  }
  return { label: '(no package.json)', root: dirname(file) };
}

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** One grammar under test: its wasm, Language, Parser and (possibly partial) tags query. */
async function loadSource(language, label, wasm, pkg, patterns) {
  const grammar = await Language.load(wasm);
  const source = {
    label,
    wasm,
    package: pkg.label,
    inside: relative(pkg.root, wasm),
    sha256: sha256(wasm),
    bytes: statSync(wasm).size,
    abi: grammar.abiVersion,
    grammar,
    parser: new Parser(),
    compiles: true,
    compileError: '',
    failing: [],
    query: undefined,
    /** Index in this source's query → index in `patterns`. */
    patternMap: [],
    stats: {
      files: 0,
      errorFiles: 0,
      errorNodes: 0,
      failed: 0,
      bytes: 0,
      ms: 0,
      parseMs: 0,
      definitions: 0,
      references: 0,
      imports: 0,
    },
    kinds: new Map(),
    matchesPerPattern: new Array(patterns.length).fill(0),
  };
  source.parser.setLanguage(grammar);
  try {
    source.query = loadTagsQuery(language, grammar);
    source.patternMap = patterns.map((_, i) => i);
    if (source.query.patternCount() !== patterns.length) {
      throw new Error(`split ${patterns.length} patterns but the query has ${source.query.patternCount()}`);
    }
  } catch (error) {
    if (error.code !== 'query-error') throw error;
    source.compiles = false;
    source.compileError = error.message.replace(/^repomap\/tags: /, '').replaceAll(`${ROOT}/`, '');
    const kept = [];
    for (const [i, p] of patterns.entries()) {
      try {
        compileQuery(grammar, p.text, `${p.file}:${p.line}`).delete();
        kept.push(i);
      } catch (patternError) {
        source.failing.push({ pattern: p, message: patternError.message.replace(/^repomap\/tags: /, '') });
      }
    }
    source.patternMap = kept;
    source.query = compileQuery(
      grammar,
      kept.map((i) => patterns[i].text).join('\n'),
      `${language} (compiling patterns)`,
    );
  }
  return source;
}

/**
 * The top-level patterns of a query file, each with its 1-based line: a pattern is a
 * bracketed group at depth 0 together with the captures and quantifiers that follow it.
 */
function splitPatterns(file, text) {
  const patterns = [];
  let depth = 0;
  let start = -1;
  let closed = false;
  const flush = (end) => {
    if (start >= 0)
      patterns.push({ file, line: text.slice(0, start).split('\n').length, text: text.slice(start, end).trim() });
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === ';') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '"') {
      if (depth === 0 && closed) {
        flush(i);
        start = i;
      } else if (start < 0) start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      if (depth === 0) closed = true;
    } else if (c === '(' || c === '[') {
      if (depth === 0) {
        if (closed) flush(i);
        if (closed || start < 0) start = i;
        closed = false;
      }
      depth++;
    } else if (c === ')' || c === ']') {
      depth--;
      if (depth === 0) closed = true;
    }
  }
  flush(text.length);
  return patterns;
}

/** Node types (named) and field names a query mentions, from its text. */
function queryVocabulary(text) {
  const stripped = text.replace(/;[^\n]*/g, '').replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const types = new Set();
  const fields = new Set();
  for (const m of stripped.matchAll(/\(\s*([A-Za-z_][\w]*)/g)) if (m[1] !== '_') types.add(m[1]);
  for (const m of stripped.matchAll(/([A-Za-z_][\w]*)\s*:/g)) fields.add(m[1]);
  return { types: [...types].sort(), fields: [...fields].sort() };
}

// ---------------------------------------------------------------- parsing

/** Line and text of the first ERROR or MISSING node in the tree, or null. */
function firstError(root) {
  if (!root.hasError) return null;
  const cursor = root.walk();
  try {
    for (;;) {
      const node = cursor.currentNode;
      if (node.isError || node.isMissing) {
        const kind = node.isMissing ? `MISSING ${node.type}` : 'ERROR';
        return { line: node.startPosition.row + 1, kind };
      }
      if (node.hasError && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return null;
    }
  } finally {
    cursor.delete();
  }
}

/** Parses one file with one grammar; returns its error summary (or null when it threw). */
function parseWith(source, text, bytes) {
  const counting = {
    matches: (root) => {
      const matches = source.query.matches(root);
      for (const m of matches) source.matchesPerPattern[source.patternMap[m.patternIndex]]++;
      return matches;
    },
  };
  const started = performance.now();
  let tree;
  try {
    tree = source.parser.parse(text);
    if (!tree) throw new Error('no tree');
    source.stats.parseMs += performance.now() - started;
    const tags = collectTags(counting, tree.rootNode, text);
    source.stats.ms += performance.now() - started;
    const s = source.stats;
    s.files++;
    s.bytes += bytes;
    s.definitions += tags.definitions.length;
    s.references += tags.references.length;
    s.imports += tags.imports.length;
    for (const d of tags.definitions) bump(source.kinds, `definition.${d.kind}`);
    for (const r of tags.references) bump(source.kinds, `reference.${r.kind}`);
    for (const i of tags.imports)
      for (const name of i.names) bump(source.kinds, name === '*' ? 'import.name *' : 'import.name');
    const errors = countErrorNodes(tree.rootNode);
    if (errors > 0) {
      s.errorFiles++;
      s.errorNodes += errors;
    }
    return { errors, first: errors > 0 ? firstError(tree.rootNode) : null };
  } catch {
    source.stats.ms += performance.now() - started;
    source.stats.failed++;
    source.parser.delete();
    source.parser = new Parser();
    source.parser.setLanguage(source.grammar);
    return null;
  } finally {
    tree?.delete();
  }
}

const bump = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

/** A file whose error status differs between the grammars: where its first error is, and that line's text. */
function example(repo, file, outcome) {
  const line = file.text.split('\n')[outcome.first.line - 1]?.trim() ?? '';
  const text = (line.length > 90 ? `${line.slice(0, 90)}…` : line).replace(/`/g, "'").replace(/\|/g, '\\|');
  return { repo, path: file.path, line: outcome.first.line, kind: outcome.first.kind, nodes: outcome.errors, text };
}

// ---------------------------------------------------------------- run

await initRuntime();
const manifest = grammarManifest();
const runs = new Map();
for (const language of languages) {
  const entry = manifest[language];
  const patterns = tagsQueryPaths(language).flatMap((file) =>
    splitPatterns(relative(ROOT, file), readFileSync(file, 'utf8')),
  );
  const currentWasm = grammarWasmPath(language);
  const current = await loadSource(
    language,
    'current',
    currentWasm,
    packageOf(currentWasm, dirname(dirname(currentWasm))),
    patterns,
  );
  if (current.sha256 !== entry.sha256) fail(`${currentWasm} does not match the manifest sha256`);
  if (!current.compiles)
    fail(`the ${language} query does not compile against the current grammar: ${current.compileError}`);
  const found = findFiles(candidatesDir, entry.wasm);
  if (found.length === 0) fail(`no ${entry.wasm} under ${candidatesDir}`);
  const candidate = await loadSource(language, 'candidate', found[0], packageOf(found[0], candidatesDir), patterns);
  const vocabulary = queryVocabulary(patterns.map((p) => p.text).join('\n'));
  runs.set(language, {
    language,
    patterns,
    current,
    candidate,
    vocabulary,
    differs: { onlyCurrent: [], onlyCandidate: [], both: [] },
    bothErrors: 0,
  });
}

/** The corpora measured: the given folders, or one snapshot per dev-set repository. */
async function* corpora() {
  if (args.folders) {
    for (const folder of args.folders)
      yield { repo: basename(folder), commit: '(folder)', corpus: await loadCorpus({ folder }) };
    return;
  }
  for (const [repo, commits] of [...devCommits()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const gitDir = await locateRepository(reposDir, repo);
    if (!gitDir) {
      process.stderr.write(`bench/grammars: ${repo} not found under ${reposDir}, skipped\n`);
      continue;
    }
    const commit = newest(gitDir, [...commits]);
    yield { repo, commit, corpus: await loadCorpus({ gitDir, commit }) };
  }
}

const snapshots = [];
const started = performance.now();
for await (const { repo, commit, corpus } of corpora()) {
  let parsed = 0;
  for (const [n, file] of corpus.files.entries()) {
    const run = runs.get(file.language);
    if (!run) continue;
    parsed++;
    const bytes = Buffer.byteLength(file.text);
    const order = n % 2 === 0 ? [run.current, run.candidate] : [run.candidate, run.current];
    const outcome = new Map(order.map((source) => [source, parseWith(source, file.text, bytes)]));
    const a = outcome.get(run.current);
    const b = outcome.get(run.candidate);
    if (a?.errors > 0 && b?.errors > 0) {
      run.bothErrors++;
      run.differs.both.push(example(repo, file, a));
    }
    if (a?.errors > 0 && b?.errors === 0) run.differs.onlyCurrent.push(example(repo, file, a));
    if (b?.errors > 0 && a?.errors === 0) run.differs.onlyCandidate.push(example(repo, file, b));
  }
  snapshots.push({ repo, commit, files: parsed });
  process.stderr.write(
    `bench/grammars: ${repo}@${commit.slice(0, 12)}: ${parsed} files (${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
  );
}

// ---------------------------------------------------------------- report

const pct = (n, d) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`);
const mbps = (s) => (s.ms === 0 ? '—' : (s.bytes / 1e6 / (s.ms / 1000)).toFixed(2));
const change = (a, b) =>
  a === 0 ? (b === 0 ? '±0' : '+∞') : `${b >= a ? '+' : ''}${((100 * (b - a)) / a).toFixed(1)} %`;
const webTreeSitter = JSON.parse(
  readFileSync(join(ROOT, 'node_modules', 'web-tree-sitter', 'package.json'), 'utf8'),
).version;
const lines = [];
const out = (s = '') => lines.push(s);

out('# Grammar measurements');
out();
out(`Command: \`node bench/grammars.mjs ${process.argv.slice(2).join(' ')}\``);
out(
  `(${args.folders ? `folders ${args.folders.map((f) => `\`${f}\``).join(', ')}` : `dev set \`${devDir}\``}, candidates \`${candidatesDir}\`), ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, web-tree-sitter ${webTreeSitter},`,
);
out(
  `${cpus().length} CPUs (shared; times are indicative). Total ${((performance.now() - started) / 1000).toFixed(0)} s.`,
);
out();
out('"current" is the grammar of `grammars/manifest.json`; "candidate" the wasm found under `--candidates`.');
out('Error files: files whose tree has at least one ERROR or MISSING node. Times: `parser.parse`, and');
out(
  "`parser.parse` + tags query (`collectTags`), summed over files; MB/s of the latter. Tags: what the project's query yields (definitions, references,",
);
out('imports), "partial" when only the patterns that compile against that grammar ran.');
out();
out('## Snapshots');
out();
out('| repository | commit | files parsed |');
out('| --- | --- | ---: |');
for (const s of snapshots) out(`| ${s.repo} | \`${s.commit.slice(0, 12)}\` | ${s.files} |`);
out();
out('## Per language');
out();
out(
  '| language | grammar | package | ABI | files | error files | rate | error nodes | threw | MB | parse (s) | parse + query (s) | MB/s | query | definitions | references | imports |',
);
out(
  '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
);
for (const run of runs.values()) {
  for (const source of [run.current, run.candidate]) {
    const s = source.stats;
    const query = source.compiles
      ? 'compiles'
      : `**fails** (${source.failing.length} of ${run.patterns.length} patterns; partial)`;
    out(
      `| ${run.language} | ${source.label} | ${source.package} \`${source.inside}\` | ${source.abi} | ${s.files} | ${s.errorFiles} | ${pct(s.errorFiles, s.files)} | ${s.errorNodes} | ${s.failed} | ${(s.bytes / 1e6).toFixed(1)} | ${(s.parseMs / 1000).toFixed(2)} | ${(s.ms / 1000).toFixed(2)} | ${mbps(s)} | ${query} | ${s.definitions} | ${s.references} | ${s.imports} |`,
    );
  }
}
out();
out('## Wasm files');
out();
out('| language | grammar | package | path in package | bytes | sha256 |');
out('| --- | --- | --- | --- | ---: | --- |');
for (const run of runs.values()) {
  for (const source of [run.current, run.candidate]) {
    out(
      `| ${run.language} | ${source.label} | ${source.package} | \`${source.inside}\` | ${source.bytes} | \`${source.sha256}\` |`,
    );
  }
}
out();
out('## Details');
for (const run of runs.values()) {
  const { current, candidate } = run;
  out();
  out(`### ${run.language}`);
  out();
  const a = current.stats;
  const b = candidate.stats;
  out(
    `Candidate vs current: error files ${a.errorFiles} → ${b.errorFiles}, error nodes ${a.errorNodes} → ${b.errorNodes}, ` +
      `time ${change(a.ms, b.ms)}, definitions ${change(a.definitions, b.definitions)}, references ${change(a.references, b.references)}, ` +
      `imports ${change(a.imports, b.imports)}. Files with errors under both: ${run.bothErrors}.`,
  );
  const missingTypes = run.vocabulary.types.filter(
    (t) => current.grammar.idForNodeType(t, true) !== null && candidate.grammar.idForNodeType(t, true) === null,
  );
  const missingFields = run.vocabulary.fields.filter(
    (f) => current.grammar.fieldIdForName(f) !== null && candidate.grammar.fieldIdForName(f) === null,
  );
  out();
  out(
    `Node types the query names that the candidate lacks: ${missingTypes.length ? missingTypes.map((t) => `\`${t}\``).join(', ') : 'none'}.`,
  );
  out(
    `Field names the query uses that the candidate lacks: ${missingFields.length ? missingFields.map((f) => `\`${f}:\``).join(', ') : 'none'}.`,
  );
  const only = (x, y) => namedTypes(x).filter((t) => !namedTypes(y).includes(t));
  const fieldsOnly = (x, y) => fieldNames(x).filter((f) => !fieldNames(y).includes(f));
  const list = (items) => (items.length ? items.map((t) => `\`${t}\``).join(', ') : 'none');
  out(
    `Visible named node types only in the current grammar: ${list(only(current.grammar, candidate.grammar))}; only in the candidate: ${list(only(candidate.grammar, current.grammar))}.`,
  );
  out(
    `Field names only in the current grammar: ${list(fieldsOnly(current.grammar, candidate.grammar))}; only in the candidate: ${list(fieldsOnly(candidate.grammar, current.grammar))}.`,
  );
  if (!candidate.compiles) {
    out();
    out(`The query does not compile against the candidate: ${candidate.compileError}`);
    out();
    for (const { pattern, message } of candidate.failing)
      out(`- \`${pattern.file}:${pattern.line}\`: ${message.replace(/^.*?query does not compile: /, '')}`);
  }
  const kinds = [...new Set([...current.kinds.keys(), ...candidate.kinds.keys()])].sort();
  const changedKinds = kinds.filter((k) => (current.kinds.get(k) ?? 0) !== (candidate.kinds.get(k) ?? 0));
  if (changedKinds.length) {
    out();
    out('| tag kind | current | candidate | change |');
    out('| --- | ---: | ---: | ---: |');
    for (const k of changedKinds) {
      const x = current.kinds.get(k) ?? 0;
      const y = candidate.kinds.get(k) ?? 0;
      out(`| ${k} | ${x} | ${y} | ${change(x, y)} |`);
    }
  }
  const patternRows = run.patterns
    .map((p, i) => ({
      p,
      x: current.matchesPerPattern[i],
      y: candidate.matchesPerPattern[i],
      kept: candidate.patternMap.includes(i),
    }))
    .filter((r) => r.x !== r.y)
    .sort((r, s) => Math.abs(s.y - s.x) - Math.abs(r.y - r.x) || r.p.line - s.p.line)
    .slice(0, PATTERN_ROWS);
  if (patternRows.length) {
    out();
    out('| pattern (matches differ most) | current | candidate |');
    out('| --- | ---: | ---: |');
    for (const r of patternRows)
      out(`| \`${r.p.file}:${r.p.line}\` \`${firstLine(r.p.text)}\` | ${r.x} | ${r.kept ? r.y : 'does not compile'} |`);
  }
  for (const [title, list] of [
    ['Errors only under the current grammar', run.differs.onlyCurrent],
    ['Errors only under the candidate', run.differs.onlyCandidate],
    ['Errors under both (first error under the current grammar)', run.differs.both],
  ]) {
    out();
    out(`${title}: ${list.length} files${list.length ? '; for example (first error node):' : '.'}`);
    for (const d of list.slice(0, EXAMPLES))
      out(`- ${d.repo} \`${d.path}:${d.line}\` (${d.kind}; ${d.nodes} nodes): \`${d.text}\``);
  }
}
process.stdout.write(lines.join('\n') + '\n');

/** Visible named node types of a grammar, sorted. */
function namedTypes(grammar) {
  const types = new Set();
  for (let id = 0; id < grammar.nodeTypeCount; id++) {
    if (grammar.nodeTypeIsNamed(id) && grammar.nodeTypeIsVisible(id)) types.add(grammar.nodeTypeForId(id));
  }
  return [...types].sort();
}

/** Field names of a grammar, sorted. */
function fieldNames(grammar) {
  const fields = [];
  for (let id = 1; id <= grammar.fieldCount; id++) fields.push(grammar.fieldNameForId(id));
  return fields.sort();
}

function firstLine(text) {
  const line = text.split('\n')[0].trim();
  return (line.length > 70 ? `${line.slice(0, 70)}…` : line).replace(/\|/g, '\\|').replace(/`/g, "'");
}
