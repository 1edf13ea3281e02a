#!/usr/bin/env node
// Gives an older build this checkout's grammars, so that bench/perf/ab.mjs can time the code
// alone against it: each grammar wasm of grammars/manifest.json is copied over the file of
// the same name in the old build's node_modules/tree-sitter-wasms/out/ (where builds before
// the grammars' own packages load every grammar from), and queries/ is replaced by this
// checkout's. The old build's source and dist/ are left as they are.
//
//   node bench/perf/graft-grammars.mjs OLD_DIR
//
// OLD_DIR: a package root with its node_modules installed (e.g. a worktree of an older
// commit after `npm ci && npm run build`). Its queries/ is rewritten: use a worktree that
// holds nothing else of yours.
import { copyFileSync, cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const old = process.argv[2];
if (!old || process.argv.length !== 3) {
  process.stderr.write('usage: node bench/perf/graft-grammars.mjs OLD_DIR\n');
  process.exit(2);
}
const target = join(resolve(old), 'node_modules/tree-sitter-wasms/out');
if (!existsSync(target)) {
  process.stderr.write(`graft-grammars: ${target} does not exist (install the old build's node_modules first)\n`);
  process.exit(1);
}
const require = createRequire(join(root, 'package.json'));
const manifest = JSON.parse(readFileSync(join(root, 'grammars/manifest.json'), 'utf8'));
for (const [language, entry] of Object.entries(manifest.languages)) {
  const from = join(dirname(require.resolve(`${entry.package}/package.json`)), entry.wasm);
  const to = join(target, basename(entry.wasm));
  copyFileSync(from, to);
  process.stdout.write(`${language}: ${from} -> ${to}\n`);
}
rmSync(join(resolve(old), 'queries'), { recursive: true, force: true });
cpSync(join(root, 'queries'), join(resolve(old), 'queries'), { recursive: true });
process.stdout.write(`queries: ${join(root, 'queries')} -> ${join(resolve(old), 'queries')}\n`);
