#!/usr/bin/env node
// The command line as a few files: `npm run build` compiles src/ to dist/src/ (the library,
// which users import module by module), then bundles the CLI's entry points from there into
// dist/cli/ with esbuild. A `rank` that loads a snapshot otherwise spends a fifth of its
// time resolving, reading and linking ~200 modules (bench/NOTES.md, "The command line as a
// bundle"). Code split: each command's modules load only when it runs, and modules shared
// by the commands are one copy. The parse workers', the stamp worker's and eval's worker
// entries are one file each, beside the CLI, where src/tags/parse-worker.ts,
// src/corpus/stamps.ts and src/eval/run.ts look for them.
// What only the command line uses (commander, the MCP SDK with ajv, cli-progress) is a
// devDependency: the bundle holds the one copy, and an install fetches none of it (nor the
// SDK's HTTP servers: 101 packages fewer). The package's dependencies are installed for the
// library (dist/src/) anyway, and the bundle imports them from there, but for COPIED: the
// ones a command loads on its way, which load quicker from the bundle. Loaded from
// node_modules they took a `rank` of the python-inventory fixture +150 ms CPU for zod (95
// ES modules, read with a config file or a cold cache) and +100 ms for @nodelib/fs.walk,
// ignore and fastest-levenshtein (CommonJS, through Node's CommonJS-from-ESM path), which
// is worth ~390 KB on disk twice (bench/NOTES.md, "Which dependencies the bundle copies").
// graphology (one ES module, 178 KB) is copied too: a warm `rank` loads it, and from
// node_modules it was one more module to resolve and link. The WebAssembly packages and
// the native cache driver are imported (they find their files beside their own modules),
// and so is the tokenizer (4.7 MB of tables, which only a token budget reads).
// The command line imports the library through the package's entries only (src/index.ts,
// src/unstable.ts, src/eval/index.ts: .dependency-cruiser.cjs, cli-through-the-entry), which
// only re-export. esbuild splits code by module, not by name: a command module importing an
// entry would import every chunk the entry re-exports from (measured: `repomap --help` then
// loaded the index builder, the MCP keeper and the heap setter), so the bundle binds each name
// imported from an entry to the module the entry re-exports it from (`entryImports`).
// dist/bundle-inputs.json says which source modules each output file holds
// (test/unit/cli/bin.test.ts reads it; it is not packed).
//
//   node scripts/bundle-cli.mjs [DIST]   (default: dist beside this folder)
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(process.argv[2] ?? join(root, 'dist'));
const out = join(dist, 'cli');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** Dependencies the bundle holds a copy of, with their own dependencies (above: why). */
const COPIED = ['zod', '@nodelib/fs.walk', 'ignore', 'fastest-levenshtein', 'graphology'];
const entries = {
  main: 'src/cli/main.js',
  run: 'src/cli/run.js',
  worker: 'src/tags/worker.js',
  'stamp-worker': 'src/corpus/stamp-worker.js',
  'run-worker': 'src/eval/run-worker.js',
};
/** The entries the commands start from; the others are workers. */
const COMMANDS = ['main', 'run'];
/** The package's entries (package.json `exports`), which only re-export. */
const ENTRIES = ['src/index.js', 'src/unstable.js', 'src/eval/index.js'].map((file) => join(dist, file));

/** An entry's names: each to the module it re-exports it from and its name there. */
function reExports(entry) {
  const text = readFileSync(entry, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const names = new Map();
  for (const statement of text.split(';').map((s) => s.trim())) {
    if (statement === '') continue;
    const m = /^export \{([^}]*)\} from '(\.[^']+)'$/.exec(statement);
    if (!m)
      throw new Error(`bundle-cli: ${relative(dist, entry)} is an entry, which only re-exports by name: ${statement}`);
    for (const spec of m[1].split(',').map((s) => s.trim())) {
      if (spec === '') continue;
      const [own, name = own] = spec.split(/\s+as\s+/);
      names.set(name, { file: resolve(dirname(entry), m[2]), own });
    }
  }
  return names;
}

/** The specifier of `file` from a module at `from`. */
function specifier(from, file) {
  const path = relative(dirname(from), file).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * esbuild plugin: in the library's modules, `import { a, b as c } from '../index.js'` (an
 * entry) becomes one import per module the entry re-exports from. Any other import of an
 * entry (a namespace, a dynamic import: all of it would load) fails the build.
 */
const entryImports = {
  name: 'entry-imports',
  setup(b) {
    const names = new Map();
    const namesOf = (entry) => names.get(entry) ?? names.set(entry, reExports(entry)).get(entry);
    b.onLoad({ filter: /\.js$/ }, (args) => {
      if (!args.path.startsWith(join(dist, 'src') + sep) || ENTRIES.includes(args.path)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const entryOf = (spec) => {
        const target = spec.startsWith('.') ? resolve(dirname(args.path), spec) : null;
        return target !== null && ENTRIES.includes(target) ? target : null;
      };
      const bound = source.replace(/\bimport\s*\{([^}]*)\}\s*from\s*'([^']+)';/g, (statement, list, spec) => {
        const entry = entryOf(spec);
        if (entry === null) return statement;
        const byModule = new Map();
        for (const item of list.split(',').map((s) => s.trim())) {
          if (item === '') continue;
          const [name, local = name] = item.split(/\s+as\s+/);
          const from = namesOf(entry).get(name);
          if (!from)
            throw new Error(
              `bundle-cli: ${relative(dist, args.path)} imports ${name}, which ${relative(dist, entry)} does not export`,
            );
          const list = byModule.get(from.file) ?? byModule.set(from.file, []).get(from.file);
          list.push(from.own === local ? local : `${from.own} as ${local}`);
        }
        return [...byModule]
          .map(([file, list]) => `import { ${list.join(', ')} } from '${specifier(args.path, file)}';`)
          .join('\n');
      });
      for (const [, spec] of bound.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)'([^']+)'/g)) {
        if (entryOf(spec) !== null)
          throw new Error(
            `bundle-cli: ${relative(dist, args.path)} imports ${spec} other than by name: all of it would load`,
          );
      }
      return bound === source ? undefined : { contents: bound, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

// chunk names carry content hashes: an earlier build's chunks would stay beside the new ones
rmSync(out, { recursive: true, force: true });
const common = {
  outdir: out,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // a package named here is external with its subpaths
  external: Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }).filter(
    (name) => !COPIED.includes(name),
  ),
  // bundled CommonJS packages call require() for Node's own modules
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  metafile: true,
  logLevel: 'warning',
  plugins: [entryImports],
};
const entryPointsOf = (names) => Object.fromEntries(names.map((name) => [name, join(dist, entries[name])]));
// The commands split into chunks; each worker is one file of its own. Chunks shared by the
// commands and the workers were a dozen files of a few hundred bytes each on every command's
// way (a module costs its resolution and linking however small it is).
const results = [
  await build({ ...common, entryPoints: entryPointsOf(COMMANDS), splitting: true, chunkNames: 'chunk-[hash]' }),
  ...(await Promise.all(
    Object.keys(entries)
      .filter((name) => !COMMANDS.includes(name))
      .map((name) => build({ ...common, entryPoints: entryPointsOf([name]), splitting: false })),
  )),
];
const inputs = Object.fromEntries(
  results
    .flatMap((r) => Object.entries(r.metafile.outputs))
    .map(([file, o]) => [
      relative(out, resolve(file)),
      Object.keys(o.inputs)
        .map((i) => relative(root, resolve(i)))
        .sort(),
    ])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(join(dist, 'bundle-inputs.json'), JSON.stringify(inputs, null, 1) + '\n');
