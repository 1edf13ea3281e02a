/**
 * Import resolution on the fixture repos: the tags stage extracts the imports of every
 * file, and every intra-repo import must resolve (100% on fixtures), external ones to
 * nothing, with a few specific edges checked by name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildResolveContext, resolveImport, withChangedTags } from '../../../src/graph/resolve/index.js';
import { languageOf } from '../../../src/languages/index.js';
import { packageRoot } from '../../../src/package-root.js';
import { extractTags } from '../../../src/tags/index.js';
import type { FileRecord, FileTags, LanguageId } from '../../../src/types.js';

const REPOS = join(packageRoot(), 'fixtures', 'repos');

const SKIPPED_FOLDERS = new Set(['node_modules', 'build', 'dist', '.git']);

function readRepo(name: string): FileRecord[] {
  const root = join(REPOS, name);
  const out: FileRecord[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      // What the corpus stage leaves out (vendored packages, build output), so they cannot answer imports.
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(full);
      } else if (entry.isFile()) {
        const path = relative(root, full).split(sep).join('/');
        const text = readFileSync(full, 'utf8');
        out.push({ path, size: Buffer.byteLength(text), text, language: languageOf(path, text), kind: 'source' });
      }
    }
  };
  walk(root);
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

interface Fixture {
  repo: string;
  /** Whether an import (as the tags stage writes it) names a file of the repo. */
  internal: (specifier: string, language: LanguageId) => boolean;
  /**
   * `path specifier` of intra-repo imports that name the importing file itself (Rust
   * `use super::*` inside an inline `mod tests`): they must resolve to [] (no self edge).
   */
  sameFile?: string[];
  /** `from → to` import edges that must exist. */
  edges: [from: string, to: string][];
}

const relativeJs = (s: string): boolean => s.startsWith('./') || s.startsWith('../');

const FIXTURES: Fixture[] = [
  {
    repo: 'python-inventory',
    internal: (s) => s.startsWith('.') || s === 'inventory' || s.startsWith('inventory.'),
    edges: [
      ['src/inventory/checkout.py', 'src/inventory/models.py'], // import inventory.models (src/ layout)
      ['src/inventory/checkout.py', 'src/inventory/pricing.py'], // from inventory.pricing import …
      ['src/inventory/pricing.py', 'src/inventory/models.py'], // from .models import Item
      ['src/inventory/storage/backend.py', 'src/inventory/pricing.py'], // from ..pricing import round_cents
      ['src/inventory/storage/__init__.py', 'src/inventory/storage/backend.py'], // from .backend import …
      ['tests/storage/test_backend.py', 'src/inventory/storage/__init__.py'], // from inventory.storage import Names
      ['tests/test_checkout.py', 'src/inventory/checkout.py'],
    ],
  },
  {
    repo: 'go-ratelimit',
    internal: (s) => s === 'example.com/ratelimit' || s.startsWith('example.com/ratelimit/'),
    edges: [
      ['limiter.go', 'internal/clock/clock.go'], // import of a folder package
      ['limiter.go', 'store/memory.go'],
      ['httpmw/middleware.go', 'limiter.go'], // the module root package: every non-test file
      ['httpmw/middleware.go', 'bucket.go'],
      ['store/memory_test.go', 'store/memory.go'], // external test package importing its own folder
    ],
  },
  {
    repo: 'rust-tokenizer',
    // crate-relative paths, the crate by name, `mod x`, and 2018 paths through a declared child module.
    internal: (s) =>
      s.startsWith('mod ') || /^(crate|self|super|rust_tokenizer|error|eval|lexer|parser|token|expr)(::|$)/.test(s),
    sameFile: ['src/lexer.rs super', 'src/eval.rs super'],
    edges: [
      ['src/lib.rs', 'src/lexer.rs'], // mod lexer;
      ['src/lib.rs', 'src/parser/mod.rs'], // pub mod parser; (folder module)
      ['src/parser/mod.rs', 'src/parser/expr.rs'], // mod expr; from a mod.rs
      ['src/parser/expr.rs', 'src/parser/mod.rs'], // use super::Parser
      ['src/eval.rs', 'src/parser/mod.rs'], // use crate::parser::{…}
      ['src/lexer.rs', 'src/token.rs'], // use crate::token::{…}
      ['tests/parser_tests.rs', 'src/eval.rs'], // use rust_tokenizer::eval::{…} (the crate by name)
      ['tests/lexer_tests.rs', 'src/lib.rs'], // use rust_tokenizer::{tokenize, …}: items of the crate root
    ],
  },
  {
    repo: 'java-ledger',
    internal: (s) => s.startsWith('com.example.'),
    edges: [
      ['src/main/java/com/example/ledger/Ledger.java', 'src/main/java/com/example/ledger/money/Money.java'],
      ['src/main/java/com/example/ledger/Ledger.java', 'src/main/java/com/example/ledger/store/LedgerStore.java'],
      ['src/main/java/com/example/ledger/report/BalanceReport.java', 'src/main/java/com/example/ledger/Ledger.java'],
      [
        'src/test/java/com/example/ledger/LedgerTest.java',
        'src/main/java/com/example/ledger/store/InMemoryLedgerStore.java',
      ],
    ],
  },
  {
    repo: 'ts-router',
    internal: relativeJs,
    edges: [
      ['src/router.ts', 'src/match/index.ts'], // './match/index.js' → the .ts source
      ['src/index.ts', 'src/match/index.ts'], // export * from './match' (folder index)
      ['src/components/RouteView.tsx', 'src/links.ts'], // '../links.js' from a .tsx file
      ['src/components/RouteView.tsx', 'src/router.ts'], // '../router' (extension resolution)
      ['src/__tests__/RouteView.test.tsx', 'src/components/RouteView.tsx'],
      ['src/match/score.ts', 'src/match/pattern.ts'], // import type
    ],
  },
  {
    repo: 'js-config',
    internal: relativeJs,
    edges: [
      ['lib/loader.js', 'lib/schema/index.js'], // require('./schema/index.js')
      ['lib/loader.js', 'lib/env.js'],
      ['lib/schema/index.js', 'lib/schema/validate.js'], // require('./validate'), no extension
      ['lib/schema/__tests__/validate.js', 'lib/schema/validate.js'], // require('../validate')
      ['lib/ui/Panel.jsx', 'lib/merge.js'], // from a .jsx file
      ['test/loader.test.js', 'lib/loader.js'],
    ],
  },
  {
    repo: 'c-httpparse',
    // every quoted include names a file of the repo; <…> ones are the C library's
    internal: (s) => !s.startsWith('<'),
    edges: [
      ['src/request.c', 'include/httpparse/request.h'], // "httpparse/request.h" under the include/ root
      ['src/request.c', 'src/util/strutil.h'], // "util/strutil.h" relative to src/
      ['src/util/strutil.c', 'src/util/strutil.h'], // "strutil.h" beside it
      ['include/httpparse/request.h', 'include/httpparse/headers.h'], // a header including a header
      ['tests/test_request.c', 'src/util/strutil.h'], // "../src/util/strutil.h"
      ['tests/test_headers.c', 'tests/check.h'],
    ],
  },
  {
    repo: 'cpp-tinyjson',
    internal: (s) => !s.startsWith('<'),
    edges: [
      ['src/parser.cpp', 'include/tinyjson/parser.h'],
      ['include/tinyjson/parser.h', 'include/tinyjson/value.h'], // a C++ .h including a C++ .h
      ['src/writer.cpp', 'src/writer.hpp'], // a private .hpp beside it
      ['tests/writer_test.cpp', 'src/writer.hpp'], // "../src/writer.hpp"
      ['tests/value_test.cpp', 'include/tinyjson/error.h'],
    ],
  },
  {
    repo: 'ruby-shipping',
    // requires of the gem's own files (its lib/ and spec/ roots), require_relative, and the
    // gem's constants; `rspec/core/rake_task` and `JSON`-like library names are external.
    internal: (s) =>
      s.startsWith('require_relative ') ||
      s.startsWith('shipping_rates') ||
      s === 'spec_helper' ||
      s.startsWith('const ShippingRates::') ||
      s.startsWith('const Carriers::'),
    edges: [
      ['lib/shipping_rates.rb', 'lib/shipping_rates/parcel.rb'], // require "shipping_rates/parcel" (the gem's lib/ root)
      ['lib/shipping_rates/carriers/flat.rb', 'lib/shipping_rates/carriers/base.rb'], // require_relative "base"
      ['lib/shipping_rates/carriers/base.rb', 'lib/shipping_rates/quote.rb'], // require_relative "../quote"
      ['spec/shipping_rates/parcel_spec.rb', 'spec/spec_helper.rb'], // require "spec_helper" (spec/ on the load path)
      ['spec/spec_helper.rb', 'lib/shipping_rates.rb'], // require "shipping_rates"
      ['spec/shipping_rates/zone_spec.rb', 'lib/shipping_rates/zone.rb'], // ShippingRates::Zone (Zeitwerk path)
      ['lib/shipping_rates/carriers/flat.rb', 'lib/shipping_rates/errors.rb'], // ShippingRates::InvalidParcel (defined in errors.rb)
      ['lib/shipping_rates.rb', 'lib/shipping_rates/carriers/weight_based.rb'], // Carriers::WeightBased inside `module ShippingRates`
    ],
  },
  {
    repo: 'php-cart',
    // the package's namespaces and paths; PHPUnit and Composer's vendor/ are not in the corpus
    internal: (s) => s.startsWith('Acme\\') || (s.includes('__DIR__') && !s.includes('vendor/')),
    edges: [
      ['src/Cart.php', 'src/Tax/TaxCalculator.php'], // use Acme\Cart\Tax\TaxCalculator (PSR-4)
      ['src/Money.php', 'src/Exception/CurrencyMismatch.php'],
      ['tests/CartTest.php', 'src/Cart.php'], // autoload-dev's Tests\ prefix does not hide autoload's
      ['bin/cart.php', 'src/Tax/PercentageTax.php'], // use Acme\Cart\Tax\{PercentageTax, TaxCalculator}
      ['bin/cart.php', 'src/functions.php'], // require_once __DIR__ . '/../src/functions.php', and use function
    ],
  },
  {
    repo: 'csharp-orders',
    internal: (s) => s === 'Orders' || s.startsWith('Orders.'),
    edges: [
      ['src/Orders.Cli/Program.cs', 'src/Orders.Core/Money.cs'], // using Orders.Core; (a file-scoped namespace)
      ['src/Orders.Cli/Program.cs', 'src/Orders.Core/Pricing/PriceCalculator.cs'], // using Orders.Core.Pricing;
      ['src/Orders.Cli/Program.cs', 'src/Orders.Storage/InMemoryOrderRepository.cs'], // using Repo = …InMemoryOrderRepository;
      ['src/Orders.Core/OrderLine.cs', 'src/Orders.Core/Guards.cs'], // using static Orders.Core.Guards;
      ['tests/Orders.Core.Tests/PriceCalculatorTests.cs', 'src/Orders.Core/Pricing/DiscountPolicy.cs'], // a block namespace
      ['tests/Orders.Storage.Tests/InMemoryOrderRepositoryTests.cs', 'src/Orders.Storage/IOrderRepository.cs'], // OrderNotFoundException
    ],
  },
  {
    repo: 'kotlin-cron',
    internal: (s) => s.startsWith('dev.cron.'),
    edges: [
      ['src/commonMain/kotlin/cron/CronExpression.kt', 'src/commonMain/kotlin/cron/parse/FieldParser.kt'], // a top-level function
      ['src/commonMain/kotlin/cron/CronExpression.kt', 'src/commonMain/kotlin/cron/parse/Errors.kt'], // package dev.cron.parse in cron/parse/
      ['src/commonMain/kotlin/cron/Schedule.kt', 'src/commonMain/kotlin/cron/time/Clock.kt'], // dev.cron.time.*
      ['src/commonMain/kotlin/cron/Schedule.kt', 'src/jvmMain/kotlin/cron/Clock.kt'], // the package's `actual` in another source set
      ['src/jvmTest/kotlin/cron/ScheduleTest.kt', 'src/commonMain/kotlin/cron/CronExpression.kt'], // …CronExpression.Companion.parse as cron
    ],
  },
  {
    repo: 'swift-checkout',
    // the package's own modules; Foundation, XCTest and PackageDescription are the toolchain's
    internal: (s) => ['Money', 'Checkout'].includes(s.split('.')[0]!),
    edges: [
      ['Sources/Checkout/Cart.swift', 'Sources/Money/Money.swift'], // import Money: every file of Sources/Money/
      ['Sources/Checkout/Cart.swift', 'Sources/Money/Formatting.swift'],
      ['Sources/Checkout/Receipt.swift', 'Sources/Money/Money.swift'], // import struct Money.Money
      ['Tools/cli/main.swift', 'Sources/Checkout/Cart.swift'], // a target at a custom path importing a module
      ['Tests/CheckoutTests/CartTests.swift', 'Sources/Checkout/Receipt.swift'], // @testable import Checkout
      ['Tests/MoneyTests/MoneyTests.swift', 'Sources/Money/Currency.swift'],
    ],
  },
  {
    repo: 'scala-csvkit',
    internal: (s) => /^(?:_root_\.)?csvkit\b|^model\b|^Lexer\b/.test(s),
    // `import Lexer._` inside class Lexer: its own companion, in the same file
    sameFile: ['src/main/scala/csvkit/parse/Lexer.scala Lexer._'],
    edges: [
      ['src/main/scala/csvkit/Csv.scala', 'src/main/scala/csvkit/infer/TypeInference.scala'], // import a.b.C
      ['src/main/scala/csvkit/Csv.scala', 'src/main/scala/types/ColumnType.scala'], // a selector; package csvkit.model outside its folder
      ['src/main/scala/csvkit/Csv.scala', 'src/main/scala/csvkit/parse/Parser.scala'], // import csvkit.parse._
      ['src/main/scala/csvkit/parse/Parser.scala', 'src/main/scala/csvkit/parse/Lexer.scala'], // members of object Lexer
      ['src/main/scala/csvkit/infer/TypeInference.scala', 'src/main/scala/csvkit/model/Table.scala'], // import model._ relative to package csvkit
      ['src/test/scala/csvkit/parse/LexerSpec.scala', 'src/main/scala/csvkit/CsvParseError.scala'],
      ['src/test/scala/csvkit/infer/TypeInferenceTest.scala', 'src/main/scala/csvkit/Csv.scala'],
    ],
  },
  {
    repo: 'mixed-monorepo',
    internal: (s, language) =>
      language === 'python'
        ? s.startsWith('.') || s === 'shortener' || s.startsWith('shortener.')
        : language === 'go'
          ? s.startsWith('example.com/linkcli')
          : relativeJs(s),
    edges: [
      ['services/api/tests/test_handlers.py', 'services/api/shortener/handlers.py'], // root services/api/ found from the package
      ['services/api/shortener/__init__.py', 'services/api/shortener/codes.py'],
      ['services/api/shortener/handlers.py', 'services/api/shortener/store.py'], // from .store import …
      ['tools/cli/main.go', 'tools/cli/client/client.go'], // go.mod in a subfolder
      ['web/src/form.ts', 'web/src/api.ts'], // './api.js' → api.ts
      ['web/src/api.test.ts', 'web/src/api.ts'],
    ],
  },
];

for (const fixture of FIXTURES) {
  describe(`resolve on fixture ${fixture.repo}`, () => {
    let cached: { files: FileRecord[]; tags: FileTags[] } | undefined;
    async function load(): Promise<{ files: FileRecord[]; tags: FileTags[] }> {
      if (cached) return cached;
      const files = readRepo(fixture.repo);
      const parseable = files.filter((f) => f.language !== null);
      const { tags } = await extractTags(parseable);
      cached = { files, tags };
      return cached;
    }

    it('resolves every import the same with each table built at first use, reading only the tags of the languages a resolver reads', async () => {
      const { files, tags } = await load();
      const eager = buildResolveContext(files, tags);
      const asked: string[] = [];
      const lazy = buildResolveContext(files, (languages) => {
        asked.push(languages ? languages.join('+') : 'all');
        return languages ? tags.filter((t) => languages.includes(t.language)) : tags;
      });
      expect(asked).toEqual([]);
      for (const file of tags)
        for (const spec of file.imports)
          expect(resolveImport(lazy, file.path, file.language, spec)).toEqual(
            resolveImport(eager, file.path, file.language, spec),
          );
      // the resolvers that build their tables from tags (Java packages, Rust inline modules, …) and the languages they read
      const reads: Partial<Record<LanguageId, string>> = {
        csharp: 'csharp',
        java: 'java',
        kotlin: 'kotlin+java',
        php: 'php',
        ruby: 'ruby',
        rust: 'rust',
        scala: 'scala',
      };
      const used = [
        ...new Set(
          tags
            .filter((t) => t.imports.length > 0)
            .map((t) => reads[t.language])
            .filter((r) => r !== undefined),
        ),
      ];
      expect(asked.sort()).toEqual(used.sort());
      // made whole (iterating builds every table): every resolver's tables as a build makes them from every file's tags
      expect(new Map(lazy.tables)).toEqual(eager.tables);
      expect(asked.every((a) => a !== 'all')).toBe(true);
    });

    it('resolves every intra-repo import and no external one', async () => {
      const { files, tags } = await load();
      const ctx = buildResolveContext(files, tags);
      const unresolved: string[] = [];
      const falsePositives: string[] = [];
      let internal = 0;
      for (const file of tags) {
        for (const spec of file.imports) {
          const targets = resolveImport(ctx, file.path, file.language, spec);
          if (fixture.sameFile?.includes(`${file.path} ${spec.specifier}`)) {
            expect(targets, `${file.path}:${spec.line} ${spec.specifier}`).toEqual([]);
          } else if (fixture.internal(spec.specifier, file.language)) {
            internal++;
            if (targets.length === 0)
              unresolved.push(`${file.path}:${spec.line} ${spec.specifier} [${spec.names.join(', ')}]`);
          } else if (targets.length > 0) {
            falsePositives.push(`${file.path}:${spec.line} ${spec.specifier} → ${targets.join(', ')}`);
          }
        }
      }
      expect(internal).toBeGreaterThan(0);
      expect(unresolved).toEqual([]);
      expect(falsePositives).toEqual([]);
    });

    it.each(fixture.edges)('%s imports %s', async (from, to) => {
      const { files, tags } = await load();
      const ctx = buildResolveContext(files, tags);
      const file = tags.find((t) => t.path === from);
      expect(file, `${from} has tags`).toBeDefined();
      const targets = new Set(file!.imports.flatMap((spec) => resolveImport(ctx, file!.path, file!.language, spec)));
      expect([...targets]).toContain(to);
    });
  });
}

describe('resolve on every fixture at once (each repository in a folder of its own)', () => {
  let all: { files: FileRecord[]; tags: FileTags[] } | undefined;
  /** Every fixture's files and tags, each repository under its own folder (parsed once for the tests below). */
  async function everyFixture(): Promise<{ files: FileRecord[]; tags: FileTags[] }> {
    if (all) return all;
    const files: FileRecord[] = [];
    const tags: FileTags[] = [];
    for (const { repo } of FIXTURES) {
      const own = readRepo(repo).map((f) => ({ ...f, path: `${repo}/${f.path}` }));
      files.push(...own);
      tags.push(...(await extractTags(own.filter((f) => f.language !== null))).tags);
    }
    all = { files, tags };
    return all;
  }

  it('makes the same tables when each resolver reads only the tags of its own languages', async () => {
    const { files, tags } = await everyFixture();
    expect(new Set(tags.map((t) => t.language)).size).toBeGreaterThanOrEqual(12);
    const eager = buildResolveContext(files, tags);
    const lazy = buildResolveContext(files, (languages) =>
      languages ? tags.filter((t) => languages.includes(t.language)) : tags,
    );
    expect(new Map(lazy.tables)).toEqual(eager.tables);
  }, 60_000);

  it("after files' tags change, builds only the tables that take in the changed languages' tags, and the others as first built when asked", async () => {
    const { files, tags } = await everyFixture();
    // a Rust file that declares an inline module no more, and a Python file with another definition
    const rust = tags.find((t) => t.language === 'rust' && t.definitions.some((d) => d.kind === 'module'))!;
    const python = tags.find((t) => t.language === 'python')!;
    expect(rust, 'a Rust fixture file with an inline module').toBeDefined();
    const now = new Map(tags.map((t) => [t.path, t]));
    now.set(rust.path, { ...rust, definitions: rust.definitions.filter((d) => d.kind !== 'module') });
    now.set(python.path, {
      ...python,
      definitions: [...python.definitions, { name: 'added', kind: 'function', startLine: 1, endLine: 1 }],
    });
    const changed = [python.path, rust.path].sort();
    const asked: string[] = [];
    const lazy = buildResolveContext(files, (languages) => {
      asked.push(languages ? languages.join('+') : 'all');
      return languages ? tags.filter((t) => languages.includes(t.language)) : tags;
    });
    const after = withChangedTags(lazy, changed, now);
    // the Rust resolver, which takes tags in (`withTags`), built its tables; C#'s, which takes tags in too, read no tags (no C# file changed), nor did any other
    expect(asked.sort()).toEqual(['rust']);
    const eager = withChangedTags(buildResolveContext(files, tags), changed, now);
    expect(new Map(after.tables)).toEqual(eager.tables);
    // (made whole by that comparison: C#'s tables then built as first built, from the tags as they were)
    expect(asked).toContain('csharp');
    // the change reached the Rust tables (they differ from those before it)
    expect(new Map(after.tables)).not.toEqual(new Map(lazy.tables));

    // a change of a Python file alone builds no table that takes tags in
    asked.length = 0;
    const pythonOnly = new Map(tags.map((t) => [t.path, t]));
    pythonOnly.set(python.path, now.get(python.path)!);
    const lazyAgain = buildResolveContext(files, (languages) => {
      asked.push(languages ? languages.join('+') : 'all');
      return languages ? tags.filter((t) => languages.includes(t.language)) : tags;
    });
    const afterPython = withChangedTags(lazyAgain, [python.path], pythonOnly);
    expect(asked).toEqual([]);
    expect(new Map(afterPython.tables)).toEqual(
      withChangedTags(buildResolveContext(files, tags), [python.path], pythonOnly).tables,
    );
  }, 60_000);
});
