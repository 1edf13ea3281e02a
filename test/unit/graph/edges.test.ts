/**
 * The file graph of every fixture repository, built from real parses
 * (loadCorpus → buildIndex → index.fileGraph.graph): specific edges of each
 * type with their stored direction, node attributes, and stats that agree with
 * the graph. Each expected edge says why it exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EdgeType, FileTags, Index } from '../../../src/index.js';
import { EDGE_TYPES } from '../../../src/unstable.js';
import { buildResolveContext, resolveImport } from '../../../src/graph/resolve/index.js';
import { moduleOf } from '../../../src/graph/module.js';
import { GRAPH_DEFAULTS } from '../../../src/graph/defaults.js';
import { fixtureIndexes } from '../../fixture-index.js';

const REPOS = join(import.meta.dirname, '../../../fixtures/repos');
const ALL_REPOS = readdirSync(REPOS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

const indexOf = fixtureIndexes();

interface EdgeView {
  type: EdgeType;
  source: string;
  target: string;
  weight: number;
  label: string;
}

function edgesOf(index: Index): EdgeView[] {
  const out: EdgeView[] = [];
  index.fileGraph.graph.forEachEdge((_key, a, source, target) =>
    out.push({ type: a.type, source, target, weight: a.weight, label: a.label }),
  );
  return out;
}

/** The one edge of `type` stored from `source` to `target`, or undefined. */
async function edge(repo: string, type: EdgeType, source: string, target: string): Promise<EdgeView | undefined> {
  const found = edgesOf(await indexOf(repo)).filter(
    (e) => e.type === type && e.source === source && e.target === target,
  );
  expect(found.length, `at most one ${type} edge per (source, target)`).toBeLessThanOrEqual(1);
  return found[0];
}

/** Asserts a stored edge exists in that direction and returns it. */
async function expectEdge(repo: string, type: EdgeType, source: string, target: string): Promise<EdgeView> {
  const e = await edge(repo, type, source, target);
  expect(e, `${repo}: expected ${type} edge ${source} -> ${target}`).toBeDefined();
  return e!;
}

async function expectNoEdge(repo: string, type: EdgeType, source: string, target: string): Promise<void> {
  expect(
    await edge(repo, type, source, target),
    `${repo}: unexpected ${type} edge ${source} -> ${target}`,
  ).toBeUndefined();
}

describe('import edges (importer → imported file)', () => {
  it('python: relative `from .models`, `from ..pricing` and absolute `inventory.pricing` / `import inventory.models`', async () => {
    const repo = 'python-inventory';
    // pricing.py: `from .models import Item`
    expect((await expectEdge(repo, 'import', 'src/inventory/pricing.py', 'src/inventory/models.py')).label).toContain(
      '.models',
    );
    // storage/backend.py: `from ..pricing import round_cents` climbs one package
    expect(
      (await expectEdge(repo, 'import', 'src/inventory/storage/backend.py', 'src/inventory/pricing.py')).label,
    ).toContain('..pricing');
    // checkout.py: `from inventory.pricing import ...` through the src/ layout, and `import inventory.models`
    expect((await expectEdge(repo, 'import', 'src/inventory/checkout.py', 'src/inventory/pricing.py')).label).toContain(
      'inventory.pricing',
    );
    expect((await expectEdge(repo, 'import', 'src/inventory/checkout.py', 'src/inventory/models.py')).label).toContain(
      'inventory.models',
    );
    // a test under tests/ importing the package absolutely
    await expectEdge(repo, 'import', 'tests/test_pricing.py', 'src/inventory/pricing.py');
    // `from inventory.storage import ...` names the package: its __init__.py
    await expectEdge(repo, 'import', 'tests/storage/test_backend.py', 'src/inventory/storage/__init__.py');
    // stored one way only: models.py imports nothing from pricing.py
    await expectNoEdge(repo, 'import', 'src/inventory/models.py', 'src/inventory/pricing.py');
  });

  it('typescript: `./x.js` → x.ts, folder index `./match`, extensionless `./router`, `.js` → .tsx', async () => {
    const repo = 'ts-router';
    expect((await expectEdge(repo, 'import', 'src/router.ts', 'src/match/index.ts')).label).toContain(
      './match/index.js',
    );
    expect((await expectEdge(repo, 'import', 'src/match/index.ts', 'src/match/pattern.ts')).label).toContain(
      './pattern.js',
    );
    // `./match` is a folder: its index.ts
    expect((await expectEdge(repo, 'import', 'src/links.ts', 'src/match/index.ts')).label).toContain('./match');
    expect((await expectEdge(repo, 'import', 'src/links.ts', 'src/router.ts')).label).toContain('./router');
    // `./components/RouteView.js` is written for a .tsx file
    expect((await expectEdge(repo, 'import', 'src/index.ts', 'src/components/RouteView.tsx')).label).toContain(
      './components/RouteView.js',
    );
    // `../links.js` from a sub-folder
    await expectEdge(repo, 'import', 'src/components/RouteView.tsx', 'src/links.ts');
    // mutual imports give one edge each way
    await expectEdge(repo, 'import', 'src/match/pattern.ts', 'src/match/score.ts');
    await expectEdge(repo, 'import', 'src/match/score.ts', 'src/match/pattern.ts');
    // external packages (vitest, react) resolve to nothing in the repo
    const external = edgesOf(await indexOf(repo)).filter((e) => e.type === 'import' && /vitest|react/.test(e.label));
    expect(external).toEqual([]);
  });

  it('javascript: ESM `./merge.js`, CommonJS `require("./validate")`, `../validate` from __tests__', async () => {
    const repo = 'js-config';
    await expectEdge(repo, 'import', 'lib/loader.js', 'lib/merge.js');
    // loader.js loads the CommonJS schema through createRequire('./schema/index.js')
    await expectEdge(repo, 'import', 'lib/loader.js', 'lib/schema/index.js');
    // lib/schema/index.js: `require('./validate')`, no extension
    expect((await expectEdge(repo, 'import', 'lib/schema/index.js', 'lib/schema/validate.js')).label).toBe(
      './validate',
    );
    expect((await expectEdge(repo, 'import', 'lib/schema/__tests__/validate.js', 'lib/schema/validate.js')).label).toBe(
      '../validate',
    );
    // JSX file importing plain JS
    await expectEdge(repo, 'import', 'lib/ui/Panel.jsx', 'lib/merge.js');
  });

  it('go: an import path names a package directory and links to its non-test files only', async () => {
    const repo = 'go-ratelimit';
    // limiter.go imports example.com/ratelimit/store (one file) and .../internal/clock
    expect((await expectEdge(repo, 'import', 'limiter.go', 'store/memory.go')).label).toBe(
      'example.com/ratelimit/store',
    );
    await expectEdge(repo, 'import', 'limiter.go', 'internal/clock/clock.go');
    // httpmw/middleware.go imports the module root package: every non-test .go file of the root
    await expectEdge(repo, 'import', 'httpmw/middleware.go', 'limiter.go');
    await expectEdge(repo, 'import', 'httpmw/middleware.go', 'bucket.go');
    await expectNoEdge(repo, 'import', 'httpmw/middleware.go', 'limiter_test.go');
    await expectNoEdge(repo, 'import', 'httpmw/middleware.go', 'bucket_test.go');
    // the external test package store_test imports the package it tests
    await expectEdge(repo, 'import', 'store/memory_test.go', 'store/memory.go');
  });

  it('rust: `mod x;` declarations, `use crate::…`, `use super::…` and the crate name from tests/', async () => {
    const repo = 'rust-tokenizer';
    // lib.rs: `mod lexer;` (private, re-exported)
    expect((await expectEdge(repo, 'import', 'src/lib.rs', 'src/lexer.rs')).label).toContain('mod lexer');
    // `pub mod parser;` is a folder module: parser/mod.rs
    expect((await expectEdge(repo, 'import', 'src/lib.rs', 'src/parser/mod.rs')).label).toContain('mod parser');
    // parser/mod.rs: `mod expr;` is parser/expr.rs
    expect((await expectEdge(repo, 'import', 'src/parser/mod.rs', 'src/parser/expr.rs')).label).toContain('mod expr');
    // parser/mod.rs: `use crate::lexer::tokenize`
    expect((await expectEdge(repo, 'import', 'src/parser/mod.rs', 'src/lexer.rs')).label).toContain('crate::lexer');
    // parser/expr.rs: `use super::Parser` is parser/mod.rs
    expect((await expectEdge(repo, 'import', 'src/parser/expr.rs', 'src/parser/mod.rs')).label).toContain('super');
    // an integration test names the crate: `use rust_tokenizer::eval::...`
    await expectEdge(repo, 'import', 'tests/parser_tests.rs', 'src/eval.rs');
    await expectEdge(repo, 'import', 'tests/lexer_tests.rs', 'src/lib.rs');
  });

  it('java: a fully qualified class import links to the class file in its package folder', async () => {
    const repo = 'java-ledger';
    const main = 'src/main/java/com/example/ledger';
    expect((await expectEdge(repo, 'import', `${main}/report/BalanceReport.java`, `${main}/Ledger.java`)).label).toBe(
      'com.example.ledger.Ledger',
    );
    await expectEdge(repo, 'import', `${main}/Ledger.java`, `${main}/store/LedgerStore.java`);
    await expectEdge(repo, 'import', `${main}/Account.java`, `${main}/money/Money.java`);
    // a test in src/test/java imports main classes across the source roots
    await expectEdge(
      repo,
      'import',
      'src/test/java/com/example/ledger/LedgerTest.java',
      `${main}/report/BalanceReport.java`,
    );
    // JDK and JUnit imports stay external
    const external = edgesOf(await indexOf(repo)).filter((e) => e.type === 'import' && /^(java|org)\./.test(e.label));
    expect(external).toEqual([]);
  });

  it('mixed-monorepo: each language resolves inside its own sub-project', async () => {
    const repo = 'mixed-monorepo';
    // Python package root is services/api (not the repo root)
    await expectEdge(repo, 'import', 'services/api/tests/test_codes.py', 'services/api/shortener/codes.py');
    await expectEdge(repo, 'import', 'services/api/shortener/handlers.py', 'services/api/shortener/codes.py');
    // Go module declared in tools/cli/go.mod
    expect((await expectEdge(repo, 'import', 'tools/cli/main.go', 'tools/cli/client/client.go')).label).toBe(
      'example.com/linkcli/client',
    );
    // TS relative import
    await expectEdge(repo, 'import', 'web/src/api.ts', 'web/src/codes.ts');
    // same stem "codes" in two languages: no import crosses languages
    await expectNoEdge(repo, 'import', 'web/src/api.ts', 'services/api/shortener/codes.py');
    await expectNoEdge(repo, 'import', 'services/api/shortener/handlers.py', 'web/src/codes.ts');
  });
});

describe('shared-symbol edges (referencing file → defining file)', () => {
  it('links a caller to the definer of the function it calls, in that direction only', async () => {
    // checkout.price_line calls pricing.apply_discount and pricing.best_price
    const e = await expectEdge(
      'python-inventory',
      'shared-symbol',
      'src/inventory/checkout.py',
      'src/inventory/pricing.py',
    );
    expect(e.label.split(', ')).toEqual(expect.arrayContaining(['apply_discount', 'best_price']));
    await expectNoEdge('python-inventory', 'shared-symbol', 'src/inventory/pricing.py', 'src/inventory/checkout.py');
    // storage/backend.parse_record calls pricing.round_cents
    expect(
      (
        await expectEdge(
          'python-inventory',
          'shared-symbol',
          'src/inventory/storage/backend.py',
          'src/inventory/pricing.py',
        )
      ).label,
    ).toBe('round_cents');
    // Go: Limiter.bucketFor → store.MemoryStore
    expect((await expectEdge('go-ratelimit', 'shared-symbol', 'limiter.go', 'store/memory.go')).label).toContain(
      'MemoryStore',
    );
    // Rust: eval_str → parse_expression (defined in parser/mod.rs)
    expect((await expectEdge('rust-tokenizer', 'shared-symbol', 'src/eval.rs', 'src/parser/mod.rs')).label).toContain(
      'parse_expression',
    );
    // TS: links.buildHref → normalizeRoute (router.ts)
    expect((await expectEdge('ts-router', 'shared-symbol', 'src/links.ts', 'src/router.ts')).label).toBe(
      'normalizeRoute',
    );
    // Java: Ledger.transfer → Account.debit
    expect(
      (
        await expectEdge(
          'java-ledger',
          'shared-symbol',
          'src/main/java/com/example/ledger/Ledger.java',
          'src/main/java/com/example/ledger/Account.java',
        )
      ).label,
    ).toContain('debit');
  });

  it('weighs a distinctive name far above a generic one (same test file, one name each)', async () => {
    const repo = 'java-ledger';
    const test = 'src/test/java/com/example/ledger/LedgerTest.java';
    // `CurrencyMismatchException` (long camelCase, one definer) vs `size` (listed in GENERIC_NAMES)
    const distinctive = await expectEdge(
      repo,
      'shared-symbol',
      test,
      'src/main/java/com/example/ledger/money/CurrencyMismatchException.java',
    );
    const generic = await expectEdge(
      repo,
      'shared-symbol',
      test,
      'src/main/java/com/example/ledger/store/LedgerStore.java',
    );
    expect(distinctive.label).toBe('CurrencyMismatchException');
    expect(generic.label).toBe('size');
    expect(distinctive.weight).toBeGreaterThan(generic.weight * 10);
    // one reference, one definer: the weight is exactly the distinctive factor
    expect(distinctive.weight).toBeCloseTo(GRAPH_DEFAULTS.sharedSymbol.distinctiveFactor);
  });

  it('rust: `eval_str` links harder than the generic `new` shared by many types', async () => {
    const repo = 'rust-tokenizer';
    const distinctive = await expectEdge(repo, 'shared-symbol', 'tests/parser_tests.rs', 'src/eval.rs');
    const generic = await expectEdge(repo, 'shared-symbol', 'tests/parser_tests.rs', 'src/lexer.rs');
    expect(distinctive.label).toBe('eval_str');
    expect(generic.label).toBe('new');
    expect(distinctive.weight).toBeGreaterThan(generic.weight);
  });

  it('never links a file to itself nor through a name the file defines itself', async () => {
    for (const repo of ALL_REPOS) {
      const index = await indexOf(repo);
      const defs = new Map(index.tags.map((t) => [t.path, new Set(t.definitions.map((d) => d.name))]));
      for (const e of edgesOf(index).filter((x) => x.type === 'shared-symbol')) {
        expect(e.source).not.toBe(e.target);
        // every name on the label is defined by the target (labels keep three names, then say how many more)
        for (const name of e.label.replace(/ and \d+ more$/, '').split(', ')) {
          expect(defs.get(e.target)?.has(name), `${repo}: ${e.target} defines ${name}`).toBe(true);
          expect(defs.get(e.source)?.has(name), `${repo}: ${e.source} does not define ${name}`).toBe(false);
        }
      }
    }
  });

  it('maxTargetsPerFile keeps each file its heaviest targets, by weight then path, with their uncapped edges', async () => {
    const capped = fixtureIndexes({ graph: { sharedSymbol: { maxTargetsPerFile: 2 } } });
    const bySource = (index: Index): Map<string, EdgeView[]> => {
      const out = new Map<string, EdgeView[]>();
      for (const e of edgesOf(index).filter((x) => x.type === 'shared-symbol'))
        out.set(e.source, [...(out.get(e.source) ?? []), e]);
      return out;
    };
    let trimmed = 0;
    for (const repo of ALL_REPOS) {
      const full = bySource(await indexOf(repo));
      const kept = bySource(await capped(repo));
      for (const [source, edges] of full) {
        const ranked = [...edges].sort((a, b) => b.weight - a.weight || (a.target < b.target ? -1 : 1));
        const expected = ranked.slice(0, 2);
        // same targets, and each kept edge exactly as the uncapped build has it (weight and label)
        expect(
          kept.get(source)?.sort((a, b) => (a.target < b.target ? -1 : 1)),
          `${repo}: ${source}`,
        ).toEqual(expected.sort((a, b) => (a.target < b.target ? -1 : 1)));
        if (edges.length > 2) trimmed++;
      }
      expect([...kept.keys()].every((s) => full.has(s))).toBe(true);
    }
    // the fixtures have files with more than two targets, so the cap was exercised
    expect(trimmed).toBeGreaterThan(5);
  });
});

describe('source-test edges (test → source)', () => {
  it.each([
    ['go-ratelimit', 'bucket_test.go', 'bucket.go', 'Go x_test.go ↔ x.go in one package'],
    ['go-ratelimit', 'store/memory_test.go', 'store/memory.go', 'Go external test package store_test'],
    ['python-inventory', 'tests/test_pricing.py', 'src/inventory/pricing.py', 'Python tests/test_x.py ↔ src/.../x.py'],
    [
      'python-inventory',
      'tests/storage/test_backend.py',
      'src/inventory/storage/backend.py',
      'tests/storage mirrors src/inventory/storage',
    ],
    ['ts-router', 'src/match/pattern.spec.ts', 'src/match/pattern.ts', 'TS x.spec.ts ↔ x.ts'],
    ['ts-router', 'src/router.test.ts', 'src/router.ts', 'TS x.test.ts ↔ x.ts'],
    ['ts-router', 'src/__tests__/RouteView.test.tsx', 'src/components/RouteView.tsx', '__tests__/X.test.tsx ↔ X.tsx'],
    [
      'js-config',
      'lib/schema/__tests__/validate.js',
      'lib/schema/validate.js',
      '__tests__/x.js with the same base name',
    ],
    [
      'java-ledger',
      'src/test/java/com/example/ledger/AccountTest.java',
      'src/main/java/com/example/ledger/Account.java',
      'Java XTest ↔ X',
    ],
    [
      'java-ledger',
      'src/test/java/com/example/ledger/money/MoneyTest.java',
      'src/main/java/com/example/ledger/money/Money.java',
      'Java XTest ↔ X, mirrored package',
    ],
    ['rust-tokenizer', 'tests/lexer_tests.rs', 'src/lexer.rs', 'Rust tests/x_tests.rs ↔ src/x.rs'],
    ['rust-tokenizer', 'tests/parser_tests.rs', 'src/parser/mod.rs', 'Rust tests/x_tests.rs ↔ src/x/mod.rs'],
    [
      'mixed-monorepo',
      'services/api/tests/test_codes.py',
      'services/api/shortener/codes.py',
      'Python test_x.py, not the TS codes.ts',
    ],
    ['mixed-monorepo', 'web/src/codes.test.ts', 'web/src/codes.ts', 'TS codes.test.ts, not the Python codes.py'],
  ])('%s: %s → %s (%s)', async (repo, test, source) => {
    const e = await expectEdge(repo, 'source-test', test, source);
    expect(e.label).toContain('naming convention');
    expect(e.weight).toBeGreaterThanOrEqual(GRAPH_DEFAULTS.conventionTestWeight);
    await expectNoEdge(repo, 'source-test', source, test);
  });

  it('a naming match never crosses language families', async () => {
    await expectNoEdge('mixed-monorepo', 'source-test', 'services/api/tests/test_codes.py', 'web/src/codes.ts');
    await expectNoEdge('mixed-monorepo', 'source-test', 'web/src/codes.test.ts', 'services/api/shortener/codes.py');
  });

  it('a test that imports a source it is not named after gets the weaker imported-by-test edge', async () => {
    // test_pricing.py imports inventory.models for Item
    const e = await expectEdge('python-inventory', 'source-test', 'tests/test_pricing.py', 'src/inventory/models.py');
    expect(e.label).toBe('test imports it');
    expect(e.weight).toBeCloseTo(GRAPH_DEFAULTS.importedByTestWeight);
  });

  it('always runs from a test file to a source file', async () => {
    for (const repo of ALL_REPOS) {
      const g = (await indexOf(repo)).fileGraph.graph;
      for (const e of edgesOf(await indexOf(repo)).filter((x) => x.type === 'source-test')) {
        expect(g.getNodeAttribute(e.source, 'kind'), `${repo}: ${e.source}`).toBe('test');
        expect(g.getNodeAttribute(e.target, 'kind'), `${repo}: ${e.target}`).toBe('source');
      }
    }
  });
});

describe('same-module edges (files of one directory)', () => {
  it('links two source files of one directory once, source < target', async () => {
    const e = await expectEdge(
      'python-inventory',
      'same-module',
      'src/inventory/checkout.py',
      'src/inventory/pricing.py',
    );
    expect(e.weight).toBeCloseTo(GRAPH_DEFAULTS.sameModuleWeight);
    expect(e.label).toBe('src/inventory');
    await expectNoEdge('python-inventory', 'same-module', 'src/inventory/pricing.py', 'src/inventory/checkout.py');
    // Go: the root package
    await expectEdge('go-ratelimit', 'same-module', 'bucket.go', 'limiter.go');
  });

  it('never links files of different directories (not even a parent and its sub-package)', async () => {
    await expectNoEdge(
      'python-inventory',
      'same-module',
      'src/inventory/models.py',
      'src/inventory/storage/backend.py',
    );
    await expectNoEdge(
      'python-inventory',
      'same-module',
      'src/inventory/storage/backend.py',
      'src/inventory/models.py',
    );
    for (const repo of ALL_REPOS) {
      for (const e of edgesOf(await indexOf(repo)).filter((x) => x.type === 'same-module')) {
        expect(moduleOf(e.source), `${repo}: ${e.source} and ${e.target}`).toBe(moduleOf(e.target));
        expect(e.source < e.target, `${repo}: stored once, in byte order`).toBe(true);
      }
    }
  });

  it('leaves docs and configs out (only source and test files form modules)', async () => {
    await expectNoEdge('go-ratelimit', 'same-module', 'README.md', 'bucket.go');
    await expectNoEdge('go-ratelimit', 'same-module', 'bucket.go', 'go.mod');
  });
});

describe('nodes', () => {
  it('one node per corpus file with kind, language and module', async () => {
    for (const repo of ALL_REPOS) {
      const index = await indexOf(repo);
      const g = index.fileGraph.graph;
      expect(g.nodes().sort()).toEqual(index.corpus.files.map((f) => f.path).sort());
    }
    const attrs = async (repo: string, path: string) => (await indexOf(repo)).fileGraph.graph.getNodeAttributes(path);
    expect(await attrs('python-inventory', 'src/inventory/storage/backend.py')).toEqual({
      kind: 'source',
      language: 'python',
      module: 'src/inventory/storage',
    });
    expect(await attrs('python-inventory', 'tests/conftest.py')).toEqual({
      kind: 'test',
      language: 'python',
      module: 'tests',
    });
    expect(await attrs('python-inventory', 'README.md')).toEqual({ kind: 'doc', language: null, module: '' });
    expect(await attrs('go-ratelimit', 'go.mod')).toEqual({ kind: 'config', language: null, module: '' });
    expect(await attrs('go-ratelimit', 'limiter_test.go')).toEqual({ kind: 'test', language: 'go', module: '' });
    expect(await attrs('ts-router', 'src/components/RouteView.tsx')).toEqual({
      kind: 'source',
      language: 'tsx',
      module: 'src/components',
    });
    expect(await attrs('ts-router', 'src/match/pattern.spec.ts')).toEqual({
      kind: 'test',
      language: 'typescript',
      module: 'src/match',
    });
    expect(await attrs('js-config', 'lib/ui/Panel.jsx')).toEqual({
      kind: 'source',
      language: 'javascript',
      module: 'lib/ui',
    });
    expect(await attrs('rust-tokenizer', 'tests/lexer_tests.rs')).toEqual({
      kind: 'test',
      language: 'rust',
      module: 'tests',
    });
    expect(await attrs('java-ledger', 'src/main/java/com/example/ledger/money/Money.java')).toEqual({
      kind: 'source',
      language: 'java',
      module: 'src/main/java/com/example/ledger/money',
    });
  });
});

/**
 * Whether an import, as written, points inside the repository: a relative
 * specifier, or one naming the repo's own Python package, Go module, Cargo
 * crate (or its declared modules), Java package or JS workspace package, or a
 * quoted C/C++ include.
 */
function intraRepo(index: Index, file: FileTags, specifier: string, line: number): boolean {
  const files = index.corpus.files;
  switch (file.language) {
    case 'python': {
      if (specifier.startsWith('.')) return true;
      // top-level packages: folders with __init__.py whose parent has none
      const inits = new Set(files.filter((f) => f.path.endsWith('/__init__.py')).map((f) => moduleOf(f.path)));
      const tops = new Set(
        [...inits].filter((d) => !inits.has(moduleOf(d))).map((d) => d.slice(d.lastIndexOf('/') + 1)),
      );
      return tops.has(specifier.split('.')[0]!);
    }
    case 'go': {
      const modules = files
        .filter((f) => f.path === 'go.mod' || f.path.endsWith('/go.mod'))
        .map((f) => /^module\s+(\S+)/m.exec(f.text)?.[1])
        .filter((m): m is string => !!m);
      return modules.some((m) => specifier === m || specifier.startsWith(`${m}/`));
    }
    case 'rust': {
      const crates = files
        .filter((f) => f.path.endsWith('Cargo.toml'))
        .map((f) => /^name\s*=\s*"([^"]+)"/m.exec(f.text)?.[1]?.replace(/-/g, '_'))
        .filter((c): c is string => !!c);
      const first = specifier.split('::')[0]!;
      if (specifier.startsWith('mod ') || first === 'crate' || first === 'self' || crates.includes(first)) return true;
      if (first === 'super') {
        // `use super::*` inside an inline `mod tests { }` names the file itself: not a link to another file
        const inline = file.definitions.some((d) => d.kind === 'module' && d.startLine <= line && line <= d.endLine);
        return !inline;
      }
      // a path starting at a module the crate declares (`pub use lexer::tokenize` in lib.rs)
      const declared = new Set(
        index.tags.flatMap((t) =>
          t.imports.filter((i) => i.specifier.startsWith('mod ')).map((i) => i.specifier.slice(4)),
        ),
      );
      return declared.has(first);
    }
    case 'c':
    case 'cpp':
      // a quoted include names a file of the repository (the fixtures hold no other); `<…>` the system's
      return !specifier.startsWith('<');
    case 'ruby':
      // the fixture gem's own files and constants (a constant naming its own file resolves to nothing: no self edge)
      if (specifier.startsWith('const '))
        return /^const (?:ShippingRates::|Carriers::)/.test(specifier) && !selfConstant(index, file, specifier);
      return (
        specifier.startsWith('require_relative ') ||
        specifier === 'spec_helper' ||
        specifier.startsWith('shipping_rates')
      );
    case 'php':
      // the package's namespaces and its own paths; Composer's vendor/ is not in the corpus
      return specifier.startsWith('Acme\\') || (specifier.includes('__DIR__') && !specifier.includes('/vendor/'));
    case 'java': {
      const packages = new Set(
        files.map((f) => /^package\s+([\w.]+)\s*;/m.exec(f.text)?.[1]).filter((p): p is string => !!p),
      );
      const parts = specifier.split('.');
      for (let i = parts.length - 1; i > 0; i--) if (packages.has(parts.slice(0, i).join('.'))) return true;
      return false;
    }
    case 'csharp': {
      // a namespace some file declares, or a type in one (`using static`, aliases)
      const namespaces = new Set(
        files.flatMap((f) => [...f.text.matchAll(/^\s*namespace\s+([\w.]+)/gm)].map((m) => m[1]!)),
      );
      const name = specifier.replace(/^global::/, '');
      return [...namespaces].some((ns) => name === ns || name.startsWith(`${ns}.`));
    }
    case 'kotlin': {
      const packages = new Set(
        files.map((f) => /^package\s+([\w.]+)/m.exec(f.text)?.[1]).filter((p): p is string => !!p),
      );
      const parts = specifier.split('.');
      for (let i = parts.length - 1; i > 0; i--) if (packages.has(parts.slice(0, i).join('.'))) return true;
      return false;
    }
    case 'swift': {
      // a module of the package: a folder of Sources/ or Tests/, or a target Package.swift names
      const modules = new Set(
        files.map((f) => /(?:^|\/)(?:Sources|Tests)\/([^/]+)\//.exec(f.path)?.[1]).filter((m): m is string => !!m),
      );
      for (const f of files.filter((f) => f.path.endsWith('Package.swift')))
        for (const m of f.text.matchAll(/name:\s*"([^"]+)"/g)) modules.add(m[1]!);
      return modules.has(specifier.split('.')[0]!);
    }
    case 'scala': {
      // a declared package (its clauses joined) is a prefix of the name, read from the root or from the file's package
      const packageOf = (text: string): string =>
        [...text.matchAll(/^package\s+(?!object\b)([\w.]+)/gm)].map((m) => m[1]!).join('.');
      const packages = new Set(files.filter((f) => f.path.endsWith('.scala')).map((f) => packageOf(f.text)));
      const own = packageOf(files.find((f) => f.path === file.path)!.text);
      const name = specifier.replace(/^_root_\./, '');
      // `import Lexer._` inside Lexer.scala: its own companion, no link to another file
      if (file.definitions.some((d) => d.kind === 'class' && d.name === name.split('.')[0])) return false;
      const ownParts = own.split('.').filter(Boolean);
      for (let k = ownParts.length; k >= 0; k--) {
        const parts = [...ownParts.slice(0, k), ...name.split('.')];
        for (let i = parts.length - 1; i > k; i--) if (packages.has(parts.slice(0, i).join('.'))) return true;
      }
      return false;
    }
    default: {
      if (specifier.startsWith('./') || specifier.startsWith('../')) return true;
      const names = files
        .filter((f) => f.path.endsWith('package.json'))
        .map((f) => (JSON.parse(f.text) as { name?: string }).name);
      return names.some((n) => n !== undefined && (specifier === n || specifier.startsWith(`${n}/`)));
    }
  }
}

/** A Ruby constant the file itself defines (`ShippingRates::Zone` inside zone.rb). */
function selfConstant(_index: Index, file: FileTags, specifier: string): boolean {
  const name = specifier.split('::').pop()!;
  return file.definitions.some((d) => d.name === name && d.kind !== 'method');
}

describe('stats', () => {
  it.each(ALL_REPOS)('%s: edge counts by type equal the graph, imports add up', async (repo) => {
    const index = await indexOf(repo);
    const counts = Object.fromEntries(EDGE_TYPES.map((t) => [t, 0])) as Record<EdgeType, number>;
    for (const e of edgesOf(index)) counts[e.type]++;
    expect(index.stats.edges).toEqual(counts);
    // A folder corpus has no history, so no co-change edges (test/unit/graph/co-change.test.ts covers those).
    for (const t of EDGE_TYPES.filter((t) => t !== 'co-change'))
      expect(counts[t], `${repo} has ${t} edges`).toBeGreaterThan(0);
    expect(counts['co-change']).toBe(0);
    expect(index.stats.files).toBe(index.fileGraph.graph.order);
    expect(index.stats.files).toBe(index.corpus.files.length);
    expect(index.stats.parsed).toBe(index.tags.length);
    expect(index.stats.imports).toBe(index.tags.reduce((n, t) => n + t.imports.length, 0));
    expect(index.stats.importsResolved).toBeLessThanOrEqual(index.stats.imports);
    expect(index.stats.definitions).toBe(index.tags.reduce((n, t) => n + t.definitions.length, 0));
    expect(index.stats.references).toBe(index.tags.reduce((n, t) => n + t.references.length, 0));
  });

  it.each(ALL_REPOS)('%s: every intra-repo import resolves, and only those do', async (repo) => {
    const index = await indexOf(repo);
    const ctx = buildResolveContext(index.corpus.files, index.tags);
    const unresolved: string[] = [];
    const externalResolved: string[] = [];
    let intra = 0;
    for (const t of index.tags) {
      for (const spec of t.imports) {
        const targets = resolveImport(ctx, t.path, t.language, spec);
        if (intraRepo(index, t, spec.specifier, spec.line)) {
          intra++;
          if (targets.length === 0) unresolved.push(`${t.path}:${spec.line} ${spec.specifier}`);
        } else if (targets.length > 0) {
          externalResolved.push(`${t.path}:${spec.line} ${spec.specifier} -> ${targets.join(', ')}`);
        }
      }
    }
    expect(intra, `${repo} has intra-repo imports`).toBeGreaterThan(0);
    expect(unresolved, 'intra-repo imports that did not resolve').toEqual([]);
    expect(externalResolved, 'external imports that resolved to repo files').toEqual([]);
    expect(index.stats.importsResolved).toBe(intra);
  });
});

describe('ignored and vendored files (mixed-monorepo)', () => {
  const repo = 'mixed-monorepo';
  const root = join(REPOS, repo);

  it('are on disk but not nodes', async () => {
    const g = (await indexOf(repo)).fileGraph.graph;
    for (const path of [
      'build/out.js',
      'debug.log',
      'node_modules/leftpad/index.js',
      'node_modules/leftpad/package.json',
    ]) {
      expect(readFileSync(join(root, path)).length, `${path} exists in the fixture`).toBeGreaterThan(0);
      expect(g.hasNode(path), `${path} is not a node`).toBe(false);
    }
    for (const node of g.nodes()) expect(node).not.toMatch(/^(build|node_modules)\/|\.log$/);
  });

  it('are counted by reason in stats.skipped (gitignored vs vendored) and the vendored folder is reported', async () => {
    const index = await indexOf(repo);
    expect(index.stats.skipped.ignored).toBe(2); // build/out.js (build/), debug.log (*.log)
    expect(index.stats.skipped.vendored).toBe(2); // node_modules/leftpad/{index.js,package.json}
    expect(index.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'skipped-vendored', message: expect.stringContaining('node_modules') }),
    );
  });

  it('do not leak their planted identifiers into shared-symbol edges', async () => {
    const index = await indexOf(repo);
    // isValidCode and BASE62_ALPHABET are also planted in build/out.js and node_modules/leftpad/index.js
    expect(index.fileGraph.symbols.definers('isValidCode')).toEqual(['web/src/codes.ts']);
    for (const e of edgesOf(index)) {
      expect(e.source).not.toMatch(/^(build|node_modules)\//);
      expect(e.target).not.toMatch(/^(build|node_modules)\//);
    }
  });
});
