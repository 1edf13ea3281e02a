/**
 * The agent tools over a built index, on the python-inventory fixture (real parses) and
 * on small repositories written here: find_symbol's match tiers, references with their
 * links (and one definition among several by path), an outline within a budget, the
 * impact of an edit with its relations, and the index's status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus, RepoMapError, type Index } from '../../../src/index.js';
import { loadTokenizer } from '../../../src/unstable.js';
import { editImpact, findReferences, findSymbols, indexStatus, outlineFile } from '../../../src/navigate/index.js';
import { renderReferences, renderStatus } from '../../../src/render/index.js';
import { nestedPythonCalls } from '../../bad-inputs/sources.js';
import { makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';
import { fixtureIndexes } from '../../fixture-index.js';

const fixture = fixtureIndexes();
let inventory: Index;
let tmp: string;
beforeAll(async () => {
  inventory = await fixture('python-inventory');
  tmp = makeTemp('repomap-navigate-');
});
afterAll(() => removeTemp(tmp));

async function indexOf(name: string, files: Record<string, string>): Promise<Index> {
  const root = `${tmp}/${name}`;
  writeFiles(root, files);
  return buildIndex(await loadCorpus({ folder: root }), { history: false });
}

function thrown(f: () => unknown): RepoMapError {
  try {
    f();
  } catch (error) {
    if (error instanceof RepoMapError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('findSymbols', () => {
  it('ranks exact, then prefix, then substring matches, shorter names first, case-insensitive', () => {
    const found = findSymbols(inventory, 'discount');
    expect(found.matches.map((m) => [m.name, m.match])).toEqual([
      ['DiscountError', 'prefix'],
      ['apply_discount', 'substring'],
      ['TestApplyDiscount', 'substring'],
      ['MAX_DISCOUNT_PERCENT', 'substring'],
      ['bulk_discount_percent', 'substring'],
      ['test_bulk_discount_percent_tiers', 'substring'],
      ['test_rejects_discount_above_maximum', 'substring'],
    ]);
    const exact = findSymbols(inventory, 'apply_discount');
    expect(exact.matches[0]).toEqual({
      name: 'apply_discount',
      kind: 'function',
      path: 'src/inventory/pricing.py',
      startLine: 34,
      endLine: 40,
      match: 'exact',
    });
  });

  it('finds a name within a typo, and nothing far from it', () => {
    expect(findSymbols(inventory, 'aply_discont').matches.map((m) => [m.name, m.match])).toEqual([
      ['apply_discount', 'fuzzy'],
    ]);
    expect(findSymbols(inventory, 'withdrew').matches.map((m) => m.name)).toEqual(['withdraw']);
    expect(findSymbols(inventory, 'zzzzqqq').total).toBe(0);
  });

  it('filters by kind, counts every match and returns the first `limit`', () => {
    const classes = findSymbols(inventory, 'error', { kind: 'class' });
    expect(classes.matches.every((m) => m.kind === 'class')).toBe(true);
    expect(classes.matches.map((m) => m.name)).toEqual(
      expect.arrayContaining(['DiscountError', 'OutOfStockError', 'StorageError']),
    );
    const all = findSymbols(inventory, 'test');
    const two = findSymbols(inventory, 'test', { limit: 2 });
    expect(two.total).toBe(all.total);
    expect(two.matches).toEqual(all.matches.slice(0, 2));
  });

  it('an empty query is an error naming it', () => {
    expect(thrown(() => findSymbols(inventory, '  '))).toMatchObject({ code: 'bad-query', subject: 'query' });
  });
});

describe('findReferences', () => {
  it('lists the referencing files, callers first, with their lines and how they reach the definition', () => {
    const refs = findReferences(inventory, 'apply_discount');
    expect(refs.definitions).toEqual([
      { path: 'src/inventory/pricing.py', kind: 'function', startLine: 34, endLine: 40 },
    ]);
    expect(refs.files.map((f) => [f.path, f.calls, f.via])).toEqual([
      ['tests/test_pricing.py', 5, 'import'],
      ['src/inventory/pricing.py', 2, 'same-file'],
      ['src/inventory/checkout.py', 1, 'import'],
    ]);
    expect(refs.files[2]!.lines).toEqual([
      { line: 31, kinds: ['call'], text: '        price = apply_discount(item, 0, quantity)' },
    ]);
  });

  it('with a path, judges links against that definition only; a path that does not define it is an error', async () => {
    const index = await indexOf('two-definers', {
      'billing/tax.py': 'def rate(region):\n    return 0.2\n',
      'shipping/zones.py': 'def rate(zone):\n    return 5\n',
      'billing/invoice.py':
        'from billing.tax import rate\n\ndef total(amount, region):\n    return amount * (1 + rate(region))\n',
      'shipping/quote.py': 'from shipping.zones import rate\n\ndef quote(zone):\n    return rate(zone)\n',
    });
    const all = findReferences(index, 'rate');
    expect(all.definitions.map((d) => d.path)).toEqual(['billing/tax.py', 'shipping/zones.py']);
    const tax = findReferences(index, 'rate', { path: 'billing/tax.py' });
    expect(tax.definitions.map((d) => d.path)).toEqual(['billing/tax.py']);
    expect(tax.files.map((f) => [f.path, f.via])).toEqual([
      ['billing/invoice.py', 'import'],
      ['shipping/quote.py', null],
    ]);
    expect(thrown(() => findReferences(index, 'rate', { path: 'billing/invoice.py' })).message).toBe(
      'repomap/navigate: billing/invoice.py does not define rate; it is defined in billing/tax.py, shipping/zones.py',
    );
    expect(thrown(() => findReferences(index, 'rate', { path: 'billing/nope.py' })).message).toBe(
      'repomap/navigate: billing/nope.py is not a file of the corpus',
    );
  });

  it('follows re-exports: a Python package __init__, a TypeScript index, a Rust `pub use`', async () => {
    const python = await indexOf('reexport-python', {
      'src/flask/__init__.py': 'from .helpers import url_for as url_for\nfrom .app import Flask as Flask\n',
      'src/flask/helpers.py': 'def url_for(endpoint, **values):\n    return endpoint\n',
      'src/flask/app.py': 'class Flask:\n    pass\n',
      'tests/test_helpers.py':
        'from flask import url_for\n\n\ndef test_url_for():\n    assert url_for("index") == "index"\n',
      'tests/test_basic.py': 'import flask\n\n\ndef test_basic():\n    assert flask.url_for("index") == "index"\n',
      // imports the package for another name: its own url_for stays unlinked
      'tests/test_other.py':
        'from flask import Flask\n\n\ndef test_other(url_for):\n    assert url_for("index") and Flask\n',
    });
    const urlFor = findReferences(python, 'url_for');
    expect(urlFor.files.map((f) => [f.path, f.via, f.through])).toEqual([
      ['tests/test_basic.py', 'import', 'src/flask/__init__.py'],
      ['tests/test_helpers.py', 'import', 'src/flask/__init__.py'],
      ['tests/test_other.py', null, undefined],
    ]);
    expect(renderReferences(urlFor)).toContain(
      'tests/test_helpers.py  1 call, 1 reference · via import of src/flask/__init__.py, which re-exports it\n',
    );

    const typescript = await indexOf('reexport-typescript', {
      'package.json': '{ "name": "lib", "version": "1.0.0" }\n',
      'src/index.ts': "export { helper } from './util/helper';\nexport * from './util/more';\n",
      'src/util/helper.ts': 'export function helper(x: number): number {\n  return x + 1;\n}\n',
      'src/util/more.ts': 'export function other(x: number): number {\n  return x * 2;\n}\n',
      'app/main.ts': "import { helper, other } from '../src';\n\nexport const n = helper(1) + other(2);\n",
    });
    expect(findReferences(typescript, 'helper').files.map((f) => [f.path, f.via, f.through])).toEqual([
      ['app/main.ts', 'import', 'src/index.ts'],
    ]);
    expect(findReferences(typescript, 'other').files.map((f) => [f.path, f.via, f.through])).toEqual([
      ['app/main.ts', 'import', 'src/index.ts'],
    ]);

    const rust = await indexOf('reexport-rust', {
      'Cargo.toml': '[package]\nname = "mycrate"\nversion = "0.1.0"\nedition = "2021"\n',
      'src/lib.rs': 'mod util;\npub use util::helper;\n',
      'src/util.rs': 'pub fn helper(x: u32) -> u32 {\n    x + 1\n}\n',
      'tests/it.rs': 'use mycrate::helper;\n\n#[test]\nfn works() {\n    assert_eq!(helper(1), 2);\n}\n',
    });
    expect(findReferences(rust, 'helper').files.map((f) => [f.path, f.via, f.through])).toEqual([
      ['tests/it.rs', 'import', 'src/lib.rs'],
    ]);
  });
});

describe('outlineFile', () => {
  it('gives the signatures in line order, nested ones one level deeper', async () => {
    const outline = await outlineFile(inventory, 'src/inventory/models.py');
    expect(outline.omitted).toBe(0);
    const at = (name: string) => outline.entries.find((e) => e.name === name)!;
    expect(at('Item')).toMatchObject({ kind: 'class', depth: 0, startLine: 19, signature: 'class Item:' });
    expect(at('total')).toMatchObject({
      kind: 'method',
      depth: 1,
      startLine: 25,
      signature: '    def total(self, quantity: int | None = None) -> int:',
    });
    expect(outline.entries.map((e) => e.startLine)).toEqual(
      [...outline.entries.map((e) => e.startLine)].sort((a, b) => a - b),
    );
    expect(outline.text).toMatch(/^ *8 {2}class OutOfStockError\(Exception\):\n *11 {4}def __init__/);
  });

  it('keeps within the budget, leaving out the most nested definitions first', async () => {
    const full = await outlineFile(inventory, 'src/inventory/models.py', { tokenizer: 'regex' });
    const small = await outlineFile(inventory, 'src/inventory/models.py', { budget: 40, tokenizer: 'regex' });
    expect(small.tokens).toBeLessThanOrEqual(40);
    expect((await loadTokenizer('regex')).count(small.text)).toBe(small.tokens);
    expect(small.omitted).toBeGreaterThan(0);
    expect(small.entries.length + small.omitted).toBe(full.entries.length);
    // every top-level definition shown before any method is
    const shownDepth = Math.max(...small.entries.map((e) => e.depth));
    expect(
      full.entries
        .filter((e) => e.depth < shownDepth)
        .every((e) => small.entries.some((s) => s.startLine === e.startLine)),
    ).toBe(true);
    expect(small.text).toMatch(/⋮ \d+ more definitions left out for the budget of 40 tokens\n$/);
  });

  it('prints a signature split over lines whole, up to its body, each line numbered', async () => {
    const index = await indexOf('outline-split', {
      'app.py': [
        'class App:',
        '    def __init__(',
        '        self,',
        "        name: str = 'a (b',",
        '        *,',
        '        debug: bool = False,',
        '    ) -> None:',
        '        self.name = name',
        '',
        '    def run(self, host: str = "x)") -> None:',
        '        pass',
        '',
      ].join('\n'),
      'lib.rs': ["pub fn longest<'a>(", "    x: &'a str,", "    y: &'a str,", ") -> &'a str {", '    x', '}', ''].join(
        '\n',
      ),
    });
    const py = await outlineFile(index, 'app.py', { tokenizer: 'regex' });
    expect(py.entries.find((e) => e.name === '__init__')!.signature).toBe(
      [
        '    def __init__(',
        '        self,',
        "        name: str = 'a (b',",
        '        *,',
        '        debug: bool = False,',
        '    ) -> None:',
      ].join('\n'),
    );
    expect(py.text).toBe(
      [
        ' 1  class App:',
        ' 2    def __init__(',
        ' 3        self,',
        " 4        name: str = 'a (b',",
        ' 5        *,',
        ' 6        debug: bool = False,',
        ' 7    ) -> None:',
        '10    def run(self, host: str = "x)") -> None:',
        '',
      ].join('\n'),
    );
    const rs = await outlineFile(index, 'lib.rs', { tokenizer: 'regex' });
    expect(rs.text).toBe(
      ["1  pub fn longest<'a>(", "2      x: &'a str,", "3      y: &'a str,", "4  ) -> &'a str {", ''].join('\n'),
    );
  });

  it('under a short budget keeps functions, methods and classes before module-level variables', async () => {
    const variables = Array.from({ length: 8 }, (_, i) => `T_${i} = t.TypeVar("T_${i}", bound=t.Callable[..., t.Any])`);
    const methods = Array.from({ length: 6 }, (_, i) => [
      `    def method_${i}(self, value: int) -> int:`,
      `        return value + ${i}`,
      '',
    ]).flat();
    const index = await indexOf('outline-short', {
      'app.py': ['import typing as t', '', ...variables, '', 'class Flask:', ...methods].join('\n'),
    });
    const full = await outlineFile(index, 'app.py', { tokenizer: 'regex' });
    expect(full.entries.map((e) => e.kind)).toEqual([
      ...variables.map(() => 'constant'),
      'class',
      ...methods.filter((l) => l.includes('def')).map(() => 'method'),
    ]);
    const short = await outlineFile(index, 'app.py', { tokenizer: 'regex', budget: 120 });
    expect(short.tokens).toBeLessThanOrEqual(120);
    expect(short.omitted).toBeGreaterThan(0);
    // the class and all its methods are shown; what is left out is variables
    expect(short.entries.filter((e) => e.kind !== 'constant').map((e) => e.name)).toEqual([
      'Flask',
      'method_0',
      'method_1',
      'method_2',
      'method_3',
      'method_4',
      'method_5',
    ]);
    expect(short.entries.filter((e) => e.kind === 'constant').length).toBeLessThan(variables.length);
  });

  it('a file without a grammar, or outside the corpus, is an error saying so', async () => {
    await expect(outlineFile(inventory, 'README.md')).rejects.toThrow(
      'README.md is not parsed (no grammar for it), so it has no outline',
    );
    await expect(outlineFile(inventory, 'src/nothing.py')).rejects.toThrow(
      'src/nothing.py is not a file of the corpus',
    );
  });
});

describe('editImpact', () => {
  it("ranks what an edit of a file ripples to, with each file's links to it, the file itself left out", () => {
    const impact = editImpact(inventory, { file: 'src/inventory/pricing.py' }, { top: 5 });
    expect(impact.edited).toEqual(['src/inventory/pricing.py']);
    expect(impact.files.map((f) => f.path)).not.toContain('src/inventory/pricing.py');
    const test = impact.files.find((f) => f.path === 'tests/test_pricing.py')!;
    expect(test.relations.map((r) => r.kind)).toEqual(['caller', 'importer', 'test']);
    const checkout = impact.files.find((f) => f.path === 'src/inventory/checkout.py')!;
    expect(checkout.relations.map((r) => r.kind)).toContain('caller');
    expect(checkout.relations.find((r) => r.kind === 'caller')!.label).toMatch(/apply_discount/);
    // the same as the engine's edit2ripple ranking of that anchor
    const ranked = inventory
      .rank({ anchor_file: 'src/inventory/pricing.py' }, { task: 'edit2ripple' })
      .files.filter((f) => !f.given);
    expect(impact.files.map((f) => f.path)).toEqual(ranked.slice(0, 5).map((f) => f.path));
  });

  it("reads the edited files from a diff's headers; a diff naming none needs the file", () => {
    const diff = [
      '--- a/src/inventory/models.py',
      '+++ b/src/inventory/models.py',
      '@@ -25,3 +25,3 @@ class Item:',
      '-    def total(self, quantity: int | None = None) -> int:',
      '+    def total(self, quantity: int | None = None, rounding: str = "half-even") -> int:',
    ].join('\n');
    const impact = editImpact(inventory, { diff });
    expect(impact.edited).toEqual(['src/inventory/models.py']);
    expect(impact.files.map((f) => f.path).slice(0, 3)).toContain('tests/test_models.py');
    const hunkOnly = diff.split('\n').slice(2).join('\n');
    expect(thrown(() => editImpact(inventory, { diff: hunkOnly }))).toMatchObject({
      code: 'bad-query',
      subject: 'diff',
    });
    // a diff of two files: both are the edit, neither is in the ripple
    const both = editImpact(inventory, {
      diff: `${diff}\n--- a/src/inventory/pricing.py\n+++ b/src/inventory/pricing.py\n@@ -34,1 +34,1 @@\n-def apply_discount(item, percent, quantity=None):\n+def apply_discount(item, percent, quantity=1):`,
    });
    expect(both.edited).toEqual(['src/inventory/models.py', 'src/inventory/pricing.py']);
    expect(both.files.map((f) => f.path)).not.toContain('src/inventory/pricing.py');
    expect(both.files.map((f) => f.path)).not.toContain('src/inventory/models.py');
    const anchored = editImpact(inventory, { diff: hunkOnly, file: 'src/inventory/models.py' });
    expect(anchored.edited).toEqual(['src/inventory/models.py']);
    expect(anchored.files.map((f) => f.path).slice(0, 3)).toContain('tests/test_models.py');
  });
});

describe('indexStatus', () => {
  it('counts files per language, parse errors and skips', async () => {
    const index = await indexOf('status', {
      'a.py': 'def f(:\n    pass\n',
      'b.ts': 'export const x = 1;\n',
      'c.md': '# c\n',
      'd.bin': '\0\0',
    });
    const status = indexStatus(index);
    expect(status).toMatchObject({
      files: 3,
      languages: { python: 1, typescript: 1 },
      parseErrors: 1,
      parseErrorFiles: ['a.py'],
      source: 'folder',
    });
    expect(status.skipped.binary).toBe(1);
    expect(indexStatus(inventory)).toMatchObject({
      files: 13,
      languages: { python: 11 },
      parseErrors: 0,
      parseErrorFiles: [],
      tooComplex: 0,
      tooComplexFiles: [],
    });
  });

  it('counts and names the files left without tags as too complex (issue 19), and prints them', async () => {
    const index = await indexOf('too-complex', {
      'deep.py': nestedPythonCalls(20_000),
      'ok.py': 'def f():\n    pass\n',
    });
    const status = indexStatus(index);
    expect(status).toMatchObject({ files: 2, parseErrors: 0, tooComplex: 1, tooComplexFiles: ['deep.py'] });
    expect(renderStatus(status)).toContain('\nparse errors 0\ntoo complex  1: deep.py\n');
  });
});

describe("the index's own verbs: symbols, refs, impact, outline", () => {
  it('answer as the agent tools do, with the same options and errors', async () => {
    expect(inventory.symbols('discount', { limit: 3 })).toEqual(findSymbols(inventory, 'discount', { limit: 3 }));
    expect(inventory.symbols('apply_discount').matches[0]).toMatchObject({ path: 'src/inventory/pricing.py' });
    expect(inventory.refs('apply_discount')).toEqual(findReferences(inventory, 'apply_discount'));
    expect(inventory.refs('apply_discount').files.map((f) => f.path)).toContain('tests/test_pricing.py');
    const edit = { file: 'src/inventory/pricing.py' };
    expect(inventory.impact(edit, { top: 4 })).toEqual(editImpact(inventory, edit, { top: 4 }));
    expect(await inventory.outline('src/inventory/pricing.py', { budget: 60 })).toEqual(
      await outlineFile(inventory, 'src/inventory/pricing.py', { budget: 60 }),
    );
    expect(thrown(() => inventory.symbols(' ')).code).toBe('bad-query');
    await expect(inventory.outline('no/such/file.py')).rejects.toMatchObject({ code: 'bad-option', subject: 'path' });
  });
});
