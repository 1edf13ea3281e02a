import { afterAll, describe, expect, it } from 'vitest';
import { languageOf } from '../../../src/languages/index.js';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { definitionKeys, fixtureTags, fixtureText, importKeys, lineOf, referenceKeys, snippetTags } from './helpers.js';

afterAll(releaseLanguageTools);

const REPO = 'cpp-tinyjson';

describe('which grammar reads a header', () => {
  it('a .h holding a namespace, a class or a template is C++; a plain C header stays C', () => {
    expect(languageOf('include/tinyjson/value.h', fixtureText(REPO, 'include/tinyjson/value.h'))).toBe('cpp');
    expect(languageOf('include/tinyjson/error.h', fixtureText(REPO, 'include/tinyjson/error.h'))).toBe('cpp');
    expect(languageOf('include/httpparse/headers.h', fixtureText('c-httpparse', 'include/httpparse/headers.h'))).toBe(
      'c',
    );
    expect(languageOf('a.h', 'template <typename T>\nT twice(T v);\n')).toBe('cpp');
    expect(languageOf('a.h', '#ifdef __cplusplus\nextern "C" {\n#endif\nint f(void);\n')).toBe('c');
    // without its text, a .h is read by its extension
    expect(languageOf('a.h')).toBe('c');
    expect(languageOf('src/a.hpp')).toBe('cpp');
    expect(languageOf('src/A.CC')).toBe('cpp');
  });
});

describe('cpp tags on fixtures/repos/cpp-tinyjson', () => {
  it('value.h: the namespace, an enum class, the class with its methods declared and defined in the body', async () => {
    const tags = await fixtureTags(REPO, 'include/tinyjson/value.h');
    const { text } = tags;
    expect(tags.errorNodes).toBe(0);
    expect(tags.language).toBe('cpp');
    expect(tags.definitions).toContainEqual({
      name: 'tinyjson',
      kind: 'module',
      startLine: lineOf(text, 'namespace tinyjson {'),
      endLine: lineOf(text, '}  // namespace tinyjson'),
    });
    expect(tags.definitions).toContainEqual({
      name: 'Value',
      kind: 'class',
      startLine: lineOf(text, 'class Value {'),
      endLine: lineOf(text, '};', lineOf(text, 'class Value {')),
    });
    expect(tags.definitions).toContainEqual({
      name: 'type',
      kind: 'method',
      startLine: lineOf(text, 'Type type() const'),
      endLine: lineOf(text, 'Type type() const'),
    });
    expect(definitionKeys(tags)).toEqual(
      expect.arrayContaining([
        'type Type',
        'constant Number',
        'function typeName',
        'method asNumber',
        'method asString',
        'method set',
        'method find',
        'method require',
        'method boolean',
      ]),
    );
    expect(importKeys(tags)).toEqual(['<string> []', '<utility> []', '<vector> []']);
  });

  it('value.cpp: out-of-class definitions are methods; calls, constructors and thrown types are references', async () => {
    const tags = await fixtureTags(REPO, 'src/value.cpp');
    const { text } = tags;
    expect(tags.errorNodes).toBe(0);
    expect(tags.definitions).toContainEqual({
      name: 'asNumber',
      kind: 'method',
      startLine: lineOf(text, 'double Value::asNumber() const {'),
      endLine: lineOf(text, 'return number_;') + 1,
    });
    expect(tags.definitions).toContainEqual({
      name: 'typeName',
      kind: 'function',
      startLine: lineOf(text, 'const char *typeName(Type type)'),
      endLine: lineOf(text, 'return "?";') + 1,
    });
    expect(definitionKeys(tags)).toEqual(
      expect.arrayContaining(['method set', 'method find', 'method members', 'method string']),
    );
    expect(tags.references).toContainEqual({
      name: 'require',
      kind: 'call',
      line: lineOf(text, 'require(Type::Number);'),
    });
    expect(tags.references).toContainEqual({
      name: 'TypeError',
      kind: 'call',
      line: lineOf(text, 'throw TypeError(std::string("expected ")'),
    });
    expect(tags.references).toContainEqual({
      name: 'emplace_back',
      kind: 'call',
      line: lineOf(text, 'members_.emplace_back('),
    });
    expect(importKeys(tags)).toEqual(['tinyjson/value.h []', 'tinyjson/error.h []']);
  });

  it('parser.cpp: qualified calls (`Value::string`), member calls and the class named by a static call', async () => {
    const tags = await fixtureTags(REPO, 'src/parser.cpp');
    const { text } = tags;
    expect(tags.errorNodes).toBe(0);
    expect(definitionKeys(tags)).toEqual(
      expect.arrayContaining([
        'function parse',
        'method parse',
        'method parseValue',
        'method parseString',
        'method expect',
        'method parseLiteral',
      ]),
    );
    expect(tags.references).toContainEqual({
      name: 'string',
      kind: 'call',
      line: lineOf(text, 'return Value::string(std::move(out));'),
    });
    expect(tags.references).toContainEqual({
      name: 'Value',
      kind: 'type',
      line: lineOf(text, 'return Value::string(std::move(out));'),
    });
    expect(tags.references).toContainEqual({
      name: 'parseObject',
      kind: 'call',
      line: lineOf(text, "case '{': return parseObject();"),
    });
    expect(tags.references).toContainEqual({
      name: 'set',
      kind: 'call',
      line: lineOf(text, 'object.set(key, parseValue());'),
    });
    expect(tags.references).toContainEqual({
      name: 'ParseError',
      kind: 'call',
      line: lineOf(text, 'throw ParseError("trailing characters", pos_);'),
    });
  });

  it('messages: what is thrown (with `+` and `std::string(…)` around it) and written to std::cerr', async () => {
    const parser = await fixtureTags(REPO, 'src/parser.cpp');
    expect(parser.messages).toContainEqual({
      text: 'trailing characters',
      line: lineOf(parser.text, 'throw ParseError("trailing characters"'),
    });
    expect(parser.messages).toContainEqual({
      text: "expected '",
      line: lineOf(parser.text, 'throw ParseError(std::string("expected'),
    });
    const value = await fixtureTags(REPO, 'src/value.cpp');
    expect(value.messages.map((m) => m.text)).toEqual(['expected', 'index']);
    const cli = await fixtureTags(REPO, 'src/cli.cpp');
    expect(cli.messages.map((m) => m.text)).toEqual(['tinyjson:']);
  });

  it('error.h: classes with base classes (`: public std::runtime_error`) and a constructor', async () => {
    const tags = await fixtureTags(REPO, 'include/tinyjson/error.h');
    expect(definitionKeys(tags)).toEqual([
      'module tinyjson',
      'class ParseError',
      'method ParseError',
      'method offset',
      'class TypeError',
    ]);
    expect(referenceKeys(tags)).toEqual(expect.arrayContaining(['class runtime_error', 'class logic_error']));
  });

  it('snippets: templates, `new`, nested namespaces, aliases, static constexpr members', async () => {
    const tags = await snippetTags(
      'cpp',
      [
        '#include "ledger/entry.hpp"',
        'namespace ledger::detail { int helper(int x) { return x; } }',
        'template <typename T> class Ledger : public Base<T> {',
        ' public:',
        '  static constexpr int kMax = 10;',
        '  const T &first() const;',
        '};',
        'using EntryId = unsigned long;',
        'template <typename T> const T &Ledger<T>::first() const { return *items_; }',
        'void run() { auto *l = new Ledger<int>(); ::ledger::detail::helper(1); twice<int>(2); }',
        '',
      ].join('\n'),
    );
    expect(tags.errorNodes).toBe(0);
    expect(importKeys(tags)).toEqual(['ledger/entry.hpp []']);
    expect(definitionKeys(tags)).toEqual(
      expect.arrayContaining([
        'function helper',
        'class Ledger',
        'constant kMax',
        'method first',
        'type EntryId',
        'function run',
      ]),
    );
    expect(referenceKeys(tags)).toEqual(
      expect.arrayContaining(['class Base', 'class Ledger', 'call helper', 'call twice']),
    );
  });
});
