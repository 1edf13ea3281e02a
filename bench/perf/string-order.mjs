#!/usr/bin/env node
// What the one string order costs: repomap sorts and searches strings in byte order
// (`compareByteOrder`, src/text/order.ts), where JavaScript's `<` and a bare `.sort()`
// compare UTF-16 code units natively. The paths of the given git repositories (HEAD, as
// `git ls-tree` lists them), shuffled, are sorted by each comparator; so are the words of
// those paths (what the symbol and term tables sort) and the same paths with characters
// from U+E000 up in every one (the slow path: both strings hold such a unit, so the
// comparator cannot hand over to `<`). Also `sortedOrder` (src/text/sorted-names.ts), which
// a build runs on every symbol name and BM25 word, against its former code-unit form.
//
// Each figure is one sort in a fresh process (a comparator's speed depends on the type
// feedback V8 gathered: a process that sorted only one-byte strings is not one that met
// two-byte ones too), `fresh`: that list alone; `mixed`: the process first sorts a slice
// of each list with the same comparator, as a build meets paths, names and now and then a
// non-ASCII one. Comparators and lists alternate within each round.
//
//   node bench/perf/string-order.mjs [--count 100000] [--rounds 5] [--out FILE] GIT_DIR...
//
// Runs the built package (dist/: `npm run build` first). Writes the table (default
// bench/perf/STRING-ORDER.md).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './summary.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    count: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '5' },
    out: { type: 'string', default: join(HERE, 'STRING-ORDER.md') },
    child: { type: 'string' },
  },
});

const LISTS = ['paths', 'words of the paths', 'paths with U+FF44… and U+1F600/U+FF5E'];
const SORTS = [
  'bare `.sort()`',
  '`<` (code units, before)',
  'loop only (byte order, before)',
  'compareByteOrder (now)',
  '`sortedOrder`, code units (before)',
  '`sortedOrder`, byte order (now)',
];
/** The sorts each list is measured with: `sortedOrder` on the words only. */
const sortsOf = (list) => SORTS.filter((s) => !s.startsWith('`sortedOrder`') || list === LISTS[1]);

if (values.child) {
  const { file, list, sort, mode } = JSON.parse(values.child);
  process.stdout.write(JSON.stringify(await measure(JSON.parse(readFileSync(file, 'utf8')), list, sort, mode)));
} else {
  if (positionals.length === 0) fail('give one or more git repositories (bare or not)');
  const count = Number(values.count);
  const rounds = Number(values.rounds);
  const listed = [];
  for (const dir of positionals) {
    const out = execFileSync('git', ['-C', dir, 'ls-tree', '-r', '-z', '--name-only', 'HEAD'], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    for (const p of out.split('\0')) if (p) listed.push(p);
  }
  const paths = shuffled([...new Set(listed)]).slice(0, count);
  const words = shuffled([...new Set(paths.flatMap((p) => p.split(/[/._-]+/)).filter(Boolean))]);
  // a fullwidth folder in front (U+FF44 …) and an emoji or U+FF5E next: every pair compares the slow way
  const high = paths.map((p, i) => `\uFF44\uFF4F\uFF43\uFF53/${i % 2 ? '\u{1F600}' : '\uFF5E'}/${p}`);
  const temp = mkdtempSync(join(tmpdir(), 'repomap-string-order-'));
  const file = join(temp, 'lists.json');
  writeFileSync(file, JSON.stringify({ [LISTS[0]]: paths, [LISTS[1]]: words, [LISTS[2]]: high }));

  const load = [loadavg()[0]];
  const times = new Map();
  try {
    for (let round = 0; round < rounds; round++) {
      for (const mode of ['fresh', 'mixed'])
        for (const list of LISTS)
          for (const sort of sortsOf(list)) {
            const child = JSON.stringify({ file, list, sort, mode });
            const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', child], {
              encoding: 'utf8',
            });
            if (r.status !== 0) fail(`${list}, ${sort}: ${r.stderr.slice(-800)}`);
            const key = `${mode}|${list}|${sort}`;
            times.set(key, [...(times.get(key) ?? []), JSON.parse(r.stdout)]);
          }
      process.stderr.write(`   round ${round + 1}/${rounds}\n`);
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  load.push(loadavg()[0]);

  const ms = (mode, list, sort) => median(times.get(`${mode}|${list}|${sort}`));
  const rows = LISTS.flatMap((list) =>
    sortsOf(list).map((sort) => {
      const base = sort.startsWith('`sortedOrder`') ? SORTS[4] : SORTS[1];
      const cells = ['fresh', 'mixed'].flatMap((mode) => {
        const t = ms(mode, list, sort);
        return [t.toFixed(1), (t / ms(mode, list, base)).toFixed(2)];
      });
      return `| ${list} | ${sort} | ${cells.join(' | ')} |`;
    }),
  );
  const lines = [
    '# Sorting strings in byte order',
    '',
    `- Command: \`node bench/perf/string-order.mjs --count ${count} --rounds ${rounds} ${positionals.join(' ')}\``,
    `- Commit: \`${git('rev-parse', '--short', 'HEAD')}\`; date ${new Date().toISOString()}; ${cpus().length} cores, node ${process.version}; load average (1 min) ${load[0].toFixed(1)} at start, ${load[1].toFixed(1)} at end`,
    `- ${paths.length} distinct paths (shuffled), ${words.length} distinct words of them. Each figure: one sort in a fresh process, milliseconds, the median over ${rounds} rounds, and its ratio to \`<\` (for \`sortedOrder\`: to its code-unit form) in the same mode. \`fresh\`: the process sorts that list only; \`mixed\`: it sorted a slice of every list with the same comparator first.`,
    '',
    '| list | sort | fresh ms | × `<` | mixed ms | × `<` |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...rows,
  ];
  writeFileSync(values.out, `${lines.join('\n')}\n`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** One sort of `list` by `sort` in this process, in milliseconds. */
async function measure(lists, list, sort, mode) {
  const { compareByteOrder } = await import(join(ROOT, 'dist/src/text/order.js'));
  const { sortedOrder } = await import(join(ROOT, 'dist/src/text/sorted-names.js'));
  const run = {
    [SORTS[0]]: (xs) => xs.sort(),
    [SORTS[1]]: (xs) => xs.sort(codeUnits),
    [SORTS[2]]: (xs) => xs.sort(loopOnly),
    [SORTS[3]]: (xs) => xs.sort(compareByteOrder),
    [SORTS[4]]: (xs) => sortedOrderByUnits(xs),
    [SORTS[5]]: (xs) => sortedOrder(xs),
  }[sort];
  if (mode === 'mixed') for (const name of LISTS) run(lists[name].slice(0, 10_000));
  const copy = lists[list].slice();
  const start = process.hrtime.bigint();
  const sorted = run(copy);
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (sort === SORTS[3]) inByteOrder(sorted, list);
  if (sort === SORTS[5])
    inByteOrder(
      Array.from(sorted, (i) => copy[i]),
      list,
    );
  return elapsed;
}

/** The former `compareCodeUnits`: JavaScript's `<`. */
function codeUnits(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The former `compareByteOrder`: a loop over the code units, whatever the strings. */
function loopOnly(a, b) {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800) x = x <= 0xdfff ? x + 0x2000 : x - 0x800;
    if (y >= 0xd800) y = y <= 0xdfff ? y + 0x2000 : y - 0x800;
    return x - y;
  }
  return a.length - b.length;
}

/** The former `sortedOrder`, in code-unit order. */
function sortedOrderByUnits(names) {
  const order = Int32Array.from(names, (_, i) => i);
  return order.sort((a, b) => (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : a - b));
}

/** A sort in byte order must be the sort of the UTF-8 bytes. */
function inByteOrder(sorted, list) {
  for (let i = 1; i < sorted.length; i++)
    if (Buffer.compare(Buffer.from(sorted[i - 1]), Buffer.from(sorted[i])) > 0)
      fail(`${list}: not in byte order at ${i}: ${JSON.stringify(sorted[i - 1])} > ${JSON.stringify(sorted[i])}`);
}

function shuffled(list) {
  let seed = 49;
  for (let i = list.length - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = seed % (i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

function git(...args) {
  return execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' }).trim();
}

function fail(message) {
  process.stderr.write(`string-order: ${message}\n`);
  process.exit(1);
}
