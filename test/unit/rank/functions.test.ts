/**
 * Function-level units: functions and classes not nested in a function, qualified by
 * their classes; a class keeps only its own lines (its methods are units of their own);
 * and the ranking across files multiplies file and function scores. The units' words an
 * index keeps for the files ranked before change no ranking.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus } from '../../../src/index.js';
import { rankedFunctionIds, unitsOf, UnitWordsCache, type UnitWords } from '../../../src/rank/functions.js';
import { tagsFromSource } from '../../../src/tags/index.js';
import { FIXTURES } from '../../fixture-index.js';

const SOURCE = `class Outer:
    """Doc."""
    LIMIT = 3

    def method(self):
        def helper():
            return 1
        return helper()

    class Inner:
        def deep(self):
            pass


def top_level(x):
    return x
`;

describe('unitsOf', () => {
  it('qualifies methods by their classes, folds nested functions into theirs, and cuts methods out of their class', async () => {
    const tags = await tagsFromSource('python', 'a.py', SOURCE);
    const units = unitsOf(tags.definitions).map((u) => ({ name: u.name, owner: u.owner, ranges: u.ranges }));
    expect(units).toEqual([
      {
        name: 'Outer',
        owner: undefined,
        ranges: [
          [1, 4],
          [9, 9],
        ],
      },
      { name: 'Outer.method', owner: 'Outer', ranges: [[5, 8]] },
      { name: 'Outer.Inner', owner: 'Outer', ranges: [[10, 10]] },
      { name: 'Outer.Inner.deep', owner: 'Inner', ranges: [[11, 12]] },
      { name: 'top_level', owner: undefined, ranges: [[15, 16]] },
    ]);
  });
});

describe('the imports unit', () => {
  it('spans the module header: the imports before the first function, types among them, not those inside functions or a test module', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'repomap-imports-unit-'));
    try {
      const folder = join(tmp, 'repo');
      cpSync(join(FIXTURES, 'repos', 'python-inventory'), folder, { recursive: true });
      const python = [
        '"""Ledger entries."""',
        'import os',
        '',
        'class LedgerError(Exception):',
        '    pass',
        '',
        'from decimal import Decimal',
        '',
        'def ledger_balance(entries):',
        '    import json',
        '    return sum(Decimal(json.loads(e)["amount"]) for e in entries)',
        '',
        'def ledger_path():',
        '    from pathlib import Path',
        '    return Path(os.getcwd()) / "ledger"',
        '',
      ];
      writeFileSync(join(folder, 'src', 'inventory', 'ledger.py'), python.join('\n'));
      const rust = [
        'use std::fmt;',
        'pub struct Ledger { total: i64 }',
        'use std::io;',
        'impl Ledger {',
        '    pub fn ledger_balance(&self) -> i64 { self.total }',
        '}',
        '#[cfg(test)]',
        'mod tests {',
        '    use super::*;',
        '    fn ledger_balance_is_total() {}',
        '}',
        '',
      ];
      writeFileSync(join(folder, 'src', 'ledger.rs'), rust.join('\n'));
      const index = await buildIndex(await loadCorpus({ folder }));
      const result = index.rank('ledger_balance gives a wrong ledger balance', { task: 'issue2code' });
      const imports = (path: string) =>
        result.files.find((f) => f.path === path)?.functions?.find((f) => f.name === 'imports');
      expect(imports('src/inventory/ledger.py')).toMatchObject({ kind: 'module', start: 2, end: 7 });
      expect(imports('src/ledger.rs')).toMatchObject({ kind: 'module', start: 1, end: 3 });
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe('rankedFunctionIds', () => {
  it('orders by fileScore^fileExponent × function score, then file order, and names each once', () => {
    const files = [
      {
        path: 'a.py',
        score: 1,
        functions: [
          { name: 'f', kind: 'function' as const, start: 1, end: 2, score: 1 },
          { name: 'g', kind: 'function' as const, start: 3, end: 4, score: 0.3 },
        ],
      },
      { path: 'b.py', score: 0.6, functions: [{ name: 'h', kind: 'function' as const, start: 1, end: 2, score: 1 }] },
      { path: 'c.py', score: 0.5 },
    ];
    expect(rankedFunctionIds(files, 1)).toEqual(['a.py::f', 'b.py::h', 'a.py::g']);
    // a steeper file exponent keeps the first file's functions ahead longer
    expect(rankedFunctionIds(files, 2)).toEqual(['a.py::f', 'b.py::h', 'a.py::g']);
    expect(rankedFunctionIds(files, 3)).toEqual(['a.py::f', 'a.py::g', 'b.py::h']);
  });
});

describe('UnitWordsCache', () => {
  const words = (n: number): UnitWords[] => [{ words: [`w${n}`], counts: [n], length: n }];

  it('counts a file once while it is kept, and lets the least recently used go past its size', () => {
    const cache = new UnitWordsCache(2);
    const counted: string[] = [];
    const get = (path: string, n: number, key = 'k') =>
      cache.get(path, key, () => (counted.push(`${path}@${key}`), words(n)));
    expect(get('a.py', 1)).toEqual(words(1));
    get('b.py', 2);
    expect(get('a.py', 9), 'kept: not counted again').toEqual(words(1));
    get('c.py', 3); // b.py, the least recently used, goes
    get('a.py', 9);
    expect(get('b.py', 4)).toEqual(words(4));
    expect(get('a.py', 5, 'other content'), 'the same path with other content is counted').toEqual(words(5));
    expect(counted).toEqual(['a.py@k', 'b.py@k', 'c.py@k', 'b.py@k', 'a.py@other content']);
  });

  it('an index built from an earlier one counts an edited file anew: its functions are those of a fresh build', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'repomap-unit-words-'));
    try {
      const folder = join(tmp, 'repo');
      cpSync(join(FIXTURES, 'repos', 'python-inventory'), folder, { recursive: true });
      const query = 'apply_discount rounds the total twice';
      const before = await buildIndex(await loadCorpus({ folder }));
      const first = before.rank(query, { task: 'issue2code' });
      expect(first.functions, 'pricing.py is ranked with its functions').toContain(
        'src/inventory/pricing.py::apply_discount',
      );
      // a helper that says the query's words, above apply_discount: every unit below it moves down
      const pricing = join(folder, 'src', 'inventory', 'pricing.py');
      const helper =
        'def total_rounds_twice(total):\n    """The total, rounded twice: discount rounds."""\n    return round(round(total))\n\n\n';
      writeFileSync(
        pricing,
        readFileSync(pricing, 'utf8').replace('def apply_discount(', `${helper}def apply_discount(`),
      );
      const updated = await buildIndex(await loadCorpus({ folder }), { previous: before });
      expect(updated.previous.unitWords, "the earlier index hands its units' words on").toBe(before.previous.unitWords);
      const fresh = await buildIndex(await loadCorpus({ folder }));
      const { stats: _a, ...again } = updated.rank(query, { task: 'issue2code' });
      const { stats: _b, ...expected } = fresh.rank(query, { task: 'issue2code' });
      expect(again).toEqual(expected);
      expect(again.functions, 'the edit changed the functions').toContain(
        'src/inventory/pricing.py::total_rounds_twice',
      );
      const units = (r: typeof again) =>
        r.files.find((f) => f.path === 'src/inventory/pricing.py')?.functions?.map((f) => [f.name, f.start, f.end]);
      expect(units(again)).not.toEqual(units(first));
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('an index that ranked other issues first names the same functions, with the same scores, as a fresh one', async () => {
    const folder = join(FIXTURES, 'repos', 'python-inventory');
    const queries = [
      'Item.total ignores the quantity when a discount applies',
      'apply_discount rounds the total twice',
      'checkout fails when the cart is empty: the storage backend raises KeyError',
    ];
    const used = await buildIndex(await loadCorpus({ folder }));
    for (const q of [...queries].reverse()) used.rank(q, { task: 'issue2code' });
    for (const q of queries) {
      const fresh = await buildIndex(await loadCorpus({ folder }));
      const { stats: _a, ...again } = used.rank(q, { task: 'issue2code' });
      const { stats: _b, ...first } = fresh.rank(q, { task: 'issue2code' });
      expect(again.functions?.length, q).toBeGreaterThan(0);
      expect(again, q).toEqual(first);
    }
  });
});

describe('rank without spans', () => {
  it('ranks the same files, scores and reasons, and leaves out spans and functions', async () => {
    const index = await buildIndex(await loadCorpus({ folder: join(FIXTURES, 'repos', 'python-inventory') }));
    const queries = [
      'Item.total ignores the quantity when a discount applies',
      'checkout fails when the cart is empty: the storage backend raises KeyError',
    ];
    let spans = 0;
    for (const q of queries) {
      const { stats: _a, ...full } = index.rank(q, { task: 'issue2code' });
      const { stats: _b, ...lean } = index.rank(q, { task: 'issue2code', spans: false });
      expect(full.functions?.length, q).toBeGreaterThan(0);
      spans += full.files.filter((f) => f.spans && f.spans.length > 0).length;
      expect(lean.functions, q).toBeUndefined();
      expect(
        lean.files.every((f) => f.spans === undefined && f.functions === undefined),
        q,
      ).toBe(true);
      expect(lean, q).toEqual({
        ...full,
        functions: undefined,
        files: full.files.map(({ spans: _s, functions: _f, ...f }) => f),
      });
    }
    expect(spans, 'the full rankings had spans to leave out').toBeGreaterThan(0);
  });

  it('gives `functions` to as many first files as asked, each as a full ranking has them', async () => {
    const index = await buildIndex(await loadCorpus({ folder: join(FIXTURES, 'repos', 'python-inventory') }));
    const q = 'apply_discount rounds half a cent the wrong way';
    const full = index.rank(q, { task: 'issue2code' });
    const two = index.rank(q, { task: 'issue2code', spans: false, functions: 2 });
    expect(two.files.map((f) => [f.path, f.score, f.reasons])).toEqual(
      full.files.map((f) => [f.path, f.score, f.reasons]),
    );
    expect(two.files.map((f) => f.functions !== undefined)).toEqual(full.files.map((_, i) => i < 2));
    expect(two.files.slice(0, 2).map((f) => f.functions)).toEqual(full.files.slice(0, 2).map((f) => f.functions));
    expect(two.files[0]!.functions![0]!.name).toBe('apply_discount');
    expect(two.files.every((f) => f.spans === undefined)).toBe(true);
    // the task's functionFiles caps it, and 0 asks for none
    expect(index.rank(q, { task: 'issue2code', functions: 1000 }).functions).toEqual(full.functions);
    const none = index.rank(q, { task: 'issue2code', functions: 0 });
    expect(none.functions).toBeUndefined();
    expect(none.files.every((f) => f.functions === undefined && f.spans !== undefined)).toBe(true);
    expect(index.rank(q, { task: 'code2test', functions: 5 }).files.every((f) => f.functions === undefined)).toBe(true);
    for (const bad of [-1, 1.5, Number.NaN])
      expect(() => index.rank(q, { functions: bad }), String(bad)).toThrow(
        /rank's functions must be a whole number ≥ 0/,
      );
  });
});
