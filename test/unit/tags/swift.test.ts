import { afterAll, describe, expect, it } from 'vitest';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { definitionKeys, fixtureTags, importKeys, lineOf, referenceKeys, snippetTags } from './helpers.js';

afterAll(releaseLanguageTools);

const REPO = 'swift-checkout';

describe('swift tags on fixtures/repos/swift-checkout', () => {
  it('Money.swift: a struct with its body, its initializer, methods, a static constant', async () => {
    const tags = await fixtureTags(REPO, 'Sources/Money/Money.swift');
    const { text } = tags;
    expect(tags.errorNodes).toBe(0);
    expect(tags.language).toBe('swift');
    expect(tags.definitions).toContainEqual({
      name: 'Money',
      kind: 'class',
      startLine: lineOf(text, 'public struct Money'),
      endLine: text.trimEnd().split('\n').length,
    });
    expect(tags.definitions).toContainEqual({
      name: 'percent',
      kind: 'method',
      startLine: lineOf(text, 'public func percent('),
      endLine: lineOf(text, 'return Money(minor: rounded') + 1,
    });
    expect(definitionKeys(tags)).toEqual([
      'class Money',
      'constant zeroEUR',
      'method init',
      'method zero',
      'method plus',
      'method minus',
      'method times',
      'method percent',
      'method isNegative',
      'method requireSameCurrency',
    ]);
    // instance properties and locals are no definitions
    expect(definitionKeys(tags)).not.toContain('constant minor');
    expect(definitionKeys(tags)).not.toContain('constant scaled');
  });

  it('Cart.swift: constructor calls, calls through a value, types, enum cases through their type', async () => {
    const tags = await fixtureTags(REPO, 'Sources/Checkout/Cart.swift');
    const { text } = tags;
    expect(definitionKeys(tags)).toEqual([
      'class Cart',
      'method init',
      'method add',
      'method remove',
      'method apply',
      'method subtotal',
      'method total',
    ]);
    expect(tags.references).toContainEqual({
      name: 'LineItem',
      kind: 'class',
      line: lineOf(text, 'items.append(LineItem('),
    });
    expect(tags.references).toContainEqual({
      name: 'amountOff',
      kind: 'call',
      line: lineOf(text, 'discount.amountOff('),
    });
    expect(tags.references).toContainEqual({
      name: 'CheckoutError',
      kind: 'type',
      line: lineOf(text, 'throw CheckoutError.unknownItem('),
    });
    expect(tags.references).toContainEqual({
      name: 'unknownItem',
      kind: 'call',
      line: lineOf(text, 'throw CheckoutError.unknownItem('),
    });
    expect(tags.references).toContainEqual({
      name: 'Discount',
      kind: 'type',
      line: lineOf(text, 'private var discounts: [Discount]'),
    });
  });

  it('protocols, conformances, extensions, enum cases and file-scope functions', async () => {
    const discount = await fixtureTags(REPO, 'Sources/Checkout/Discount.swift');
    expect(definitionKeys(discount)).toEqual([
      'interface Discount',
      'method amountOff',
      'class PercentOff',
      'method init',
      'method amountOff',
      'class BuyXGetY',
      'method init',
      'method amountOff',
    ]);
    expect(referenceKeys(discount).filter((r) => r === 'class Discount')).toHaveLength(2);

    const formatting = await fixtureTags(REPO, 'Sources/Money/Formatting.swift');
    // `extension Money` defines no Money; it uses it, and its members are methods
    expect(definitionKeys(formatting)).toEqual(['method formatted', 'function pow10']);
    expect(formatting.references).toContainEqual({ name: 'Money', kind: 'class', line: 1 });

    const errors = await fixtureTags(REPO, 'Sources/Checkout/CheckoutError.swift');
    expect(definitionKeys(errors)).toEqual([
      'class CheckoutError',
      'constant invalidQuantity',
      'constant unknownItem',
      'constant currencyMismatch',
      'constant negativeTotal',
    ]);
  });

  it('imports: the module path as written, @testable or not; a kind import names what it imports', async () => {
    const test = await fixtureTags(REPO, 'Tests/CheckoutTests/CartTests.swift');
    expect(test.imports).toEqual([
      { specifier: 'XCTest', line: 1, names: [] },
      { specifier: 'Money', line: 2, names: [] },
      { specifier: 'Checkout', line: 3, names: [] },
    ]);
    const receipt = await fixtureTags(REPO, 'Sources/Checkout/Receipt.swift');
    expect(importKeys(receipt)).toEqual(['Money.Money [Money]']);
  });

  it('messages: what Swift code throws, traps and logs with', async () => {
    const cart = await fixtureTags(REPO, 'Sources/Checkout/Cart.swift');
    expect(cart.messages).toContainEqual({ text: 'no item \\(sku) in the cart', line: lineOf(cart.text, 'no item') });
    const money = await fixtureTags(REPO, 'Sources/Money/Money.swift');
    expect(money.messages.map((m) => m.line)).toEqual([lineOf(money.text, 'precondition(')]);
    const tags = await snippetTags(
      'swift',
      [
        'func load(path: String) throws -> Config {',
        '    guard let data = read(path) else { throw ConfigError.missing("config not found") }',
        '    print("loading")',
        '    logger.error("cannot parse \\(path)")',
        '    assertionFailure("unreachable state")',
        '    preconditionFailure("bad config")',
        '}',
        '',
      ].join('\n'),
    );
    expect(tags.errorNodes).toBe(0);
    expect(tags.messages.map((m) => m.text)).toEqual([
      'config not found',
      'cannot parse \\(path)',
      'unreachable state',
      'bad config',
    ]);
  });

  it('snippets: actors, typealiases, protocol requirements, file-scope lets and static members', async () => {
    const tags = await snippetTags(
      'swift',
      [
        'import class UIKit.UIView',
        'typealias Handler = (Int) -> Void',
        'let maxRetries = 3',
        'var counter = 0',
        'actor Cache {',
        '    static let shared = Cache()',
        '    func get(_ key: String) -> Data? { return store[key] }',
        '}',
        'protocol Store: AnyObject {',
        '    associatedtype Key',
        '    func load(_ key: Key) throws -> Item',
        '}',
        '',
      ].join('\n'),
    );
    expect(tags.errorNodes).toBe(0);
    expect(importKeys(tags)).toEqual(['UIKit.UIView [UIView]']);
    expect(definitionKeys(tags)).toEqual([
      'type Handler',
      'constant maxRetries',
      'class Cache',
      'constant shared',
      'method get',
      'interface Store',
      'type Key',
      'method load',
    ]);
    expect(referenceKeys(tags)).toEqual(
      expect.arrayContaining(['class Cache', 'class AnyObject', 'type Data', 'type Item']),
    );
  });
});
