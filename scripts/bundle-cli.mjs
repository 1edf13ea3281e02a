#!/usr/bin/env node
// The command line as a few files: `npm run build` compiles src/ to dist/src/ (the library,
// which users import module by module), then bundles the CLI's entry points from there into
// dist/cli/ with esbuild. A `rank` that loads a snapshot otherwise spends a fifth of its
// time resolving, reading and linking ~200 modules (bench/NOTES.md, "The command line as a
// bundle"). Code split: each command's modules load only when it runs, and modules shared
// by the entry points are one copy (the parse workers', the stamp worker's and eval's worker
// entries are bundled beside the CLI, where src/tags/parse-worker.ts, src/corpus/stamps.ts and
// src/eval/run.ts look for them).
// What only the command line uses (commander, the MCP SDK with ajv, cli-progress) is a
// devDependency: the bundle holds the one copy, and an install fetches none of it (nor the
// SDK's HTTP servers: 101 packages fewer). The package's dependencies are installed for the
// library (dist/src/) anyway, and the bundle imports them from there, but for COPIED: the
// ones a command loads on its way, which load quicker from the bundle. Loaded from
// node_modules they took a `rank` of the python-inventory fixture +150 ms CPU for zod (95
// ES modules, read with a config file or a cold cache) and +100 ms for @nodelib/fs.walk,
// ignore and fastest-levenshtein (CommonJS, through Node's CommonJS-from-ESM path), which
// is worth ~390 KB on disk twice (bench/NOTES.md, "Which dependencies the bundle copies").
// graphology (one ES module, no cost measured) is imported; so are the WebAssembly
// packages and the native cache driver (they find their files beside their own modules)
// and the tokenizer (4.7 MB of tables, which only a token budget reads).
// dist/bundle-inputs.json says which source modules each output file holds
// (test/unit/cli/bin.test.ts reads it; it is not packed).
//
//   node scripts/bundle-cli.mjs [DIST]   (default: dist beside this folder)
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(process.argv[2] ?? join(root, 'dist'));
const out = join(dist, 'cli');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** Dependencies the bundle holds a copy of, with their own dependencies (above: why). */
const COPIED = ['zod', '@nodelib/fs.walk', 'ignore', 'fastest-levenshtein'];
const entries = {
  main: 'src/cli/main.js',
  run: 'src/cli/run.js',
  worker: 'src/tags/worker.js',
  'stamp-worker': 'src/corpus/stamp-worker.js',
  'run-worker': 'src/eval/run-worker.js',
};
// chunk names carry content hashes: an earlier build's chunks would stay beside the new ones
rmSync(out, { recursive: true, force: true });
const result = await build({
  entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, join(dist, file)])),
  outdir: out,
  bundle: true,
  splitting: true,
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
  chunkNames: 'chunk-[hash]',
  metafile: true,
  logLevel: 'warning',
});
const inputs = Object.fromEntries(
  Object.entries(result.metafile.outputs)
    .map(([file, o]) => [
      relative(out, resolve(file)),
      Object.keys(o.inputs)
        .map((i) => relative(root, resolve(i)))
        .sort(),
    ])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(join(dist, 'bundle-inputs.json'), JSON.stringify(inputs, null, 1) + '\n');
