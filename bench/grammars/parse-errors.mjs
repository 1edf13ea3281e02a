#!/usr/bin/env node
// Parse-error rate and parse speed per language, old grammar set against new, in one run.
//
//   npm run build
//   node bench/grammars/parse-errors.mjs SOURCE [SOURCE…] [--languages a,b] [--examples N] > PARSE-ERRORS.md
//
// A SOURCE is a repository folder, or `GIT_DIR@COMMIT` (a bare git directory and a
// commit), which is extracted with `git archive COMMIT | tar -x` into a temporary folder
// and removed after. Each is read with the public `loadCorpus` (the corpus rules apply:
// vendored, ignored, binary, minified and oversized files are left out, and each file's
// language is the one the index gives it).
//
// The new set is `grammars/manifest.json` (each language's wasm in the package it names);
// the old set is tree-sitter-wasms 0.1.13 for every language (`out/<same file name>`),
// which stays installed. Each file is parsed by both grammars back to back, in
// alternating order, so machine noise falls on both alike; one thread, no workers.
// "Error files" are files whose tree has an ERROR or MISSING node (what the index reports
// as `parse-error`). MB/s is the file bytes over the summed `parser.parse` time (the tags
// query is not timed: it is the same query on both). Progress goes to stderr.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { libraryOf } from '../library.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { loadCorpus, LANGUAGES, grammarManifest, grammarWasmPath, initRuntime } = await libraryOf(
  join(ROOT, 'dist', 'src'),
);
// The same web-tree-sitter module instance the tags stage uses.
const { Language, Parser } = await import('web-tree-sitter');

const OLD_PACKAGE = 'tree-sitter-wasms';
const USAGE =
  'usage: node bench/grammars/parse-errors.mjs FOLDER|GIT_DIR@COMMIT [...] [--languages a,b] [--examples N]\n';

function fail(message) {
  process.stderr.write(`bench/grammars/parse-errors: ${message}\n${USAGE}`);
  process.exit(2);
}

/** The arguments, read with node:util's parseArgs (options anywhere, the sources positional). */
function parseArguments(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { languages: { type: 'string' }, examples: { type: 'string', default: '3' } },
    });
  } catch (error) {
    fail(error.message);
  }
  const { values, positionals } = parsed;
  const languages = values.languages === undefined ? [...LANGUAGES] : values.languages.split(',').filter(Boolean);
  for (const l of languages)
    if (!LANGUAGES.includes(l)) fail(`unknown language "${l}" (known: ${LANGUAGES.join(', ')})`);
  const examples = Number(values.examples);
  if (!Number.isInteger(examples) || examples < 0) fail('--examples takes a whole number ≥ 0');
  const sources = positionals.map((a) => {
    const at = a.lastIndexOf('@');
    const gitDir = at > 0 ? a.slice(0, at) : undefined;
    if (gitDir !== undefined && existsSync(join(gitDir, 'HEAD')))
      return { gitDir: resolve(gitDir), commit: a.slice(at + 1) };
    if (existsSync(a) && statSync(a).isDirectory()) return { folder: resolve(a) };
    return fail(`${a} is neither a folder nor GIT_DIR@COMMIT`);
  });
  if (sources.length === 0) fail('name at least one folder or GIT_DIR@COMMIT');
  return { sources, languages, examples };
}

const args = parseArguments(process.argv.slice(2));
const pct = (n, d) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);
const num = (n) => n.toLocaleString('en-US').replace(/,/g, ' ');
const mb = (bytes) => bytes / 1e6;
const log = (line) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------- grammar sets

const oldFolder = dirname(createRequire(join(ROOT, 'package.json')).resolve(`${OLD_PACKAGE}/package.json`));
const oldVersion = JSON.parse(readFileSync(join(oldFolder, 'package.json'), 'utf8')).version;
await initRuntime();

/** Old and new grammar of a language: label, Parser; `same` when both are one file. */
async function grammarPair(language) {
  const entry = grammarManifest()[language];
  const newWasm = grammarWasmPath(language);
  const oldWasm = join(oldFolder, 'out', basename(entry.wasm));
  const make = async (wasm, label) => {
    const parser = new Parser();
    const grammar = await Language.load(wasm);
    parser.setLanguage(grammar);
    return { label, abi: grammar.abiVersion, parser };
  };
  const old = await make(oldWasm, `${OLD_PACKAGE}@${oldVersion}`);
  const same = newWasm === oldWasm;
  const now = same ? old : await make(newWasm, `${entry.package}@${entry.packageVersion}`);
  return { old, now, same };
}

// ---------------------------------------------------------------- parsing

/** Time one parse; returns the tree's error status and the milliseconds. */
function timedParse(parser, text) {
  const start = performance.now();
  const tree = parser.parse(text);
  const ms = performance.now() - start;
  const hasError = tree.rootNode.hasError;
  tree.delete();
  return { hasError, ms };
}

const emptyStats = () => ({
  files: 0,
  bytes: 0,
  old: { errorFiles: 0, ms: 0 },
  now: { errorFiles: 0, ms: 0 },
  fixed: [],
  broken: [],
});
/** `${language}` → totals; `${repo}\t${language}` → per-repository rows. */
const totals = new Map();
const perRepo = new Map();
const pairs = new Map();

function add(map, key, file, result) {
  if (!map.has(key)) map.set(key, emptyStats());
  const s = map.get(key);
  s.files++;
  s.bytes += file.size;
  for (const side of ['old', 'now']) {
    s[side].ms += result[side].ms;
    if (result[side].hasError) s[side].errorFiles++;
  }
  if (result.old.hasError && !result.now.hasError) s.fixed.push(file.path);
  if (!result.old.hasError && result.now.hasError) s.broken.push(file.path);
}

async function measure(name, folder) {
  const corpus = await loadCorpus({ folder });
  let n = 0;
  for (const [index, file] of corpus.files.entries()) {
    const language = file.language;
    if (!language || !args.languages.includes(language) || typeof file.text !== 'string') continue;
    if (!pairs.has(language)) pairs.set(language, await grammarPair(language));
    const pair = pairs.get(language);
    const result = {};
    // Alternate which grammar parses first.
    const order = index % 2 === 0 ? ['old', 'now'] : ['now', 'old'];
    for (const side of order)
      result[side] = pair.same && side === order[1] ? result[order[0]] : timedParse(pair[side].parser, file.text);
    add(totals, language, file, result);
    add(perRepo, `${name}\t${language}`, file, result);
    n++;
  }
  log(`${name}: ${n} files`);
}

/**
 * `git archive COMMIT | tar -x` into `dir`. A mirror may lack a blob (a partial clone): the
 * archive then fails naming its path, which is excluded and the archive made again.
 * Returns the paths left out.
 */
function extract(gitDir, commit, dir) {
  const missing = [];
  for (;;) {
    const excludes = missing.map((path) => `:(exclude,literal)${path}`);
    const script = 'set -o pipefail; git --git-dir "$1" archive "$2" -- . "${@:4}" | tar -x -C "$3"';
    try {
      execFileSync('bash', ['-c', script, 'extract', gitDir, commit, dir, ...excludes], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      return missing;
    } catch (error) {
      const lacked = /invalid object \S+ \S+ for '([^']+)'/.exec(String(error.stderr));
      if (!lacked || missing.includes(lacked[1]) || missing.length >= 100) throw error;
      missing.push(lacked[1]);
    }
  }
}

const started = performance.now();
const names = [];
/** Per extracted repository, the blobs its mirror lacks. */
const leftOut = [];
for (const source of args.sources) {
  if (source.folder) {
    names.push(basename(source.folder));
    await measure(basename(source.folder), source.folder);
    continue;
  }
  // A mirror is `<owner>+<name>/repo` (or `…/repo/.git`): name it by the folder above.
  let top = source.gitDir.replace(/\/+$/, '');
  while (/\/(repo|\.git)$/.test(top)) top = dirname(top);
  const name = `${basename(top)}@${source.commit.slice(0, 10)}`;
  names.push(name);
  const dir = mkdtempSync(join(tmpdir(), 'parse-errors-'));
  try {
    const missing = extract(source.gitDir, source.commit, dir);
    if (missing.length > 0) leftOut.push(`${name}: ${missing.map((m) => `\`${m}\``).join(', ')}`);
    if (missing.length > 0)
      log(
        `${name}: ${missing.length} blobs the mirror lacks left out (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''})`,
      );
    await measure(name, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const seconds = (performance.now() - started) / 1000;

// ---------------------------------------------------------------- report

const speed = (s, side) => (s[side].ms === 0 ? '–' : (mb(s.bytes) / (s[side].ms / 1000)).toFixed(2));
const out = [];
out.push(
  '| language | old grammar | new grammar | files | MB | error files, old | error files, new | MB/s old | MB/s new |',
);
out.push('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const language of LANGUAGES) {
  const s = totals.get(language);
  if (!s) continue;
  const p = pairs.get(language);
  const newLabel = p.same ? '(same)' : `${p.now.label} (ABI ${p.now.abi})`;
  out.push(
    `| ${language} | ${p.old.label} (ABI ${p.old.abi}) | ${newLabel} | ${num(s.files)} | ${mb(s.bytes).toFixed(1)} | ` +
      `${num(s.old.errorFiles)} (${pct(s.old.errorFiles, s.files)}) | ${num(s.now.errorFiles)} (${pct(s.now.errorFiles, s.files)}) | ${speed(s, 'old')} | ${speed(s, 'now')} |`,
  );
}
const all = emptyStats();
for (const s of totals.values()) {
  all.files += s.files;
  all.bytes += s.bytes;
  for (const side of ['old', 'now']) {
    all[side].errorFiles += s[side].errorFiles;
    all[side].ms += s[side].ms;
  }
}
out.push(
  `| all | | | ${num(all.files)} | ${mb(all.bytes).toFixed(1)} | ${num(all.old.errorFiles)} (${pct(all.old.errorFiles, all.files)}) | ` +
    `${num(all.now.errorFiles)} (${pct(all.now.errorFiles, all.files)}) | ${speed(all, 'old')} | ${speed(all, 'now')} |`,
);
out.push('');
out.push('Per repository:');
out.push('');
out.push('| repository | language | files | error files, old | error files, new | MB/s old | MB/s new |');
out.push('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
for (const [key, s] of perRepo) {
  const [repo, language] = key.split('\t');
  out.push(
    `| ${repo} | ${language} | ${num(s.files)} | ${num(s.old.errorFiles)} (${pct(s.old.errorFiles, s.files)}) | ${num(s.now.errorFiles)} (${pct(s.now.errorFiles, s.files)}) | ${speed(s, 'old')} | ${speed(s, 'now')} |`,
  );
}
if (args.examples > 0) {
  out.push('');
  out.push('Files whose status changed (first few per repository and language):');
  out.push('');
  for (const [key, s] of perRepo) {
    if (s.fixed.length === 0 && s.broken.length === 0) continue;
    const [repo, language] = key.split('\t');
    const list = (files) =>
      files
        .slice(0, args.examples)
        .map((f) => `\`${f}\``)
        .join(', ') + (files.length > args.examples ? ', …' : '');
    if (s.fixed.length) out.push(`- ${repo} (${language}): ${s.fixed.length} parse clean now: ${list(s.fixed)}`);
    if (s.broken.length) out.push(`- ${repo} (${language}): ${s.broken.length} have errors now: ${list(s.broken)}`);
  }
}
if (leftOut.length > 0) out.push('', `Blobs the mirrors lack, left out of the archive: ${leftOut.join('; ')}.`);
out.push('');
out.push(`${names.length} repositories, ${seconds.toFixed(0)} s, Node ${process.version}.`);
process.stdout.write(`${out.join('\n')}\n`);
