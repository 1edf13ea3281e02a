#!/usr/bin/env node
// Import resolution rate per language: for one snapshot per dev-set repository
// (its newest base commit in the dev set, by committer date), every import the
// tags stage found, whether it is intra-repo (by the rules below, which do not
// use the resolver) and whether it resolved (an `import` edge leaves the file
// labelled with that specifier). Uses the built package's public API only:
// `index.tags` and `index.fileGraph` of `buildIndex`.
//
//   node bench/imports.mjs REPOS_DIR [DEV_DIR] > bench/results/imports/TABLE.md
//
// Intra-repo imports, per language (the rules do not use the resolver):
// - Python: relative (`.x`, `..`); or the first dotted name is a top-level
//   package folder (a folder with `__init__.py` whose parent has none), a
//   top-level module or folder at the root or under src/, the project name of a
//   pyproject.toml / setup.cfg / setup.py (`-` → `_`), or, for a file outside
//   any package (a script, a pytest folder), a module beside it.
// - Go: the import path is a module declared by a corpus go.mod, or under one.
// - Rust: `crate::`, `self::`, `super::`, `$crate::`, `mod x;` declarations; or
//   the first segment is a crate of a corpus Cargo.toml (`[package]`/`[lib]`
//   name, `-` → `_`) or a child module the file declares (`mod x;`, inline
//   `mod x { … }`: 2018 uniform paths). `super…` inside an inline module is the
//   file itself ("self": counted apart, never an edge).
// - JavaScript/TypeScript/TSX: relative (`./`, `../`); `#` imports; a key of a
//   tsconfig/jsconfig `paths`; a bare specifier whose package (`name` or
//   `@scope/name`) is the `name` of a corpus package.json; or a path under a
//   tsconfig `baseUrl` folder. A relative path into a folder that holds no
//   corpus file (build output `./dist/…`, skipped assets) is intra-repo but
//   counted apart ("no folder").
// - Java: a prefix of the dotted name (`static` and `.*` dropped) is a package
//   declared by a corpus file.
// Resolution is read from the edges' labels, which keep at most three
// specifiers per (file, target) pair: files where that cut hides some (or that
// repeat a specifier) are re-checked on graphs built with at most three of
// their imports at a time (`resolvedFlags`). The total is checked against
// `index.stats.importsResolved`; a difference is listed under Notes.
// IMPORTS_DEBUG=N prints N intra-repo imports that did not resolve, and N
// other imports that did, per repository (on stderr).
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseCommits, newest } from './dev-snapshots.mjs';
import { libraryOf } from './library.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { GRAPH_DEFAULTS, buildIndex, loadCorpus, locateRepository } = await libraryOf(join(ROOT, 'dist', 'src'));

const [reposArg, devArg] = process.argv.slice(2);
if (!reposArg) {
  process.stderr.write('usage: node bench/imports.mjs REPOS_DIR [DEV_DIR] > bench/results/imports/TABLE.md\n');
  process.exit(2);
}
const reposDir = resolve(reposArg);
const devDir = resolve(devArg ?? join(ROOT, '..', 'shared', 'bench', 'dev'));

/** The dev set's base commits per repository. */
const devCommits = () => baseCommits(devDir);

const LANGUAGE_GROUP = {
  python: 'python',
  go: 'go',
  rust: 'rust',
  java: 'java',
  javascript: 'javascript',
  typescript: 'typescript',
  tsx: 'typescript',
};
const dirOf = (p) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const baseOf = (p) => p.slice(p.lastIndexOf('/') + 1);
const clean = (s) =>
  s
    .trim()
    .replace(/^["'`]|["'`]$/g, '')
    .replace(/;$/, '')
    .trim();

/** JSON with comments and trailing commas (tsconfig.json), or null. */
function parseJsonc(text) {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const m = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(i));
      if (!m) return null;
      out += m[0];
      i += m[0].length - 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2);
      if (i < 0) return null;
      i++;
    } else out += c;
  }
  try {
    return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
  } catch {
    return null;
  }
}

/**
 * The classifier of one corpus' imports (see the header): `(tags, spec)` →
 * 'external', 'intra', 'absent' (intra-repo, but a relative path into a folder
 * with no corpus file: build output, skipped assets) or 'self' (Rust `super`
 * inside an inline module: the importing file itself, never an edge).
 */
function intraRules(index) {
  const files = index.corpus.files;
  const paths = new Set(files.map((f) => f.path));
  const folders = new Set();
  for (const p of paths)
    for (let d = dirOf(p); ; d = dirOf(d)) {
      if (folders.has(d)) break;
      folders.add(d);
      if (d === '') break;
    }
  // Python: top-level packages (and namespace folders) at the root or src/, top-level
  // modules there, and the project names of the manifests.
  const pyPackages = new Set(files.filter((f) => /(^|\/)__init__\.pyi?$/.test(f.path)).map((f) => dirOf(f.path)));
  const pyNames = new Set();
  for (const pkg of pyPackages) if (!pyPackages.has(dirOf(pkg))) pyNames.add(baseOf(pkg));
  for (const f of files) {
    if (!/\.pyi?$/.test(f.path)) continue;
    const segs = f.path.split('/');
    const at = segs[0] === 'src' ? 1 : 0;
    if (segs.length > at) pyNames.add(segs[at].replace(/\.pyi?$/, ''));
  }
  for (const f of files) {
    const b = baseOf(f.path);
    let m = null;
    if (b === 'pyproject.toml')
      m =
        /^\[project\][^[]*?^name\s*=\s*["']([^"']+)["']/ms.exec(f.text) ??
        /^\[tool\.poetry\][^[]*?^name\s*=\s*["']([^"']+)["']/ms.exec(f.text);
    else if (b === 'setup.cfg') m = /^\[metadata\][^[]*?^name\s*=\s*(\S+)/ms.exec(f.text);
    else if (b === 'setup.py') m = /\bname\s*=\s*["']([^"']+)["']/.exec(f.text);
    if (m) pyNames.add(m[1].toLowerCase().replace(/[-.]/g, '_'));
  }
  // Go: modules of the go.mod files.
  const goModules = [];
  for (const f of files) {
    if (baseOf(f.path) !== 'go.mod') continue;
    const m = /^module\s+["`]?([^\s"`]+)/m.exec(f.text);
    if (m) goModules.push(m[1]);
  }
  // Rust: crates of the Cargo.toml files.
  const crates = new Set();
  for (const f of files) {
    if (baseOf(f.path) !== 'Cargo.toml') continue;
    let section = '';
    for (const raw of f.text.split('\n')) {
      const line = raw.replace(/#.*$/, '').trim();
      const h = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
      if (h) section = h[1];
      const kv = /^name\s*=\s*["']([^"']+)["']/.exec(line);
      if (kv && (section === 'package' || section === 'lib')) crates.add(kv[1].replace(/-/g, '_'));
    }
  }
  // JavaScript / TypeScript: workspace package names, tsconfig/jsconfig path aliases and baseUrl folders.
  const jsPackages = new Set();
  const aliases = [];
  const baseUrls = new Set();
  for (const f of files) {
    const b = baseOf(f.path);
    if (b === 'package.json') {
      const name = parseJsonc(f.text)?.name;
      if (typeof name === 'string') jsPackages.add(name);
    } else if (/^(tsconfig|jsconfig)(\..*)?\.json$/.test(b)) {
      const options = parseJsonc(f.text)?.compilerOptions ?? {};
      for (const key of Object.keys(options.paths ?? {})) {
        const [head, tail = ''] = key.split('*');
        aliases.push(
          key.includes('*')
            ? (s) => s.startsWith(head) && s.endsWith(tail) && s.length >= head.length + tail.length
            : (s) => s === key,
        );
      }
      if (typeof options.baseUrl === 'string') {
        const base = options.baseUrl.replace(/^\.\/?/, '').replace(/\/$/, '');
        baseUrls.add(dirOf(f.path) === '' ? base : base === '' ? dirOf(f.path) : `${dirOf(f.path)}/${base}`);
      }
    }
  }
  // Java: packages declared by corpus files (module definitions in Java tags, else the text).
  const javaPackages = new Set();
  for (const t of index.tags) {
    if (t.language !== 'java') continue;
    const d = t.definitions.find((x) => x.kind === 'module');
    const m = d ? null : /^\s*package\s+([\w.\s]+?)\s*;/m.exec(files.find((f) => f.path === t.path)?.text ?? '');
    const pkg = d ? d.name.replace(/\s+/g, '') : m?.[1].replace(/\s+/g, '');
    if (pkg) javaPackages.add(pkg);
  }

  const joinRel = (dir, rel) => {
    const out = dir === '' ? [] : dir.split('/');
    for (const seg of rel.split('/')) {
      if (seg === '' || seg === '.') continue;
      if (seg === '..') out.pop();
      else out.push(seg);
    }
    return out.join('/');
  };

  return (t, specifier, line) => {
    const s = clean(specifier);
    switch (LANGUAGE_GROUP[t.language]) {
      case 'python': {
        if (s.startsWith('.')) return 'intra';
        const first = s.split('.')[0];
        // A script's own folder is on sys.path: its sibling modules are the repository's.
        const sibling =
          !pyPackages.has(dirOf(t.path)) &&
          (paths.has(`${dirOf(t.path) ? dirOf(t.path) + '/' : ''}${first}.py`) ||
            folders.has(`${dirOf(t.path) ? dirOf(t.path) + '/' : ''}${first}`));
        return pyNames.has(first) || sibling ? 'intra' : 'external';
      }
      case 'go':
        return goModules.some((m) => s === m || s.startsWith(m + '/')) ? 'intra' : 'external';
      case 'rust': {
        const inline = t.definitions.filter((d) => d.kind === 'module');
        if (
          /^super(::|$)/.test(s) &&
          !/^super::super/.test(s) &&
          inline.some((d) => d.startLine <= line && line <= d.endLine)
        )
          return 'self';
        if (/^mod\s/.test(s)) return 'intra';
        const first = s.replace(/^::/, '').split('::')[0].replace(/^\{/, '').trim();
        const children = new Set([
          ...t.imports.filter((i) => /^mod\s/.test(i.specifier)).map((i) => i.specifier.slice(4).trim()),
          ...inline.map((d) => d.name),
        ]);
        return ['crate', 'self', 'super', '$crate'].includes(first) || crates.has(first) || children.has(first)
          ? 'intra'
          : 'external';
      }
      case 'javascript':
      case 'typescript': {
        if (s.startsWith('./') || s.startsWith('../') || s === '.' || s === '..') {
          const target = joinRel(dirOf(t.path), s.replace(/[?#].*$/, ''));
          return folders.has(target) || folders.has(dirOf(target)) ? 'intra' : 'absent';
        }
        if (s.startsWith('#') || aliases.some((a) => a(s))) return 'intra';
        const parts = s.split('/');
        const pkg = s.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
        if (jsPackages.has(pkg)) return 'intra';
        return [...baseUrls].some((b) => folders.has(b === '' ? parts[0] : `${b}/${parts[0]}`)) && parts.length > 1
          ? 'intra'
          : 'external';
      }
      case 'java': {
        const segs = s
          .replace(/^static\s+/, '')
          .replace(/\.\*$/, '')
          .split('.');
        for (let n = segs.length; n >= 1; n--) if (javaPackages.has(segs.slice(0, n).join('.'))) return 'intra';
        return 'external';
      }
      default:
        return 'external';
    }
  };
}

/** Per file: the specifiers its outgoing import edges carry, and whether a label was cut. */
function edgeLabels(index) {
  const byFile = new Map();
  index.fileGraph.graph.forEachEdge((_key, attr, source) => {
    if (attr.type !== 'import') return;
    let entry = byFile.get(source);
    if (!entry) byFile.set(source, (entry = { labels: [], cut: false }));
    const m = / and \d+ more$/.exec(attr.label);
    if (m) entry.cut = true;
    entry.labels.push(m ? attr.label.slice(0, m.index) : attr.label);
  });
  return byFile;
}

/** Whether `spec` is one of the ', '-joined specifiers of `label` (specifiers may hold ', ' themselves). */
function labelHas(label, spec) {
  let at = label.indexOf(spec);
  while (at >= 0) {
    const end = at + spec.length;
    if ((at === 0 || label.slice(at - 2, at) === ', ') && (end === label.length || label.slice(end, end + 2) === ', '))
      return true;
    at = label.indexOf(spec, at + 1);
  }
  return false;
}

/** The tags cache key of a file, as IndexOptions.tagsCache documents it (language and git blob id). */
const cacheKey = (f) => `${f.language}:${f.blobId}`;

/**
 * Whether each import of each file resolved (path → one flag per import, in order).
 * From the index's edge labels where they are unambiguous; for a file whose labels
 * were cut (more than three specifiers toward one target) or that repeats a
 * specifier (Rust `use super::*` in two inline modules resolve differently), the
 * graph is rebuilt with at most three distinct specifiers per file at a time
 * (tags without references, so only import edges are computed), until each of
 * its imports has been seen alone among at most two others.
 */
async function resolvedFlags(corpus, index, cache) {
  const labels = edgeLabels(index);
  const flags = new Map();
  const ambiguous = new Map(); // cache key → chunks of import positions
  const keyOfPath = new Map(corpus.files.map((f) => [f.path, cacheKey(f)]));
  for (const t of index.tags) {
    const entry = labels.get(t.path);
    const specs = t.imports.map((s) => s.specifier);
    if (entry?.cut || new Set(specs).size < specs.length) {
      const chunks = [];
      specs.forEach((spec, i) => {
        let chunk = chunks.find((c) => c.length < 3 && c.every((j) => specs[j] !== spec));
        if (!chunk) chunks.push((chunk = []));
        chunk.push(i);
      });
      ambiguous.set(keyOfPath.get(t.path), chunks);
      flags.set(t.path, new Array(specs.length).fill(false));
    } else {
      flags.set(
        t.path,
        specs.map((spec) => entry?.labels.some((l) => labelHas(l, spec)) ?? false),
      );
    }
  }
  const passes = Math.max(0, ...[...ambiguous.values()].map((c) => c.length));
  const light = {
    sameModuleWeight: 0,
    conventionTestWeight: 0,
    importedByTestWeight: 0,
    ...('coChangeWeight' in GRAPH_DEFAULTS ? { coChangeWeight: 0 } : {}),
  };
  for (let p = 0; p < passes; p++) {
    const passCache = new Map();
    for (const [key, entry] of cache) {
      const chunk = ambiguous.get(key)?.[p] ?? [];
      const tags = {
        ...entry.tags,
        definitions: entry.tags.definitions.filter((d) => d.kind === 'module'),
        references: [],
        imports: chunk.map((i) => entry.tags.imports[i]),
      };
      passCache.set(key, { tags, diagnostics: entry.diagnostics });
    }
    const pass = await buildIndex(corpus, { tagsCache: passCache, graph: light });
    const passLabels = edgeLabels(pass);
    for (const t of index.tags) {
      const chunk = ambiguous.get(keyOfPath.get(t.path))?.[p];
      if (!chunk) continue;
      const entry = passLabels.get(t.path);
      for (const i of chunk)
        flags.get(t.path)[i] = entry?.labels.some((l) => labelHas(l, t.imports[i].specifier)) ?? false;
    }
  }
  return { flags, passes, ambiguousFiles: [...index.tags].filter((t) => ambiguous.has(keyOfPath.get(t.path))).length };
}

const commits = devCommits();
const rows = [];
const languageTotals = new Map();
const notes = [];
for (const [repo, set] of [...commits.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
  const gitDir = await locateRepository(reposDir, repo);
  if (gitDir === null) {
    notes.push(`${repo}: not found under ${reposDir}`);
    continue;
  }
  const commit = newest(gitDir, [...set]);
  const started = performance.now();
  const corpus = await loadCorpus({ gitDir, commit });
  const cache = new Map();
  const index = await buildIndex(corpus, { tagsCache: cache });
  const isIntra = intraRules(index);
  const { flags, passes, ambiguousFiles } = await resolvedFlags(corpus, index, cache);
  const perLanguage = new Map();
  let resolvedTotal = 0;
  const examples = { intraUnresolved: [], externalResolved: [] };
  for (const t of index.tags) {
    const lang = LANGUAGE_GROUP[t.language] ?? t.language;
    let c = perLanguage.get(lang);
    if (!c) perLanguage.set(lang, (c = { imports: 0, self: 0, intra: 0, absent: 0, resolved: 0, intraResolved: 0 }));
    t.imports.forEach((spec, i) => {
      c.imports++;
      const kind = isIntra(t, spec.specifier, spec.line);
      const intra = kind === 'intra' || kind === 'absent';
      const resolved = flags.get(t.path)[i];
      if (kind === 'self') c.self++;
      if (intra) c.intra++;
      if (kind === 'absent') c.absent++;
      if (resolved) {
        c.resolved++;
        resolvedTotal++;
        if (intra) c.intraResolved++;
      }
      if (kind === 'intra' && !resolved) examples.intraUnresolved.push(`${t.path}: ${spec.specifier}`);
      if (!intra && resolved) examples.externalResolved.push(`${t.path}: ${spec.specifier}`);
    });
  }
  if (resolvedTotal !== index.stats.importsResolved) {
    notes.push(`${repo}: ${resolvedTotal} imports resolved by edges vs ${index.stats.importsResolved} in index.stats`);
  }
  if (process.env.IMPORTS_DEBUG) {
    for (const [what, list] of Object.entries(examples)) {
      process.stderr.write(
        `  ${what} (${list.length}):\n${list
          .slice(0, Number(process.env.IMPORTS_DEBUG) || 15)
          .map((l) => `    ${l}\n`)
          .join('')}`,
      );
    }
  }
  for (const [lang, c] of perLanguage) {
    if (c.imports === 0) continue;
    rows.push({ repo, commit, lang, ...c });
    const total = languageTotals.get(lang) ?? {
      imports: 0,
      self: 0,
      intra: 0,
      absent: 0,
      resolved: 0,
      intraResolved: 0,
      repos: new Set(),
    };
    for (const k of ['imports', 'self', 'intra', 'absent', 'resolved', 'intraResolved']) total[k] += c[k];
    total.repos.add(repo);
    languageTotals.set(lang, total);
  }
  process.stderr.write(
    `${repo}@${commit.slice(0, 12)}: ${index.stats.imports} imports, ${ambiguousFiles} files re-checked in ${passes} passes, ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

const pct = (a, b) => (b > 0 ? `${((100 * a) / b).toFixed(1)}%` : '–');
const git = (...args) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' }).trim();
const lines = [];
lines.push('# Import resolution per language', '');
lines.push(`- command: \`node bench/imports.mjs ${process.argv.slice(2).join(' ')}\``);
lines.push(
  `- commit: \`${git('rev-parse', 'HEAD')}\`${git('status', '--porcelain', '--untracked-files=no', '--', 'src') ? ' (with uncommitted changes in src/)' : ''}; date ${new Date().toISOString().slice(0, 10)}; node ${process.version}`,
);
lines.push('- one snapshot per dev-set repository: its newest base commit in the dev set (committer date)');
lines.push(
  '- imports: import specifiers the tags stage found (one per `import`, `use`, `require`, `mod x;`); self: Rust `super` inside an inline module (`use super::*` in `mod tests`), the importing file itself, never an edge and left out of intra-repo',
);
lines.push(
  '- intra-repo: by the rules in the header of bench/imports.mjs (manifests, relative paths, path aliases, declared packages; not the resolver); of which no folder: relative paths into a folder without any corpus file (build output such as `./dist/…`, skipped assets)',
);
lines.push(
  '- resolved: an `import` edge leaves the file for that specifier (any import; external imports resolve only when a corpus file has their module path); share: intra-repo resolved / intra-repo; share w/o no-folder: the same without the no-folder imports, which no resolver can reach',
  '',
);
const header =
  '| imports | self | intra-repo | no folder | resolved | intra-repo resolved | share | share w/o no-folder |';
const align = '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';
const cells = (c) =>
  `| ${c.imports} | ${c.self} | ${c.intra} | ${c.absent} | ${c.resolved} | ${c.intraResolved} | ${pct(c.intraResolved, c.intra)} | ${pct(c.intraResolved, c.intra - c.absent)} |`;
lines.push('## Per language', '');
lines.push(`| language | repositories ${header}`);
lines.push(`| --- | ---: ${align}`);
const order = ['python', 'go', 'rust', 'typescript', 'javascript', 'java'];
for (const lang of [...languageTotals.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b))) {
  const t = languageTotals.get(lang);
  lines.push(`| ${lang} | ${t.repos.size} ${cells(t)}`);
}
lines.push('', '## Per repository', '');
lines.push(`| repository | commit | language ${header}`);
lines.push(`| --- | --- | --- ${align}`);
for (const r of rows) lines.push(`| ${r.repo} | \`${r.commit.slice(0, 12)}\` | ${r.lang} ${cells(r)}`);
if (notes.length > 0) lines.push('', '## Notes', '', ...notes.map((n) => `- ${n}`));
process.stdout.write(lines.join('\n') + '\n');
