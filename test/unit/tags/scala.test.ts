import { afterAll, describe, expect, it } from 'vitest';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { definitionKeys, fixtureTags, importKeys, lineOf, referenceKeys, snippetTags } from './helpers.js';

afterAll(releaseLanguageTools);

const REPO = 'scala-csvkit';

describe('scala tags on fixtures/repos/scala-csvkit', () => {
  it('Lexer.scala: chained package clauses, a class and its companion, methods with their bodies, nested case classes', async () => {
    const tags = await fixtureTags(REPO, 'src/main/scala/csvkit/parse/Lexer.scala');
    const { text } = tags;
    expect(tags.errorNodes).toBe(0);
    expect(tags.language).toBe('scala');
    expect(tags.definitions).toContainEqual({
      name: 'quoted',
      kind: 'method',
      startLine: lineOf(text, 'private def quoted()'),
      endLine: lineOf(text, 'Field(sb.toString, startLine)') + 1,
    });
    expect(definitionKeys(tags)).toEqual([
      'module csvkit',
      'module parse',
      'class Lexer',
      'method tokens',
      'method current',
      'method quoted',
      'method bare',
      'method endsField',
      'method advance',
      'class Lexer',
      'constant Quote',
      'class Token',
      'class Field',
      'class Separator',
      'class LineEnd',
    ]);
    // vars and locals are no definitions
    expect(definitionKeys(tags)).not.toContain('constant pos');
    expect(definitionKeys(tags)).not.toContain('constant startLine');
  });

  it('Parser.scala: calls through objects, companions applied, new, types; no `for` call', async () => {
    const tags = await fixtureTags(REPO, 'src/main/scala/csvkit/parse/Parser.scala');
    const { text } = tags;
    expect(definitionKeys(tags)).toEqual([
      'module csvkit.parse',
      'class Parser',
      'method parse',
      'method toRow',
      'method group',
    ]);
    expect(tags.references).toContainEqual({ name: 'Lexer', kind: 'class', line: lineOf(text, 'new Lexer(') });
    expect(tags.references).toContainEqual({ name: 'CsvParseError', kind: 'class', line: lineOf(text, 'empty input') });
    expect(tags.references).toContainEqual({ name: 'tokens', kind: 'call', line: lineOf(text, 'new Lexer(') });
    expect(tags.references).toContainEqual({ name: 'Row', kind: 'class', line: lineOf(text, 'Row(fields)') });
    expect(tags.references).toContainEqual({ name: 'Token', kind: 'type', line: lineOf(text, 'private def group(') });
    expect(referenceKeys(tags)).not.toContain('call for');
  });

  it('traits, objects, vals of an object, type aliases, extends and with', async () => {
    const types = await fixtureTags(REPO, 'src/main/scala/types/ColumnType.scala');
    expect(definitionKeys(types)).toEqual([
      'module csvkit.model',
      'class ColumnType',
      'class ColumnType',
      'class IntType',
      'class DecimalType',
      'class BoolType',
      'class TextType',
      'constant All',
    ]);
    const tags = await snippetTags(
      'scala',
      [
        'package com.x',
        'trait Store[A] extends Closeable with Serializable {',
        '  def load(id: String): Option[A]',
        '}',
        'object Limits { val max = 10; type Id = String; def check(n: Int): Boolean = n < max }',
        'package object util { val Version = "1.0" }',
        'class Memory extends Store[Int] with Logging',
        '',
      ].join('\n'),
    );
    expect(tags.errorNodes).toBe(0);
    expect(definitionKeys(tags)).toEqual([
      'module com.x',
      'interface Store',
      'method load',
      // one line each: by name
      'type Id',
      'class Limits',
      'method check',
      'constant max',
      'constant Version',
      'class util',
      'class Memory',
    ]);
    expect(referenceKeys(tags)).toEqual(
      expect.arrayContaining([
        'class Closeable',
        'implementation Serializable',
        'class Store',
        'implementation Logging',
        'type Option',
      ]),
    );
  });

  it('imports: paths, wildcards, selectors by their original names, Scala 3 given', async () => {
    const csv = await fixtureTags(REPO, 'src/main/scala/csvkit/Csv.scala');
    expect(csv.imports).toEqual([
      { specifier: 'csvkit.infer.TypeInference', line: 3, names: [] },
      { specifier: 'csvkit.model', line: 4, names: ['ColumnType', 'Table'] },
      { specifier: 'csvkit.parse._', line: 5, names: [] },
    ]);
    const inference = await fixtureTags(REPO, 'src/main/scala/csvkit/infer/TypeInference.scala');
    expect(importKeys(inference)).toEqual(['model._ []', 'model.ColumnType._ []']);
    const tags = await snippetTags(
      'scala',
      ['import a.b.{C, D => E, _}', 'import a.core.given', 'import _root_.a.X', ''].join('\n'),
    );
    expect(tags.errorNodes).toBe(0);
    expect(importKeys(tags)).toEqual(['a.b [C, D, _]', 'a.core.given []', '_root_.a.X []']);
    // Scala 3's `*` wildcard, `as` renames and `given` selectors; several paths after one `import`
    const scala3 = await snippetTags(
      'scala',
      [
        'import cats.syntax.all.*',
        'import a.b.{C as D, given, *}',
        'import scala.collection.mutable as m',
        'import a.B, c.d.{E, F}, g.h._',
        'object A',
        '',
      ].join('\n'),
    );
    expect(scala3.errorNodes).toBe(0);
    expect(importKeys(scala3)).toEqual([
      'cats.syntax.all.* []',
      'a.b [C, given, *]',
      'scala.collection.mutable []',
      'a.B []',
      'c.d [E, F]',
      'g.h._ []',
    ]);
    expect(definitionKeys(scala3)).toEqual(['class A']);
  });

  it('messages: what Scala code throws, fails, requires and logs with', async () => {
    const table = await fixtureTags(REPO, 'src/main/scala/csvkit/model/Table.scala');
    expect(table.messages).toEqual([{ text: 'no column named $name', line: lineOf(table.text, 'require(') }]);
    const parser = await fixtureTags(REPO, 'src/main/scala/csvkit/parse/Parser.scala');
    expect(parser.messages.map((m) => m.text)).toEqual([
      'empty input: no header',
      'expected ${header.length} fields, found ${fields.length}',
    ]);
    const main = await fixtureTags(REPO, 'src/main/scala/csvkit/Main.scala');
    expect(main.messages.map((m) => m.text)).toEqual(['usage: csvkit FILE']);
    const tags = await snippetTags(
      'scala',
      [
        'object Io {',
        '  def read(p: String): String = {',
        '    if (p.isEmpty) throw new IllegalArgumentException("empty path")',
        '    log.warn(s"reading $p" + "!")',
        '    println("not a failure")',
        '    val e = new ConfigError("bad config")',
        '    p',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    expect(tags.errorNodes).toBe(0);
    expect(tags.messages.map((m) => m.text)).toEqual(['empty path', 'reading $p', 'bad config']);
  });
});
