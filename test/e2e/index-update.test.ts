/**
 * `index.update(corpus)` (a build with the index as `previous`) updates the earlier graph
 * in place where it can (issue 6, re-index). Whatever the edits, the updated index must be
 * the index a fresh build of the same files gives: the same edges with the same weights
 * and labels, the same symbol table and stats, and byte-identical rankings, spans and
 * explanations. Edits are drawn at random from each fixture repository's own files
 * (one file's content replaced by another's, cut in half, emptied, grown by another's
 * text, one line doubled; files added and removed; manifests and docs edited), applied
 * in a chain, each step checked against a fresh build.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus, type Index, type Query, type RepoMapResult, type Task } from '../../src/index.js';
import type { GraphOptions } from '../../src/unstable.js';
import { edgeOf } from '../../src/graph/index.js';

const REPOS = join(import.meta.dirname, '../../fixtures/repos');
const CASES = join(import.meta.dirname, '../../fixtures/cases');
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function copyOf(repo: string): string {
  const dir = mkdtempSync(join(tmpdir(), `repomap-update-${repo}-`));
  made.push(dir);
  cpSync(join(REPOS, repo), dir, { recursive: true });
  return dir;
}

const casesOf = (repo: string): { task: Task; query: Query }[] =>
  JSON.parse(readFileSync(join(CASES, `${repo}.json`), 'utf8'));

/** Everything an index answers with, timings left out. */
function observed(index: Index, queries: { task: Task; query: Query }[]): unknown {
  const { graph, symbols, imports, edgeCounts } = index.fileGraph;
  // (an updated graph and a fresh build key their edges differently: compared by what they link)
  const edges = graph
    .mapEdges((_key, a, source, target) => [`${a.type}:${source}->${target}`, a.weight, a.label] as const)
    .sort((x, y) => (x[0] < y[0] ? -1 : 1));
  const names = [...new Set(index.tags.flatMap((t) => [...t.definitions, ...t.references].map((x) => x.name)))].sort();
  const { timingsMs: _t, cache: _c, ...stats } = index.stats;
  const ranked = queries.map(({ task, query }) => {
    const r: RepoMapResult = index.rank(query, { task });
    const top = r.files[0]?.path;
    return {
      ...r,
      stats: { ...r.stats, timingsMs: null, rankMs: null, cache: null },
      explain: top ? index.explain(query, top, { task }) : null,
    };
  });
  return {
    edges,
    // what the next update merges into: the non-shared-symbol edges, in order
    otherEdges: index.fileGraph.basis.otherEdges.map((e) => [e.type, e.source, e.target, e.weight, e.label]),
    imports,
    edgeCounts,
    symbols: names.map((n) => [n, symbols.definers(n), symbols.referencers(n)]),
    symbolCount: symbols.size,
    stats,
    diagnostics: index.diagnostics,
    ranked,
  };
}

type Edit = {
  kind: 'replace' | 'half' | 'empty' | 'grow' | 'line' | 'doc' | 'add' | 'remove' | 'drop' | 'manifest';
  at: number;
  other: number;
};

const editArb = fc.record({
  kind: fc.constantFrom<Edit['kind']>(
    'replace',
    'half',
    'empty',
    'grow',
    'line',
    'line',
    'doc',
    'add',
    'remove',
    'drop',
    'manifest',
  ),
  at: fc.nat(),
  other: fc.nat(),
});

/** Applies an edit to the copy; returns what changed, or null when the edit does not apply. */
function apply(dir: string, index: Index, edit: Edit): string | null {
  const code = index.corpus.files.filter((f) => f.language !== null && !f.path.endsWith('.json'));
  const docs = index.corpus.files.filter((f) => f.path.endsWith('.md'));
  if (edit.kind === 'doc') {
    const doc = docs[edit.at % docs.length];
    // a 'drop' of the same step may have removed it
    if (!doc || !existsSync(join(dir, doc.path))) return null;
    writeFileSync(join(dir, doc.path), `${readFileSync(join(dir, doc.path), 'utf8')}\nMore prose ${edit.other}.\n`);
    return doc.path;
  }
  if (edit.kind === 'drop') {
    // a file without tags (a doc, a file no grammar reads) removed
    const plain = index.corpus.files.filter((f) => f.language === null && existsSync(join(dir, f.path)));
    const file = plain[edit.at % Math.max(1, plain.length)];
    if (!file) return null;
    rmSync(join(dir, file.path));
    return file.path;
  }
  if (edit.kind === 'manifest') {
    // a JSON file the import resolver may read (tsconfig extends any JSON file): rewritten, or a new one
    const json = index.corpus.files.filter((f) => f.path.endsWith('.json'));
    const target = json[edit.at % Math.max(1, json.length)]?.path ?? 'package.json';
    const path = join(dir, target);
    writeFileSync(path, json.length > 0 && existsSync(path) ? `${readFileSync(path, 'utf8')}\n` : '{"name": "x"}\n');
    return target;
  }
  const file = code[edit.at % code.length];
  // an earlier edit of the same step may have removed it
  if (!file || !existsSync(join(dir, file.path))) return null;
  if (edit.kind === 'remove') {
    if (code.length < 3) return null;
    rmSync(join(dir, file.path));
    return file.path;
  }
  if (edit.kind === 'add') {
    // a new file beside one of the same language, with another file's text
    const dot = file.path.lastIndexOf('.');
    const added = `${file.path.slice(0, dot)}_new${edit.other % 3}${file.path.slice(dot)}`;
    if (index.corpus.files.some((f) => f.path === added)) return null;
    const source = code[edit.other % code.length]!;
    writeFileSync(
      join(dir, added),
      existsSync(join(dir, source.path)) ? readFileSync(join(dir, source.path), 'utf8') : '',
    );
    return added;
  }
  const sameLanguage = code.filter(
    (f) => f.language === file.language && f.path !== file.path && existsSync(join(dir, f.path)),
  );
  const other = sameLanguage[edit.other % Math.max(1, sameLanguage.length)];
  const path = join(dir, file.path);
  const text = readFileSync(path, 'utf8');
  let next: string;
  if (edit.kind === 'replace') next = other ? readFileSync(join(dir, other.path), 'utf8') : '';
  else if (edit.kind === 'half')
    next = text
      .split('\n')
      .slice(0, Math.ceil(text.split('\n').length / 2))
      .join('\n');
  else if (edit.kind === 'empty') next = '';
  else if (edit.kind === 'line') {
    // one line written twice (a small edit: a call or a definition more, or a syntax error)
    const lines = text.split('\n');
    const k = edit.other % lines.length;
    next = [...lines.slice(0, k + 1), lines[k]!, ...lines.slice(k + 1)].join('\n');
  } else next = `${text}\n${other ? readFileSync(join(dir, other.path), 'utf8') : ''}`;
  if (next === text) return null;
  writeFileSync(path, next);
  return file.path;
}

const REPO_NAMES = readdirSync(REPOS).sort();

/** A file keeps its heaviest shared-symbol target only (some files of every fixture repository have more): edits then change which one it keeps. */
const CAPPED: GraphOptions = { sharedSymbol: { maxTargetsPerFile: 1 } };

describe('index.update: an update equals a fresh build', () => {
  for (const [repo, graph, numRuns] of [
    ...REPO_NAMES.map((r) => [r, undefined, 12] as const),
    ...REPO_NAMES.map((r) => [r, CAPPED, 4] as const),
  ]) {
    it(`${repo}: every step of a chain of random edits${graph ? ', shared-symbol targets capped at 1 per file' : ''}`, async () => {
      const queries = casesOf(repo).map(({ task, query }) => ({ task, query }));
      let updates = 0;
      let pathUpdates = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(editArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }),
          async (steps) => {
            const dir = copyOf(repo);
            const tagsCache = new Map();
            let index = await buildIndex(await loadCorpus({ folder: dir }), { tagsCache, graph });
            try {
              for (const edits of steps) {
                const changed = edits.map((e) => apply(dir, index, e)).filter((p) => p !== null);
                const corpus = await loadCorpus({ folder: dir });
                const before = index;
                const updated = await before.update(corpus, { tagsCache });
                const fresh = await buildIndex(await loadCorpus({ folder: dir }), { tagsCache, graph });
                expect(observed(updated, queries)).toEqual(observed(fresh, queries));
                // an updated edge table keeps no label its edges do not name: a long chain of updates does not pile them up
                const table = updated.fileGraph.table();
                expect(new Set(table.labelIds).size).toBe(table.labels.length);
                if (
                  updated.fileGraph.symbols === before.fileGraph.symbols &&
                  updated !== before &&
                  updated.fileGraph !== before.fileGraph
                ) {
                  updates++;
                  if (updated.corpus.files.length !== before.corpus.files.length) pathUpdates++;
                  // The earlier index gave its graph away: using it is an error, not a stale answer.
                  expect(() => before.rank('anything')).toThrow(/superseded/);
                }
                // edited docs (not removed ones: their nodes go) keep the graph as it was
                if (changed.length > 0 && changed.every((p) => p.endsWith('.md') && existsSync(join(dir, p))))
                  expect(updated.fileGraph).toBe(before.fileGraph);
                index = updated;
              }
            } finally {
              rmSync(dir, { recursive: true, force: true });
            }
          },
        ),
        { numRuns, seed: 6 },
      );
      if (graph) {
        // the cap bites on this repository: fewer shared-symbol edges than uncapped
        const folder = join(REPOS, repo);
        const [full, capped] = await Promise.all(
          [{}, { graph }].map(
            async (o) => (await buildIndex(await loadCorpus({ folder }), o)).fileGraph.edgeCounts['shared-symbol'],
          ),
        );
        expect(capped).toBeLessThan(full!);
      }
      // The chains did take the update path (not only full rebuilds).
      expect(updates).toBeGreaterThan(3);
      // … including steps that added or removed files
      expect(pathUpdates).toBeGreaterThan(0);
    }, 120_000);
  }

  it('a chain of updates never ranked in between updates the one BM25 index there is, and ranks as a fresh build', async () => {
    const dir = copyOf('python-inventory');
    const queries = casesOf('python-inventory').map(({ task, query }) => ({ task, query }));
    const first = await buildIndex(await loadCorpus({ folder: dir }));
    first.rank('apply_discount'); // builds its BM25 index
    const edit = (path: string, extra: string) =>
      writeFileSync(join(dir, path), `${readFileSync(join(dir, path), 'utf8')}${extra}`);
    edit('src/inventory/pricing.py', '\n\ndef loyalty_bonus_cents(total):\n    return total // 100\n');
    const second = await first.update(await loadCorpus({ folder: dir }));
    edit('src/inventory/models.py', '\n\ndef restock_all(items):\n    return loyalty_bonus_cents(len(items))\n');
    const third = await second.update(await loadCorpus({ folder: dir }));
    // the third takes the first's BM25 index with both edits, not the unused second's holder
    expect(third.previous.lexical.earlier?.lexical).toBe(first.previous.lexical);
    expect([...third.previous.lexical.earlier!.changed].sort()).toEqual([
      'src/inventory/models.py',
      'src/inventory/pricing.py',
    ]);
    const fresh = await buildIndex(await loadCorpus({ folder: dir }));
    expect(observed(third, queries)).toEqual(observed(fresh, queries));
    expect(
      third
        .rank('restock_all loyalty_bonus_cents')
        .files.slice(0, 2)
        .map((f) => f.path)
        .sort(),
    ).toEqual(['src/inventory/models.py', 'src/inventory/pricing.py']);
  });

  it('a git working tree: co-change edges stay for edits on top of HEAD, and are redone from the new history after a commit', async () => {
    const dir = copyOf('python-inventory');
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
    git('init', '-q');
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '-A');
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'one');
    for (const f of ['src/inventory/pricing.py', 'tests/test_pricing.py'])
      writeFileSync(join(dir, f), `${readFileSync(join(dir, f), 'utf8')}\n# two\n`);
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qam', 'two');
    const queries = casesOf('python-inventory').map(({ task, query }) => ({ task, query }));
    const first = await buildIndex(await loadCorpus({ folder: dir }));
    expect(first.stats.edges['co-change']).toBeGreaterThan(0);
    const pricing = join(dir, 'src/inventory/pricing.py');
    writeFileSync(
      pricing,
      `${readFileSync(pricing, 'utf8')}\n\ndef loyalty_bonus_cents(total):\n    return total // 100\n`,
    );
    const updated = await first.update(await loadCorpus({ folder: dir }));
    expect(updated.fileGraph.symbols).toBe(first.fileGraph.symbols);
    const fresh = await buildIndex(await loadCorpus({ folder: dir }));
    expect(observed(updated, queries)).toEqual(observed(fresh, queries));
    expect(updated.rank('loyalty_bonus_cents').files[0]!.path).toBe('src/inventory/pricing.py');

    // The edit committed with a test: HEAD moves, so the history does; the update redoes co-change from it.
    writeFileSync(
      join(dir, 'tests/test_pricing.py'),
      `${readFileSync(join(dir, 'tests/test_pricing.py'), 'utf8')}\n# three\n`,
    );
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qam', 'three');
    const committed = await updated.update(await loadCorpus({ folder: dir }));
    expect(committed.fileGraph.symbols).toBe(first.fileGraph.symbols);
    const freshAfter = await buildIndex(await loadCorpus({ folder: dir }));
    expect(edgeOf(committed.fileGraph, 'co-change', 'src/inventory/pricing.py', 'tests/test_pricing.py')?.label).toBe(
      '2 earlier commits',
    );
    expect(observed(committed, queries)).toEqual(observed(freshAfter, queries));
  });

  // An update keeps the import edges of files whose resolution looked up no added or
  // removed path. Each case adds the file an import names but could not resolve (its
  // resolution may consult a table of the language, not a path), then removes it.
  const unresolved: [string, Record<string, string>, string, string][] = [
    [
      'python (source roots)',
      { 'app/main.py': 'import helpers\nhelpers.run()\n' },
      'helpers.py',
      'def run():\n    pass\n',
    ],
    [
      'python (package)',
      { 'src/pkg/__init__.py': '', 'src/pkg/main.py': 'from pkg import tool\n' },
      'src/pkg/tool.py',
      'def tool():\n    pass\n',
    ],
    [
      'java (class index)',
      { 'src/com/x/App.java': 'package com.x;\nimport com.y.Util;\nclass App { Util u; }\n' },
      'lib/com/y/Util.java',
      'package com.y;\npublic class Util {}\n',
    ],
    [
      'rust (crate root)',
      { 'Cargo.toml': '[package]\nname = "demo"\n', 'src/main.rs': 'use demo::thing;\nfn main() { thing(); }\n' },
      'src/lib.rs',
      'pub fn thing() {}\n',
    ],
    [
      'typescript (relative)',
      { 'src/a.ts': "import { b } from './b';\nexport const a = b;\n" },
      'src/b.ts',
      'export const b = 1;\n',
    ],
    [
      'go (package folder)',
      {
        'go.mod': 'module example.com/m\n',
        'cmd/main.go': 'package main\nimport "example.com/m/pkg/util"\nfunc main() { util.Run() }\n',
      },
      'pkg/util/util.go',
      'package util\nfunc Run() {}\n',
    ],
    [
      'c# (namespace index)',
      { 'src/App/Program.cs': 'using Shop.Core;\nnamespace App;\nclass Program { Cart c; }\n' },
      'lib/Cart.cs',
      'namespace Shop.Core;\npublic class Cart { }\n',
    ],
    [
      'kotlin (package index)',
      { 'app/Main.kt': 'package app\n\nimport shop.core.formatCents\n\nfun main() = formatCents(1)\n' },
      'lib/Money.kt',
      'package shop.core\n\nfun formatCents(c: Int) = c.toString()\n',
    ],
    [
      'swift (module index)',
      { 'Sources/App/main.swift': 'import Kit\n\nrun()\n' },
      'Sources/Kit/Kit.swift',
      'public func run() {}\n',
    ],
    [
      'scala (package and member index)',
      { 'app/Main.scala': 'package app\n\nimport shop.core.Money\n\nobject Main { val m = Money(1) }\n' },
      'lib/Money.scala',
      'package shop.core\n\nfinal case class Money(cents: Int)\n',
    ],
  ];
  for (const [what, files, added, text] of unresolved) {
    it(`a file an unresolved import names, added then removed, gives the import edges of a fresh build: ${what}`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'repomap-update-imports-'));
      made.push(dir);
      const write = (path: string, content: string): void => {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), content);
      };
      for (const [path, content] of Object.entries(files)) write(path, content);
      const importsOf = (index: Index): unknown => [
        index.fileGraph.imports,
        index.fileGraph.graph
          .filterEdges((_k, a) => a.type === 'import')
          .map((k) => index.fileGraph.graph.extremities(k).join('->'))
          .sort(),
      ];
      let index = await buildIndex(await loadCorpus({ folder: dir }));
      const importer = Object.keys(files).find((p) => !/(toml|mod|__init__\.py)$/.test(p))!;
      expect(edgeOf(index.fileGraph, 'import', importer, added)).toBeUndefined();
      write(added, text);
      const withFile = await index.update(await loadCorpus({ folder: dir }));
      expect(withFile.fileGraph.symbols).toBe(index.fileGraph.symbols); // updated (its symbol table kept), not rebuilt
      expect(edgeOf(withFile.fileGraph, 'import', importer, added)).toBeDefined();
      expect(importsOf(withFile)).toEqual(importsOf(await buildIndex(await loadCorpus({ folder: dir }))));
      index = withFile;
      rmSync(join(dir, added));
      const without = await index.update(await loadCorpus({ folder: dir }));
      expect(edgeOf(without.fileGraph, 'import', importer, added)).toBeUndefined();
      expect(importsOf(without)).toEqual(importsOf(await buildIndex(await loadCorpus({ folder: dir }))));
    });
  }

  it('a changed manifest and a new file update the graph; other graph options rebuild it and leave the earlier index usable', async () => {
    const dir = copyOf('ts-router');
    const queries = casesOf('ts-router').map(({ task, query }) => ({ task, query }));
    let index = await buildIndex(await loadCorpus({ folder: dir }));
    const tsconfig = join(dir, 'tsconfig.json');
    writeFileSync(tsconfig, readFileSync(tsconfig, 'utf8').replace('{', '{\n  "exclude": [],'));
    writeFileSync(
      join(dir, 'src/extra.ts'),
      "import { createRouter } from './router';\nexport const extra = createRouter;\n",
    );
    const updated = await index.update(await loadCorpus({ folder: dir }));
    expect(updated.fileGraph.symbols).toBe(index.fileGraph.symbols);
    expect(observed(updated, queries)).toEqual(observed(await buildIndex(await loadCorpus({ folder: dir })), queries));
    expect(edgeOf(updated.fileGraph, 'import', 'src/extra.ts', 'src/router.ts')).toBeDefined();
    index = updated;
    const options = await buildIndex(await loadCorpus({ folder: dir }), {
      previous: index,
      graph: { importWeight: 2 },
    });
    expect(options.fileGraph.symbols).not.toBe(index.fileGraph.symbols);
    expect(index.rank('router').files.length).toBe(index.corpus.files.length);
  });
});
