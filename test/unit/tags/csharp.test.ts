import { afterAll, describe, expect, it } from 'vitest';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { definitionKeys, fixtureTags, importKeys, lineOf, referenceKeys, snippetTags } from './helpers.js';

afterAll(releaseLanguageTools);

const REPO = 'csharp-orders';

describe('csharp tags on fixtures/repos/csharp-orders', () => {
  it('Order.cs: a file-scoped namespace, an enum and its members, a class with properties and methods and their bodies', async () => {
    const tags = await fixtureTags(REPO, 'src/Orders.Core/Order.cs');
    const { text } = tags;
    expect(tags.errorNodes).toBe(0);
    expect(tags.language).toBe('csharp');
    // `namespace Orders.Core;` covers the rest of the file
    expect(tags.definitions[0]).toEqual({
      name: 'Orders.Core',
      kind: 'module',
      startLine: lineOf(text, 'namespace Orders.Core;'),
      endLine: text.trimEnd().split('\n').length,
    });
    expect(tags.definitions).toContainEqual({
      name: 'Subtotal',
      kind: 'method',
      startLine: lineOf(text, 'public Money Subtotal()'),
      endLine: lineOf(text, '.Aggregate((a, b) => a.Plus(b));') + 1,
    });
    expect(definitionKeys(tags)).toEqual([
      'module Orders.Core',
      'class OrderStatus',
      'constant Open',
      'constant Placed',
      'constant Cancelled',
      'class Order',
      // properties are what callers use: methods
      'method Id',
      'method Customer',
      'method Status',
      'method Lines',
      'method Order',
      'method Add',
      'method Subtotal',
      'method Place',
      'method Cancel',
      'method EnsureOpen',
    ]);
    // an instance `readonly` field is no constant
    expect(definitionKeys(tags)).not.toContain('constant _lines');
  });

  it('Money.cs: a struct, `const` and `static readonly` fields as constants, an exception class', async () => {
    const tags = await fixtureTags(REPO, 'src/Orders.Core/Money.cs');
    expect(tags.errorNodes).toBe(0);
    expect(definitionKeys(tags)).toEqual(
      expect.arrayContaining([
        'class Money',
        'constant MinorUnitsPerMajor',
        'constant Zero',
        'method Plus',
        'method RequireSameCurrency',
        'class CurrencyMismatchException',
      ]),
    );
  });

  it('references: calls by name, `new X()` as classes, bases (I-names as implementations), static access and written types', async () => {
    const money = await fixtureTags(REPO, 'src/Orders.Core/Money.cs');
    const { text } = money;
    expect(money.references).toContainEqual({
      name: 'IEquatable',
      kind: 'implementation',
      line: lineOf(text, 'public readonly struct Money'),
    });
    expect(money.references).toContainEqual({
      name: 'NotEmpty',
      kind: 'call',
      line: lineOf(text, 'Guards.NotEmpty(currency'),
    });
    expect(money.references).toContainEqual({
      name: 'Guards',
      kind: 'type',
      line: lineOf(text, 'Guards.NotEmpty(currency'),
    });
    expect(money.references).toContainEqual({
      name: 'CurrencyMismatchException',
      kind: 'class',
      line: lineOf(text, 'throw new CurrencyMismatchException('),
    });
    expect(money.references).toContainEqual({
      name: 'InvalidOperationException',
      kind: 'class',
      line: lineOf(text, ': InvalidOperationException'),
    });
    // `nameof(x)` and the members every object has are not calls
    expect(referenceKeys(money)).not.toContain('call nameof');
    expect(referenceKeys(money)).not.toContain('call Equals');

    const policy = await fixtureTags(REPO, 'src/Orders.Core/Pricing/DiscountPolicy.cs');
    expect(referenceKeys(policy)).toEqual(
      expect.arrayContaining([
        'type Money',
        'type Order',
        'implementation IDiscountPolicy',
        'class Money',
        'call Percent',
      ]),
    );
    expect(definitionKeys(policy).slice(0, 3)).toEqual([
      'module Orders.Core.Pricing',
      'interface IDiscountPolicy',
      'method DiscountFor',
    ]);
  });

  it('usings: namespaces, `using static` types and alias targets, as written', async () => {
    const program = await fixtureTags(REPO, 'src/Orders.Cli/Program.cs');
    expect(importKeys(program)).toEqual([
      'System []',
      'Orders.Core []',
      'Orders.Core.Pricing []',
      'Orders.Storage.InMemoryOrderRepository []',
    ]);
    // the alias is used by its own name
    expect(referenceKeys(program)).toContain('class Repo');
    const line = await fixtureTags(REPO, 'src/Orders.Core/OrderLine.cs');
    expect(line.imports).toEqual([{ specifier: 'Orders.Core.Guards', line: 1, names: [] }]);
  });

  it('messages: exception texts, interpolated ones without their `$`', async () => {
    const order = await fixtureTags(REPO, 'src/Orders.Core/Order.cs');
    expect(order.messages.map((m) => m.text)).toEqual([
      'cannot place an empty order',
      'order {Id} is {Status}, not open',
    ]);
  });

  it('snippets: nested block namespaces, records, delegates, local functions, `global::` usings, logging calls', async () => {
    const tags = await snippetTags(
      'csharp',
      [
        'using global::Orders.Core;',
        'namespace Orders { namespace Api {',
        '  public record Receipt(string Id);',
        '  public delegate void Notify(Receipt r);',
        '  class Handler {',
        '    void Run() { int Twice(int x) => x * 2; _log.LogError("refund failed for {Id}", 1); }',
        '  }',
        '} }',
      ].join('\n'),
    );
    expect(tags.errorNodes).toBe(0);
    // both namespaces start on line 2; the resolver nests them by their spans
    expect(definitionKeys(tags).sort()).toEqual([
      'class Handler',
      'class Receipt',
      'function Twice',
      'method Run',
      'module Api',
      'module Orders',
      'type Notify',
    ]);
    expect(importKeys(tags)).toEqual(['global::Orders.Core []']);
    expect(tags.messages).toEqual([{ text: 'refund failed for {Id}', line: 6 }]);
  });

  it('snippets: a `record struct` is a class; calls on `this` and generic method calls are calls', async () => {
    const tags = await snippetTags(
      'csharp',
      [
        'namespace Orders;',
        'public readonly record struct Point(int X, int Y);',
        'class Mapper {',
        '  void Run() { this.Map<Point>(1); base.Flush(); Convert<Point>(2); }',
        '}',
      ].join('\n'),
    );
    expect(tags.errorNodes).toBe(0);
    expect(definitionKeys(tags)).toEqual(['module Orders', 'class Point', 'class Mapper', 'method Run']);
    expect(tags.definitions[0]).toEqual({ name: 'Orders', kind: 'module', startLine: 1, endLine: 5 });
    expect(referenceKeys(tags)).toEqual(expect.arrayContaining(['call Map', 'call Flush', 'call Convert']));
  });
});
