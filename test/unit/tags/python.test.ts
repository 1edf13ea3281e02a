import { afterAll, describe, expect, it } from 'vitest';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { definitionKeys, fixtureTags, importKeys, lineOf, referenceKeys, snippetTags } from './helpers.js';

afterAll(releaseLanguageTools);

const REPO = 'python-inventory';

describe('python tags on fixtures/repos/python-inventory', () => {
  it('models.py: classes, methods (also decorated classes) with 1-based inclusive ranges', async () => {
    const tags = await fixtureTags(REPO, 'src/inventory/models.py');
    const { text } = tags;
    expect(tags.language).toBe('python');
    expect(tags.errorNodes).toBe(0);
    expect(tags.definitions).toContainEqual({
      name: 'Inventory',
      kind: 'class',
      startLine: lineOf(text, 'class Inventory:'),
      endLine: lineOf(text, 'key=lambda item: item.sku') + 1,
    });
    expect(tags.definitions).toContainEqual({
      name: 'withdraw',
      kind: 'method',
      startLine: lineOf(text, 'def withdraw('),
      endLine: lineOf(text, 'return item', lineOf(text, 'def withdraw(')),
    });
    expect(definitionKeys(tags)).toEqual(
      expect.arrayContaining([
        'class OutOfStockError',
        'method __init__',
        'class Item',
        'method total',
        'method to_record',
        'method add_item',
        'method find_by_sku',
        'method low_stock',
      ]),
    );
    // A method is only a method, not also a function.
    expect(definitionKeys(tags)).not.toContain('function withdraw');
  });

  it('models.py: base classes, calls, attribute calls, decorators and annotations are references', async () => {
    const tags = await fixtureTags(REPO, 'src/inventory/models.py');
    const { text } = tags;
    expect(tags.references).toContainEqual({
      name: 'Exception',
      kind: 'class',
      line: lineOf(text, 'class OutOfStockError(Exception)'),
    });
    expect(tags.references).toContainEqual({
      name: 'OutOfStockError',
      kind: 'call',
      line: lineOf(text, 'raise OutOfStockError('),
    });
    expect(tags.references).toContainEqual({
      name: 'find_by_sku',
      kind: 'call',
      line: lineOf(text, 'item = self.find_by_sku(sku)'),
    });
    expect(tags.references).toContainEqual({ name: 'dataclass', kind: 'call', line: lineOf(text, '@dataclass') });
    expect(tags.references).toContainEqual({
      name: 'Item',
      kind: 'type',
      line: lineOf(text, 'def add_item(self, item: Item)'),
    });
    // `list[Item]` and `dict[str, Item]` annotations.
    expect(tags.references).toContainEqual({ name: 'Item', kind: 'type', line: lineOf(text, '-> list[Item]') });
    expect(tags.references).toContainEqual({
      name: 'Item',
      kind: 'type',
      line: lineOf(text, 'items: dict[str, Item]'),
    });
    // The definition's own name is not a reference.
    expect(tags.references).not.toContainEqual(
      expect.objectContaining({ name: 'Inventory', line: lineOf(text, 'class Inventory:') }),
    );
  });

  it('checkout.py: plain `import a.b`, `from a.b import c, d`, functions calling imported names', async () => {
    const tags = await fixtureTags(REPO, 'src/inventory/checkout.py');
    const { text } = tags;
    expect(tags.imports).toEqual([
      { specifier: 'dataclasses', line: lineOf(text, 'from dataclasses import'), names: ['dataclass', 'field'] },
      { specifier: 'inventory.models', line: lineOf(text, 'import inventory.models'), names: [] },
      {
        specifier: 'inventory.pricing',
        line: lineOf(text, 'from inventory.pricing import'),
        names: ['apply_discount', 'best_price'],
      },
    ]);
    expect(definitionKeys(tags)).toEqual([
      'class InvoiceLine',
      'class Invoice',
      'method total_cents',
      'function price_line',
      'function build_invoice',
    ]);
    expect(tags.references).toContainEqual({
      name: 'best_price',
      kind: 'call',
      line: lineOf(text, 'price = best_price('),
    });
    expect(tags.references).toContainEqual({
      name: 'price_line',
      kind: 'call',
      line: lineOf(text, 'invoice.lines.append(price_line('),
    });
    expect(tags.references).toContainEqual({
      name: 'append',
      kind: 'call',
      line: lineOf(text, 'invoice.lines.append(price_line('),
    });
    expect(tags.references).toContainEqual({ name: 'withdraw', kind: 'call', line: lineOf(text, 'stock.withdraw(') });
    // `item: inventory.models.Item` → the last attribute.
    expect(tags.references).toContainEqual({ name: 'Item', kind: 'type', line: lineOf(text, 'def price_line(') });
  });

  it('pricing.py and storage/backend.py: relative imports keep their leading dots; module constants', async () => {
    const pricing = await fixtureTags(REPO, 'src/inventory/pricing.py');
    expect(importKeys(pricing)).toEqual(['decimal [ROUND_HALF_EVEN, Decimal]', '.models [Item]']);
    expect(definitionKeys(pricing)).toEqual(
      expect.arrayContaining([
        'constant MAX_DISCOUNT_PERCENT',
        'constant BULK_TIERS',
        'class DiscountError',
        'function apply_discount',
      ]),
    );
    expect(pricing.definitions).toContainEqual({
      name: 'BULK_TIERS',
      kind: 'constant',
      startLine: lineOf(pricing.text, 'BULK_TIERS = ('),
      endLine: lineOf(pricing.text, 'BULK_TIERS = (') + 4,
    });

    const backend = await fixtureTags(REPO, 'src/inventory/storage/backend.py');
    expect(importKeys(backend)).toEqual(
      expect.arrayContaining([
        'json []',
        'os []',
        'decimal [Decimal]',
        'pathlib [Path]',
        '..models [Inventory, Item]',
        '..pricing [round_cents]',
      ]),
    );
    expect(referenceKeys(backend)).toEqual(
      expect.arrayContaining(['class RuntimeError', 'call round_cents', 'call Item', 'call parse_record']),
    );
  });

  it('`from __future__ import` is not an import of a module', async () => {
    const tags = await fixtureTags(REPO, 'src/inventory/models.py');
    expect(tags.imports.map((i) => i.specifier)).toEqual(['dataclasses']);
  });
});

describe('python import forms (inline)', () => {
  it('covers dotted, aliased, relative, parenthesized and wildcard imports', async () => {
    const tags = await snippetTags(
      'python',
      [
        'import a.b',
        'import os.path as osp, sys',
        'from a.b import c, d as e',
        'from . import x',
        'from ..m import y',
        'from .z import (',
        '    p,',
        '    q,',
        ')',
        'from m import *',
      ].join('\n'),
    );
    expect(tags.imports).toEqual([
      { specifier: 'a.b', line: 1, names: [] },
      { specifier: 'os.path', line: 2, names: [] },
      { specifier: 'sys', line: 2, names: [] },
      { specifier: 'a.b', line: 3, names: ['c', 'd'] },
      { specifier: '.', line: 4, names: ['x'] },
      { specifier: '..m', line: 5, names: ['y'] },
      { specifier: '.z', line: 6, names: ['p', 'q'] },
      { specifier: 'm', line: 10, names: ['*'] },
    ]);
  });
});
