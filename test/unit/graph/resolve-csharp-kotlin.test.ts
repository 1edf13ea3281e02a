/**
 * C# usings and Kotlin imports on small corpora parsed for real: both resolvers read what
 * files declare (namespaces, packages, types, top-level names) from their tags, never from
 * the folders the files sit in.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildResolveContext, resolveImport, resolverOf, tagsChangeTables } from '../../../src/graph/resolve/index.js';
import { languageOf } from '../../../src/languages/index.js';
import { extractTags } from '../../../src/tags/index.js';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import type { FileRecord, FileTags } from '../../../src/types.js';

afterAll(releaseLanguageTools);

async function corpus(sources: Record<string, string>): Promise<{ files: FileRecord[]; tags: FileTags[] }> {
  const files = Object.entries(sources).map(
    ([path, text]): FileRecord => ({ path, size: text.length, text, language: languageOf(path, text), kind: 'source' }),
  );
  const { tags } = await extractTags(files);
  return { files, tags };
}

/** The files each import of `from` resolves to, by specifier. */
function resolved(files: FileRecord[], tags: FileTags[], from: string): Record<string, string[]> {
  const ctx = buildResolveContext(files, tags);
  const file = tags.find((t) => t.path === from)!;
  return Object.fromEntries(
    file.imports.map((spec) => [spec.specifier, resolveImport(ctx, from, file.language, spec)]),
  );
}

describe('resolve: c#', () => {
  const sources = {
    'src/Shop/Money.cs': 'namespace Shop.Core;\npublic readonly struct Money { }\n',
    'src/Shop/Cart.cs': 'namespace Shop.Core;\npublic class Cart { public Money Total() => default; }\n',
    'src/Shop/Guards.cs':
      'namespace Shop.Core { public static class Guards { public static void NotNull(object o) { } } }\n',
    // nested block namespaces: Shop.Pricing, whatever the folder
    'lib/pricing/Discounts.cs': [
      'namespace Shop',
      '{',
      '    namespace Pricing',
      '    {',
      '        public interface IDiscount { }',
      '        public class Outer',
      '        {',
      '            public class Inner { }',
      '        }',
      '    }',
      '}',
    ].join('\n'),
    'src/App/Program.cs': [
      'using System;',
      'using Shop.Core;',
      'using Shop.Pricing;',
      'using static Shop.Core.Guards;',
      'using D = Shop.Pricing.IDiscount;',
      'using global::Shop.Pricing;',
      'using N = Shop.Pricing.Outer.Inner;',
      'namespace App;',
      'class Program { static void Main() { var c = new Cart(); NotNull(c); } }',
    ].join('\n'),
    'src/App/Report.cs': 'using Shop.Core;\nnamespace App;\nclass Report { }\n',
  };

  it('a namespace is the files declaring it; among them, those defining a name the importing file uses', async () => {
    const { files, tags } = await corpus(sources);
    const program = resolved(files, tags, 'src/App/Program.cs');
    // Program uses Cart and NotNull, not Money
    expect(program['Shop.Core']).toEqual(['src/Shop/Cart.cs', 'src/Shop/Guards.cs']);
    // a nested namespace; nothing of it used by name, so every file declaring it
    expect(program['Shop.Pricing']).toEqual(['lib/pricing/Discounts.cs']);
    expect(program['global::Shop.Pricing']).toEqual(['lib/pricing/Discounts.cs']);
    // Report names nothing of Shop.Core: the whole namespace
    expect(resolved(files, tags, 'src/App/Report.cs')['Shop.Core']).toEqual([
      'src/Shop/Cart.cs',
      'src/Shop/Guards.cs',
      'src/Shop/Money.cs',
    ]);
  });

  it('`using static` and aliases name types: their files; a nested type is its outer type; the BCL is external', async () => {
    const { files, tags } = await corpus(sources);
    const program = resolved(files, tags, 'src/App/Program.cs');
    expect(program['Shop.Core.Guards']).toEqual(['src/Shop/Guards.cs']);
    expect(program['Shop.Pricing.IDiscount']).toEqual(['lib/pricing/Discounts.cs']);
    expect(program['Shop.Pricing.Outer.Inner']).toEqual(['lib/pricing/Discounts.cs']);
    expect(program.System).toEqual([]);
  });

  it('an update rebuilds the tables when a file changes what it declares, not when it only changes what it uses', async () => {
    const before = await corpus({ 'a/Cart.cs': 'namespace Shop;\nclass Cart { void Add() { } }\n' });
    const uses = await corpus({ 'a/Cart.cs': 'namespace Shop;\nclass Cart { void Add() { Money.Of(1); } }\n' });
    const moved = await corpus({ 'a/Cart.cs': 'namespace Shop.Core;\nclass Cart { void Add() { } }\n' });
    expect(tagsChangeTables(before.tags[0], uses.tags[0])).toBe(false);
    expect(tagsChangeTables(before.tags[0], moved.tags[0])).toBe(true);
    // a changed file's own references are taken from its new tags
    const { files, tags } = await corpus(sources);
    const ctx = buildResolveContext(files, tags);
    const changed = (
      await corpus({ 'src/App/Report.cs': 'using Shop.Core;\nnamespace App;\nclass Report { Money m; }\n' })
    ).tags[0]!;
    const tables = resolverOf('csharp').withTags!(
      ctx.tables.get(resolverOf('csharp')),
      ['src/App/Report.cs'],
      new Map([[changed.path, changed]]),
    );
    expect(resolverOf('csharp').resolve(tables, ctx, 'src/App/Report.cs', 'Shop.Core', changed.imports[0]!)).toEqual([
      'src/Shop/Money.cs',
    ]);
  });
});

describe('resolve: kotlin', () => {
  const sources = {
    // packages need not match folders
    'core/src/main/kotlin/Money.kt':
      'package com.acme.money\n\ndata class Money(val cents: Long)\n\nfun formatCents(c: Long): String = c.toString()\nconst val ZERO = 0L\n',
    'core/src/main/kotlin/Registry.kt':
      'package com.acme.money\n\nobject Registry { fun lookup(id: String): Money? = null }\nenum class Kind { DEBIT, CREDIT }\n',
    'core/src/main/java/com/acme/legacy/Ledger.java': 'package com.acme.legacy;\n\npublic class Ledger { }\n',
    'core/src/test/kotlin/Fakes.kt': 'package com.acme.money\n\nclass FakeClock\n',
    'app/src/main/kotlin/Main.kt': [
      'package com.acme.app',
      '',
      'import com.acme.money.Money',
      'import com.acme.money.formatCents as fmt',
      'import com.acme.money.ZERO',
      'import com.acme.money.Registry.lookup',
      'import com.acme.money.Kind.*',
      'import com.acme.money.*',
      'import com.acme.legacy.Ledger',
      'import kotlinx.coroutines.launch',
      '',
      'fun main() { println(fmt(ZERO)) }',
    ].join('\n'),
  };

  it('a name is the files of its package declaring it at top level (classes, functions, constants), aliases dropped', async () => {
    const { files, tags } = await corpus(sources);
    const main = resolved(files, tags, 'app/src/main/kotlin/Main.kt');
    expect(main['com.acme.money.Money']).toEqual(['core/src/main/kotlin/Money.kt']);
    expect(main['com.acme.money.formatCents']).toEqual(['core/src/main/kotlin/Money.kt']);
    expect(main['com.acme.money.ZERO']).toEqual(['core/src/main/kotlin/Money.kt']);
    // an object's member is its object's file; an enum's entries are its file
    expect(main['com.acme.money.Registry.lookup']).toEqual(['core/src/main/kotlin/Registry.kt']);
    expect(main['com.acme.money.Kind.*']).toEqual(['core/src/main/kotlin/Registry.kt']);
    // a Java class of a mixed module
    expect(main['com.acme.legacy.Ledger']).toEqual(['core/src/main/java/com/acme/legacy/Ledger.java']);
    expect(main['kotlinx.coroutines.launch']).toEqual([]);
  });

  it('a wildcard is every file of the package; main code does not see test sources', async () => {
    const { files, tags } = await corpus(sources);
    expect(resolved(files, tags, 'app/src/main/kotlin/Main.kt')['com.acme.money.*']).toEqual([
      'core/src/main/kotlin/Money.kt',
      'core/src/main/kotlin/Registry.kt',
    ]);
    const withTest = await corpus({
      ...sources,
      'app/src/test/kotlin/MainTest.kt': 'package com.acme.app\n\nimport com.acme.money.*\n',
    });
    expect(resolved(withTest.files, withTest.tags, 'app/src/test/kotlin/MainTest.kt')['com.acme.money.*']).toEqual([
      'core/src/main/kotlin/Money.kt',
      'core/src/main/kotlin/Registry.kt',
      'core/src/test/kotlin/Fakes.kt',
    ]);
  });

  it('an update rebuilds the tables when a file changes its package or top-level names', async () => {
    const before = await corpus({ 'a/M.kt': 'package p\nfun f() = 1\n' });
    const body = await corpus({ 'a/M.kt': 'package p\nfun f() = 2\n' });
    const renamed = await corpus({ 'a/M.kt': 'package p\nfun g() = 1\n' });
    expect(tagsChangeTables(before.tags[0], body.tags[0])).toBe(false);
    expect(tagsChangeTables(before.tags[0], renamed.tags[0])).toBe(true);
  });
});
