import { afterAll, describe, expect, it } from 'vitest';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { definitionKeys, fixtureTags, importKeys, lineOf, referenceKeys, snippetTags } from './helpers.js';

afterAll(releaseLanguageTools);

const REPO = 'java-ledger';
const MAIN = 'src/main/java/com/example/ledger';
const TEST = 'src/test/java/com/example/ledger';

describe('java tags on fixtures/repos/java-ledger', () => {
  it('Ledger.java: package as a dotted module, class, constructor and methods', async () => {
    const tags = await fixtureTags(REPO, `${MAIN}/Ledger.java`);
    const { text } = tags;
    expect(tags.errorNodes).toBe(0);
    expect(tags.definitions[0]).toEqual({ name: 'com.example.ledger', kind: 'module', startLine: 1, endLine: 1 });
    expect(tags.definitions).toContainEqual({
      name: 'Ledger',
      kind: 'class',
      startLine: lineOf(text, 'public final class Ledger'),
      endLine: text.trimEnd().split('\n').length,
    });
    expect(tags.definitions).toContainEqual({
      name: 'transfer',
      kind: 'method',
      startLine: lineOf(text, 'public synchronized Posting transfer('),
      endLine: lineOf(text, 'return posting;') + 1,
    });
    expect(definitionKeys(tags)).toEqual(
      expect.arrayContaining(['method Ledger', 'method open', 'method balanceOf', 'method history', 'method account']),
    );
  });

  it('Ledger.java: method invocations, `new X()`, generic `new X<>()` and type references', async () => {
    const tags = await fixtureTags(REPO, `${MAIN}/Ledger.java`);
    const { text } = tags;
    expect(tags.references).toContainEqual({ name: 'debit', kind: 'call', line: lineOf(text, 'from.debit(amount)') });
    expect(tags.references).toContainEqual({
      name: 'account',
      kind: 'call',
      line: lineOf(text, 'Account from = account(fromId)'),
    });
    expect(tags.references).toContainEqual({
      name: 'append',
      kind: 'call',
      line: lineOf(text, 'store.append(posting)'),
    });
    expect(tags.references).toContainEqual({
      name: 'Account',
      kind: 'class',
      line: lineOf(text, 'new Account(id, currency'),
    });
    expect(tags.references).toContainEqual({ name: 'Posting', kind: 'class', line: lineOf(text, 'new Posting(') });
    expect(tags.references).toContainEqual({ name: 'HashMap', kind: 'class', line: lineOf(text, 'new HashMap<>()') });
    expect(tags.references).toContainEqual({
      name: 'LedgerStore',
      kind: 'type',
      line: lineOf(text, 'private final LedgerStore store;'),
    });
    expect(tags.references).toContainEqual({
      name: 'Money',
      kind: 'type',
      line: lineOf(text, 'Money amount, String memo'),
    });
  });

  it('imports: the full dotted name, including static imports, with no names', async () => {
    const ledger = await fixtureTags(REPO, `${MAIN}/Ledger.java`);
    expect(ledger.imports).toContainEqual({ specifier: 'com.example.ledger.money.Currency', line: 3, names: [] });
    expect(importKeys(ledger)).toEqual([
      'com.example.ledger.money.Currency []',
      'com.example.ledger.money.Money []',
      'com.example.ledger.store.LedgerStore []',
      'java.time.Clock []',
      'java.util.HashMap []',
      'java.util.List []',
      'java.util.Map []',
      'java.util.NoSuchElementException []',
    ]);
    const accountTest = await fixtureTags(REPO, `${TEST}/AccountTest.java`);
    expect(importKeys(accountTest)).toEqual([
      'org.junit.jupiter.api.Assertions.assertEquals []',
      'org.junit.jupiter.api.Assertions.assertThrows []',
      'com.example.ledger.money.Currency []',
      'com.example.ledger.money.Money []',
      'org.junit.jupiter.api.Test []',
    ]);
    // `Money.ofMinor(cents, Currency.USD)`: static calls and static field access name their class.
    expect(referenceKeys(accountTest)).toEqual(
      expect.arrayContaining(['call ofMinor', 'type Money', 'type Currency', 'call assertEquals', 'call credit']),
    );
  });

  it('enums, records, interfaces, implements, extends', async () => {
    const currency = await fixtureTags(REPO, `${MAIN}/money/Currency.java`);
    expect(definitionKeys(currency)).toEqual(
      expect.arrayContaining([
        'module com.example.ledger.money',
        'class Currency',
        'constant USD',
        'constant JPY',
        'method Currency',
        'method fromCode',
      ]),
    );
    const posting = await fixtureTags(REPO, `${MAIN}/Posting.java`);
    expect(definitionKeys(posting)).toEqual(expect.arrayContaining(['class Posting', 'method touches']));
    expect(referenceKeys(posting)).toEqual(
      expect.arrayContaining(['type Money', 'type Instant', 'call requireNonNull']),
    );

    const store = await fixtureTags(REPO, `${MAIN}/store/LedgerStore.java`);
    expect(definitionKeys(store)).toEqual(
      expect.arrayContaining(['interface LedgerStore', 'method append', 'method postingsFor']),
    );
    const memory = await fixtureTags(REPO, `${MAIN}/store/InMemoryLedgerStore.java`);
    expect(memory.references).toContainEqual({
      name: 'LedgerStore',
      kind: 'implementation',
      line: lineOf(memory.text, 'implements LedgerStore'),
    });
    const money = await fixtureTags(REPO, `${MAIN}/money/Money.java`);
    expect(referenceKeys(money)).toContain('implementation Comparable');
    const insufficient = await fixtureTags(REPO, `${MAIN}/InsufficientFundsException.java`);
    expect(referenceKeys(insufficient)).toContain('class RuntimeException');
  });

  it('LedgerTest.java: static final fields are constants; test methods are methods', async () => {
    const tags = await fixtureTags(REPO, `${TEST}/LedgerTest.java`);
    expect(definitionKeys(tags)).toEqual(
      expect.arrayContaining([
        'class LedgerTest',
        'constant NOW',
        'method setUp',
        'method transferMovesMoneyAndRecordsPosting',
      ]),
    );
    expect(referenceKeys(tags)).toEqual(
      expect.arrayContaining(['call transfer', 'call balanceOf', 'class InMemoryLedgerStore', 'class Ledger']),
    );
  });
});

describe('java forms (inline)', () => {
  it('wildcard imports, qualified types, annotation types and interface constants', async () => {
    const tags = await snippetTags(
      'java',
      [
        'package a;', // 1
        'import com.x.money.*;', // 2
        'import java.util.List;', // 3
        'class Q extends a.b.Base<String> implements java.io.Serializable {', // 4
        '  void f() { new com.x.Thing(); var s = State.OPEN; }', // 5
        '}', // 6
        'interface Named { String PREFIX = "n"; }', // 7
        '@interface Marker {}', // 8
      ].join('\n'),
    );
    expect(tags.imports).toEqual([
      { specifier: 'com.x.money.*', line: 2, names: [] },
      { specifier: 'java.util.List', line: 3, names: [] },
    ]);
    expect(definitionKeys(tags)).toEqual([
      'module a',
      'class Q',
      'method f',
      'interface Named',
      'constant PREFIX',
      'interface Marker',
    ]);
    expect(referenceKeys(tags)).toEqual(
      expect.arrayContaining(['class Base', 'implementation Serializable', 'class Thing', 'type State', 'type String']),
    );
    // Package segments of qualified names and `var` are not type references.
    for (const noise of ['type a', 'type b', 'type java', 'type io', 'type com', 'type x', 'type var']) {
      expect(referenceKeys(tags)).not.toContain(noise);
    }
  });
});
