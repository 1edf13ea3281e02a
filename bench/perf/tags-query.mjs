#!/usr/bin/env node
// Tags query cost, old query text against new, on the same trees: every file is parsed
// once, then both queries run on its tree (alternating which goes first, every repetition
// in this one process, since the machine is shared and noisy) and the collected tags must
// be identical: definitions, references, imports and messages with their lines, and
// whether the query ran past the tags budget's match limit (a `too-complex` file). Times
// are CPU time of this process (user + system), which another job on the machine disturbs
// less than the clock.
//
//   node bench/perf/tags-query.mjs (--git GIT_DIR [--rev REV] | --dir FOLDER) [options]
//     --lang python,rust     languages to run (default: every language with files)
//     --old-ref main          the revision whose queries/ are the old text (default main)
//     --new FILE              new text for the language's last query file (default: the
//                             working tree's queries/); for trying a variant, one --lang only
//     --reps 3                repetitions per file (medians are over repetitions' totals)
//     --max-files N           stop after N files per language (in path order)
//     --raw                   also time query.matches alone (no collectTags), old vs new
//
// Reads sources with `git ls-tree` / `git cat-file --batch` (nothing is written to disk).
// Imports the built package (dist/: run `npm run build` first). Exits 1 on any difference.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const DIST = join(ROOT, 'dist', 'src');

const { Parser } = await import('web-tree-sitter');
const { loadGrammar } = await import(join(DIST, 'tags/grammar.js'));
const { compileQueryParts } = await import(join(DIST, 'tags/query.js'));
const { collectTags } = await import(join(DIST, 'tags/collect.js'));
const { deadline, deeperThan, TAGS_BUDGET } = await import(join(DIST, 'tags/budget.js'));
const { grammarManifest, languageOf } = await import(join(DIST, 'languages/index.js'));

const args = parseArgs(process.argv.slice(2));
const files = args.git ? readGit(args.git, args.rev) : readDir(args.dir);
const byLanguage = new Map();
for (const file of files) {
  const language = languageOf(file.path, file.text);
  if (!language || (args.langs && !args.langs.includes(language))) continue;
  if (!byLanguage.has(language)) byLanguage.set(language, []);
  byLanguage.get(language).push(file);
}
if (args.newFile && byLanguage.size > 1) fail('--new takes one --lang');

const source = args.git ? `${args.git} @ ${args.rev}` : args.dir;
console.log(
  `# tags query, old (${args.oldRef}) vs new (${args.newFile ?? 'working tree'}) on ${source}; ${args.reps} reps, matchLimit ${TAGS_BUDGET.matchLimit}`,
);
let different = 0;
for (const [language, list] of [...byLanguage].sort()) {
  const chosen = args.maxFiles ? list.slice(0, args.maxFiles) : list;
  different += await runLanguage(language, chosen);
}
process.exit(different > 0 ? 1 : 0);

async function runLanguage(language, list) {
  const grammar = await loadGrammar(language);
  const parts = grammarManifest()[language].queries;
  const oldParts = parts.map((file) => ({
    file: `${args.oldRef}:${file}`,
    source: git(ROOT, ['show', `${args.oldRef}:${file}`]),
  }));
  const newParts = parts.map((file, i) => {
    const path = args.newFile && i === parts.length - 1 ? resolve(args.newFile) : join(ROOT, file);
    return { file: path, source: readFileSync(path, 'utf8') };
  });
  const queries = { old: compileQueryParts(grammar, oldParts), new: compileQueryParts(grammar, newParts) };
  const parser = new Parser();
  parser.setLanguage(grammar);
  const options = { matchLimit: TAGS_BUDGET.matchLimit };

  const total = { old: new Array(args.reps).fill(0), new: new Array(args.reps).fill(0) };
  const raw = { old: new Array(args.reps).fill(0), new: new Array(args.reps).fill(0) };
  let parseMs = 0;
  let checked = 0;
  let skippedDeep = 0;
  let exceeded = 0;
  let bytes = 0;
  let diffs = 0;
  for (let f = 0; f < list.length; f++) {
    const { path, text } = list[f];
    const t0 = cpuMs();
    const tree = parser.parse(text);
    parseMs += cpuMs() - t0;
    if (!tree) continue;
    try {
      const root = tree.rootNode;
      if (deeperThan(root, TAGS_BUDGET.maxTreeDepth)) {
        skippedDeep++;
        continue;
      }
      const outcome = {};
      for (let r = 0; r < args.reps; r++) {
        const order = (r + f) % 2 === 0 ? ['old', 'new'] : ['new', 'old'];
        for (const which of order) {
          const q = queries[which];
          const s = cpuMs();
          // as parseWithinBudget runs it: the match limit and a clock as progress callback
          const tags = collectTags(q, root, text, { ...options, progressCallback: deadline(TAGS_BUDGET.timeMs) });
          total[which][r] += cpuMs() - s;
          const result = { tags, exceeded: q.didExceedMatchLimit() };
          if (r === 0) outcome[which] = result;
          if (args.raw) {
            const s2 = cpuMs();
            q.matches(root, options);
            raw[which][r] += cpuMs() - s2;
          }
        }
      }
      checked++;
      bytes += text.length;
      if (outcome.old.exceeded) exceeded++;
      if (!isDeepStrictEqual(outcome.old, outcome.new)) {
        diffs++;
        if (diffs <= 5) console.log(`DIFFERENT ${language} ${path}\n${describeDiff(outcome.old, outcome.new)}`);
      }
    } finally {
      tree.delete();
    }
  }
  queries.old.delete();
  queries.new.delete();
  parser.delete();

  const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const o = med(total.old);
  const n = med(total.new);
  const line = [
    `${language}: ${checked} files (${(bytes / 1e6).toFixed(1)} MB${skippedDeep ? `, ${skippedDeep} past maxTreeDepth skipped` : ''}${exceeded ? `, ${exceeded} past matchLimit` : ''})`,
    `parse ${parseMs.toFixed(0)} ms`,
    `query+collect old ${o.toFixed(0)} ms, new ${n.toFixed(0)} ms (${(((n - o) / o) * 100).toFixed(1)} %)`,
  ];
  if (args.raw) line.push(`matches only old ${med(raw.old).toFixed(0)} ms, new ${med(raw.new).toFixed(0)} ms`);
  line.push(diffs === 0 ? `tags identical on ${checked} files` : `TAGS DIFFER on ${diffs} of ${checked} files`);
  console.log(line.join('; '));
  console.log(
    `  per-rep old [${total.old.map((x) => x.toFixed(0)).join(', ')}] new [${total.new.map((x) => x.toFixed(0)).join(', ')}]`,
  );
  return diffs;
}

/** CPU milliseconds of this process so far (user + system): steadier than the clock on a shared machine. */
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function describeDiff(a, b) {
  const out = [];
  if (a.exceeded !== b.exceeded) out.push(`  exceeded match limit: old ${a.exceeded}, new ${b.exceeded}`);
  for (const key of ['definitions', 'references', 'imports', 'messages']) {
    const x = new Set(a.tags[key].map((v) => JSON.stringify(v)));
    const y = new Set(b.tags[key].map((v) => JSON.stringify(v)));
    const onlyOld = [...x].filter((v) => !y.has(v));
    const onlyNew = [...y].filter((v) => !x.has(v));
    if (onlyOld.length || onlyNew.length || a.tags[key].length !== b.tags[key].length) {
      out.push(
        `  ${key}: old ${a.tags[key].length}, new ${b.tags[key].length}; only old ${onlyOld.slice(0, 3).join(' ')}; only new ${onlyNew.slice(0, 3).join(' ')}`,
      );
    }
  }
  return out.join('\n');
}

/** Every blob of `rev` in a (bare) git dir, in path order, decoded as UTF-8; binary files (a NUL) are left out. */
function readGit(gitDir, rev) {
  const listing = git(gitDir, ['ls-tree', '-r', '-z', '--full-tree', rev]).split('\0').filter(Boolean);
  const blobs = [];
  for (const entry of listing) {
    const tab = entry.indexOf('\t');
    const [mode, type, oid] = entry.slice(0, tab).split(' ');
    if (type === 'blob' && mode !== '120000') blobs.push({ path: entry.slice(tab + 1), oid });
  }
  const wanted = blobs.filter((b) => languageOf(b.path) !== null || /\.h$/i.test(b.path));
  const out = spawnSync('git', ['--git-dir', gitDir, 'cat-file', '--batch'], {
    input: wanted.map((b) => b.oid).join('\n') + '\n',
    maxBuffer: 4 << 30,
  });
  if (out.status !== 0) fail(`git cat-file failed: ${out.stderr}`);
  const buf = out.stdout;
  const files = [];
  let at = 0;
  for (const blob of wanted) {
    const eol = buf.indexOf(10, at);
    const size = Number(buf.toString('latin1', at, eol).split(' ')[2]);
    const body = buf.subarray(eol + 1, eol + 1 + size);
    at = eol + 1 + size + 1;
    if (body.includes(0)) continue;
    files.push({ path: blob.path, text: body.toString('utf8') });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function readDir(dir) {
  const files = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      if (name === '.git' || name === 'node_modules') continue;
      const p = join(d, name);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else if (s.isFile()) {
        const body = readFileSync(p);
        if (!body.includes(0)) files.push({ path: relative(dir, p), text: body.toString('utf8') });
      }
    }
  };
  walk(resolve(dir));
  return files;
}

function git(dir, argv) {
  return execFileSync('git', ['--git-dir', gitDirOf(dir), ...argv], { encoding: 'utf8', maxBuffer: 1 << 30 });
}

function gitDirOf(dir) {
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', '--git-dir'], { encoding: 'utf8' })
      .trim()
      .replace(/^(?!\/)/, `${dir}/`);
  } catch {
    return dir;
  }
}

function parseArgs(argv) {
  const out = { rev: 'HEAD', oldRef: 'main', reps: 3, langs: undefined, raw: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i] ?? fail(`${a} needs a value`);
    if (a === '--git') out.git = next();
    else if (a === '--rev') out.rev = next();
    else if (a === '--dir') out.dir = next();
    else if (a === '--lang') out.langs = next().split(',');
    else if (a === '--old-ref') out.oldRef = next();
    else if (a === '--new') out.newFile = next();
    else if (a === '--reps') out.reps = Number(next());
    else if (a === '--max-files') out.maxFiles = Number(next());
    else if (a === '--raw') out.raw = true;
    else fail(`unknown argument ${a}`);
  }
  if (!out.git === !out.dir) fail('give one of --git GIT_DIR or --dir FOLDER');
  if (!(Number.isInteger(out.reps) && out.reps >= 1)) fail('--reps must be an integer ≥ 1');
  return out;
}

function fail(message) {
  console.error(`tags-query: ${message}`);
  process.exit(2);
}
