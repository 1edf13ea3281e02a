import { stripTestAffixes, testConventionOf } from '../../languages/index.js';
import type { FileRecord } from '../../types.js';
import { GRAPH_DEFAULTS } from '../defaults.js';
import type { EdgeAccumulator, EdgeSpec } from '../edge.js';
import { baseName, moduleOf } from '../module.js';

/**
 * Naming conventions that tie a test file to the source it tests, each language's from
 * its test convention (`src/languages/`):
 * - Go: `x_test.go` ↔ `x.go` in the same directory (a Go package);
 * - Python: `test_x.py` / `x_test.py` (usually under `tests/`) ↔ `x.py`;
 * - JS/TS: `x.test.ts`, `x.spec.ts`, `__tests__/x.ts`, `test/x.js` ↔ `x.ts` / `x.js` (any JS/TS extension);
 * - Java: `XTest.java`, `XTests.java`, `XIT.java`, `TestX.java` ↔ `X.java`;
 * - Rust: `tests/x.rs`, `tests/x_test(s).rs` ↔ `src/x.rs` or `src/x/mod.rs`;
 * - C#: `XTests.cs`, `XTest.cs` ↔ `X.cs`; Kotlin as Java (one JVM family);
 * - Swift: `Tests/XTests/YTests.swift` ↔ `Sources/X/Y.swift` (a test folder read as its module's);
 * - Scala: `XSpec.scala`, `XSuite.scala`, `XTest(s).scala` under `src/test/scala*` ↔ `X.scala`.
 * Among sources with the test's stem and language family, the ones sharing the most
 * directory names with the test win (Go: same directory only), each folder compared by
 * the name its language says it mirrors (`Ledger.Tests` → `Ledger`, `jvmTest` → `jvm`);
 * at most three.
 */
export function conventionSources(test: string, stemIndex: Map<string, string[]>): string[] {
  const stem = testStem(test);
  if (!stem) return [];
  const convention = testConventionOf(test);
  const candidates = (stemIndex.get(`${familyOf(test)}:${stem}`) ?? []).filter((p) => p !== test);
  if (convention?.sameFolder) return candidates.filter((p) => moduleOf(p) === moduleOf(test));
  if (candidates.length <= 1) return candidates;
  const mirror = convention?.mirrorFolder ?? ((name: string) => name);
  const testDirs = meaningfulDirs(test, mirror);
  let best = -1;
  let chosen: string[] = [];
  for (const c of candidates) {
    const score = overlap(testDirs, meaningfulDirs(c, mirror)) + (moduleOf(c) === moduleOf(test) ? 0.5 : 0);
    if (score > best) {
      best = score;
      chosen = [c];
    } else if (score === best) chosen.push(c);
  }
  return chosen.slice(0, 3);
}

/** `source-test` edges (stored test → source): conventions, then sources a test imports. */
export function addSourceTestEdges(
  files: readonly FileRecord[],
  importEdges: readonly EdgeSpec[],
  edges: EdgeAccumulator,
  options: { conventionTestWeight: number; importedByTestWeight: number } = GRAPH_DEFAULTS,
): SourceTestConventions {
  const conventions = new SourceTestConventions(files);
  for (const f of files) conventions.addRow(f.path, [], edges, options);
  for (const e of importEdges) conventions.addImported(e.source, e.target, edges, options);
  return conventions;
}

/** What source-test edges are made from: the stems of source files and the kind of every file. */
export class SourceTestConventions {
  private readonly kinds = new Map<string, FileRecord['kind']>();
  private readonly parseable = new Set<string>();
  private readonly stemIndex = new Map<string, string[]>();

  constructor(files: readonly FileRecord[]) {
    for (const f of files) {
      this.kinds.set(f.path, f.kind);
      if (!f.language) continue;
      this.parseable.add(f.path);
      if (f.kind !== 'source') continue;
      const key = `${familyOf(f.path)}:${sourceStem(f.path)}`;
      const list = this.stemIndex.get(key);
      if (list) list.push(f.path);
      else this.stemIndex.set(key, [f.path]);
    }
  }

  /**
   * The source-test edges stored from one file: to the sources its name says it tests
   * (when it is a test with a grammar), then to the sources among `imported` (the
   * targets of its import edges, in order).
   */
  addRow(
    path: string,
    imported: readonly string[],
    edges: EdgeAccumulator,
    options: { conventionTestWeight: number; importedByTestWeight: number },
  ): void {
    if (this.kinds.get(path) === 'test' && this.parseable.has(path)) {
      for (const source of conventionSources(path, this.stemIndex)) {
        edges.add('source-test', path, source, options.conventionTestWeight, 'naming convention');
      }
    }
    for (const target of imported) this.addImported(path, target, edges, options);
  }

  /** A test importing a source: a source-test edge. */
  addImported(from: string, to: string, edges: EdgeAccumulator, options: { importedByTestWeight: number }): void {
    if (this.kinds.get(from) === 'test' && this.kinds.get(to) === 'source') {
      edges.add('source-test', from, to, options.importedByTestWeight, 'test imports it');
    }
  }
}

/** The test family of a path (its language's), or `other`. */
function familyOf(path: string): string {
  return testConventionOf(path)?.family ?? 'other';
}

function stripExtension(name: string): string {
  const dot = name.indexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Stem a source file is known by; `mod.rs` and `__init__.py` take their folder's name. */
function sourceStem(path: string): string {
  const stem = stripExtension(baseName(path));
  if (stem === 'mod' || stem === '__init__' || stem === 'index') return baseName(moduleOf(path)) || stem;
  return stem;
}

/** Stems that name no source in any language. */
const GENERAL_STEMS = new Set(['test', 'tests', 'conftest', 'mod', 'lib', 'index']);

/** Stem of the source a test file is named after, or null when the name says nothing. */
export function testStem(path: string): string | null {
  const name = baseName(path);
  const convention = testConventionOf(path);
  const jsMarker = /^(.*)\.(test|spec|tests|unit|e2e)\.[a-z]+$/.exec(name);
  const written = jsMarker ? jsMarker[1]! : stripExtension(name);
  const stem = (convention?.sourceStem ?? stripTestAffixes)(written);
  if (!stem || GENERAL_STEMS.has(stem) || convention?.generalStems?.includes(stem)) return null;
  return stem;
}

const GENERIC_DIRS = new Set([
  'src',
  'lib',
  'test',
  'tests',
  '__tests__',
  'testing',
  'spec',
  'main',
  'java',
  'python',
  'pkg',
  'unit',
  'integration',
  'Sources',
  'Tests',
  'scala',
  'scala-2',
  'scala-3',
]);

function meaningfulDirs(path: string, mirror: (name: string) => string): string[] {
  return moduleOf(path)
    .split('/')
    .map(mirror)
    .filter((d) => d && !GENERIC_DIRS.has(d));
}

function overlap(a: string[], b: string[]): number {
  const pool = new Map<string, number>();
  for (const x of b) pool.set(x, (pool.get(x) ?? 0) + 1);
  let n = 0;
  for (const x of a) {
    const c = pool.get(x) ?? 0;
    if (c > 0) {
      n++;
      pool.set(x, c - 1);
    }
  }
  return n;
}
