#!/usr/bin/env node
// Which grammar reads a `.h` header: every `.h` file under each folder (read with
// `loadCorpus`, so the corpus rules apply) is parsed with the C grammar and with the C++
// grammar, and the rule of `src/languages/c.ts` (a header is C++ when its text shows
// C++) says which it gets. Per folder: headers, files with an ERROR or MISSING node under
// each grammar, under the grammar the rule picks, and how many the rule sends to C++.
//
//   npm run build
//   node bench/headers.mjs FOLDER [FOLDER…] > table.md
//
// The tags stage has no public way to parse a file with a grammar other than its own,
// so this script imports the stage's grammar loader from dist/.
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => import(join(ROOT, 'dist', 'src', p));
const { loadCorpus } = await dist('index.js');
const { languageOf } = await dist('languages/index.js');
const { initRuntime, loadGrammar } = await dist('tags/grammar.js');
const { countErrorNodes } = await dist('tags/syntax-errors.js');
const { Parser } = await import('web-tree-sitter');

const folders = process.argv.slice(2);
if (folders.length === 0 || folders.some((f) => f.startsWith('-') || !existsSync(f) || !statSync(f).isDirectory())) {
  process.stderr.write('usage: node bench/headers.mjs FOLDER [FOLDER…]\n');
  process.exit(2);
}

await initRuntime();
const parsers = {};
for (const language of ['c', 'cpp']) {
  parsers[language] = new Parser();
  parsers[language].setLanguage(await loadGrammar(language));
}

/** Whether `text` parses with an ERROR or MISSING node under `language`'s grammar. */
function hasErrors(language, text) {
  const tree = parsers[language].parse(text);
  try {
    return countErrorNodes(tree.rootNode) > 0;
  } finally {
    tree.delete();
  }
}

const pct = (n, d) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);
process.stdout.write(
  '| folder | headers | read as C++ | errors, C grammar | errors, C++ grammar | errors, grammar the rule picks |\n',
);
process.stdout.write('| --- | ---: | ---: | ---: | ---: | ---: |\n');
for (const folder of folders) {
  const corpus = await loadCorpus({ folder: resolve(folder) });
  const headers = corpus.files.filter((f) => f.path.toLowerCase().endsWith('.h'));
  let cpp = 0;
  const errors = { c: 0, cpp: 0, picked: 0 };
  for (const f of headers) {
    const picked = languageOf(f.path, f.text);
    if (picked === 'cpp') cpp++;
    const e = { c: hasErrors('c', f.text), cpp: hasErrors('cpp', f.text) };
    if (e.c) errors.c++;
    if (e.cpp) errors.cpp++;
    if (e[picked]) errors.picked++;
  }
  const n = headers.length;
  process.stdout.write(
    `| ${basename(resolve(folder))} | ${n} | ${cpp} | ${errors.c} (${pct(errors.c, n)}) | ${errors.cpp} (${pct(errors.cpp, n)}) | ${errors.picked} (${pct(errors.picked, n)}) |\n`,
  );
}
