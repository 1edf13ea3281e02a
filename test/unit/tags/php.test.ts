import { afterAll, describe, expect, it } from 'vitest';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { definitionKeys, fixtureTags, importKeys, lineOf, referenceKeys, snippetTags } from './helpers.js';

afterAll(releaseLanguageTools);

const REPO = 'php-cart';

describe('php tags on fixtures/repos/php-cart', () => {
  it('Money.php: the namespace, the class with its body, methods (static and private too)', async () => {
    const tags = await fixtureTags(REPO, 'src/Money.php');
    const { text } = tags;
    expect(tags.errorNodes).toBe(0);
    expect(tags.language).toBe('php');
    expect(tags.definitions).toContainEqual({
      name: 'plus',
      kind: 'method',
      startLine: lineOf(text, 'public function plus('),
      endLine: lineOf(text, 'return new self($this->cents + $other->cents') + 1,
    });
    expect(definitionKeys(tags)).toEqual([
      'module Acme\\Cart',
      'class Money',
      'method __construct',
      'method of',
      'method plus',
      'method times',
      'method assertSameCurrency',
    ]);
  });

  it('interfaces, class constants and namespaced functions', async () => {
    const rule = await fixtureTags(REPO, 'src/Tax/TaxRule.php');
    expect(definitionKeys(rule)).toEqual([
      'module Acme\\Cart\\Tax',
      'interface TaxRule',
      'method appliesTo',
      'method taxOn',
    ]);
    const cart = await fixtureTags(REPO, 'src/Cart.php');
    expect(definitionKeys(cart)).toContain('constant MAX_ITEMS');
    const functions = await fixtureTags(REPO, 'src/functions.php');
    expect(definitionKeys(functions)).toEqual(['module Acme\\Cart', 'function format_money']);
  });

  it('references: method calls, static calls, new, implements, parameter and return types; self is no class', async () => {
    const calculator = await fixtureTags(REPO, 'src/Tax/TaxCalculator.php');
    const { text } = calculator;
    expect(calculator.references).toContainEqual({ name: 'taxOn', kind: 'call', line: lineOf(text, '$rule->taxOn(') });
    expect(calculator.references).toContainEqual({
      name: 'CartException',
      kind: 'class',
      line: lineOf(text, 'throw new CartException('),
    });
    expect(calculator.references).toContainEqual({
      name: 'LineItem',
      kind: 'type',
      line: lineOf(text, 'public function taxFor('),
    });
    const percentage = await fixtureTags(REPO, 'src/Tax/PercentageTax.php');
    expect(referenceKeys(percentage)).toEqual(
      expect.arrayContaining(['implementation TaxRule', 'class InvalidArgumentException', 'call times']),
    );
    const cart = await fixtureTags(REPO, 'src/Cart.php');
    expect(cart.references).toContainEqual({
      name: 'Money',
      kind: 'type',
      line: lineOf(cart.text, '$total = Money::of(0);'),
    });
    expect(referenceKeys(cart)).toContain('implementation Countable');
    // `count()` is the standard library's
    expect(referenceKeys(cart)).not.toContain('call count');
    const money = await fixtureTags(REPO, 'src/Money.php');
    expect(referenceKeys(money).filter((r) => r.endsWith(' self'))).toEqual([]);
  });

  it('imports: use statements, group uses with their names, use function, __DIR__ and dirname(__DIR__) paths', async () => {
    const cart = await fixtureTags(REPO, 'src/Cart.php');
    expect(cart.imports).toEqual([
      { specifier: 'Acme\\Cart\\Exception\\CartException', line: 7, names: [] },
      { specifier: 'Acme\\Cart\\Tax\\TaxCalculator', line: 8, names: [] },
    ]);
    const bin = await fixtureTags(REPO, 'bin/cart.php');
    expect(importKeys(bin)).toEqual([
      'dirname(__DIR__)/vendor/autoload.php []',
      '__DIR__/../src/functions.php []',
      'Acme\\Cart\\Cart []',
      'Acme\\Cart\\LineItem []',
      'Acme\\Cart\\Money []',
      'Acme\\Cart\\Tax [PercentageTax, TaxCalculator]',
      'Acme\\Cart\\format_money []',
    ]);
  });

  it('messages: what exceptions are thrown with (sprintf and concatenation too) and what is logged', async () => {
    const money = await fixtureTags(REPO, 'src/Money.php');
    expect(money.messages).toEqual([{ text: 'Cannot add %s to %s', line: lineOf(money.text, "sprintf('Cannot add") }]);
    const item = await fixtureTags(REPO, 'src/LineItem.php');
    expect(item.messages.map((m) => m.text)).toEqual(['Quantity must be at least 1 for {$sku}']);
    const tags = await snippetTags(
      'php',
      [
        '<?php',
        'function f($x) {',
        "    if (!$x) { throw new \\RuntimeException('Missing value for ' . $x); }",
        '    trigger_error("Deprecated option", E_USER_DEPRECATED);',
        "    $this->logger->error('Could not save order {id}');",
        '    echo "not a failure";',
        '}',
        '',
      ].join('\n'),
    );
    expect(tags.messages.map((m) => m.text)).toEqual([
      'Missing value for',
      'Deprecated option',
      'Could not save order {id}',
    ]);
  });

  it('snippets: traits, enums, define(), includes of plain and interpolated paths, several uses in one statement', async () => {
    const tags = await snippetTags(
      'php',
      [
        '<?php',
        'namespace App;',
        'use A\\B, C\\D as E;',
        "include 'config.php';",
        'include_once "lib/$name.php";',
        "define('APP_VERSION', '1.0');",
        'trait Loggable { public function log(string $m): void {} }',
        "enum Status: string { case Open = 'open'; }",
        'class Job { use Loggable; }',
        '',
      ].join('\n'),
    );
    expect(tags.errorNodes).toBe(0);
    expect(importKeys(tags)).toEqual(['A\\B []', 'C\\D []', 'config.php []']);
    expect(definitionKeys(tags)).toEqual([
      'module App',
      'constant APP_VERSION',
      'class Loggable',
      'method log',
      'constant Open',
      'class Status',
      'class Job',
    ]);
    expect(referenceKeys(tags)).toContain('implementation Loggable');
  });

  it('group uses: the names in the braces, not their aliases; `use function` groups too', async () => {
    const tags = await snippetTags(
      'php',
      [
        '<?php',
        'namespace App;',
        'use Acme\\Cart\\Tax\\{TaxRule, Sub\\Flat as FlatTax};',
        'use function Acme\\Util\\{format_money, parse_money as parse};',
        '',
      ].join('\n'),
    );
    expect(tags.errorNodes).toBe(0);
    expect(importKeys(tags)).toEqual([
      'Acme\\Cart\\Tax [TaxRule, Sub\\Flat]',
      'Acme\\Util [format_money, parse_money]',
    ]);
  });
});
