import { afterAll, describe, expect, it } from 'vitest';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { definitionKeys, fixtureTags, importKeys, lineOf, referenceKeys, snippetTags } from './helpers.js';

afterAll(releaseLanguageTools);

const REPO = 'ts-router';

describe('typescript tags on fixtures/repos/ts-router', () => {
  it('router.ts: interfaces, type aliases, functions, classes and methods', async () => {
    const tags = await fixtureTags(REPO, 'src/router.ts');
    const { text } = tags;
    expect(tags.language).toBe('typescript');
    expect(tags.errorNodes).toBe(0);
    expect(tags.definitions).toContainEqual({
      name: 'Router',
      kind: 'class',
      startLine: lineOf(text, 'export class Router<'),
      endLine: text.trimEnd().split('\n').length,
    });
    expect(tags.definitions).toContainEqual({
      name: 'addRoute',
      kind: 'method',
      startLine: lineOf(text, 'addRoute(def:'),
      endLine: lineOf(text, 'return this;') + 1,
    });
    expect(definitionKeys(tags)).toEqual([
      'interface RouteDefinition',
      'interface ResolvedRoute',
      'type RouteListener',
      'function normalizeRoute',
      'class RouteConflictError',
      'interface Entry',
      'class Router',
      'method addRoute',
      'method resolve',
      'method navigate',
      'method subscribe',
    ]);
  });

  it('router.ts: ordinary calls, method calls as the property name, `new X()`, extends and type references', async () => {
    const tags = await fixtureTags(REPO, 'src/router.ts');
    const { text } = tags;
    const addLine = lineOf(text, 'this.entries.push({ def, pattern: compilePattern(normalizeRoute(');
    expect(tags.references).toContainEqual({ name: 'compilePattern', kind: 'call', line: addLine });
    expect(tags.references).toContainEqual({ name: 'normalizeRoute', kind: 'call', line: addLine });
    expect(tags.references).toContainEqual({ name: 'push', kind: 'call', line: addLine });
    expect(tags.references).toContainEqual({
      name: 'matchPattern',
      kind: 'call',
      line: lineOf(text, 'const params = matchPattern('),
    });
    expect(tags.references).toContainEqual({ name: 'resolve', kind: 'call', line: lineOf(text, 'this.resolve(url)') });
    expect(tags.references).toContainEqual({
      name: 'RouteConflictError',
      kind: 'class',
      line: lineOf(text, 'throw new RouteConflictError('),
    });
    expect(tags.references).toContainEqual({
      name: 'URLSearchParams',
      kind: 'class',
      line: lineOf(text, 'new URLSearchParams(search)'),
    });
    expect(tags.references).toContainEqual({ name: 'Error', kind: 'class', line: lineOf(text, 'extends Error') });
    expect(tags.references).toContainEqual({
      name: 'CompiledPattern',
      kind: 'type',
      line: lineOf(text, 'pattern: CompiledPattern;'),
    });
    expect(tags.references).toContainEqual({
      name: 'RouteDefinition',
      kind: 'type',
      line: lineOf(text, 'route: RouteDefinition<TData>;'),
    });
    // Declarations are not references to themselves.
    expect(tags.references).not.toContainEqual(
      expect.objectContaining({ name: 'Router', line: lineOf(text, 'export class Router<') }),
    );
    expect(referenceKeys(tags)).not.toContain('call super');
  });

  it('router.ts, index.ts, match/index.ts: imports, type-only imports and re-exports', async () => {
    const router = await fixtureTags(REPO, 'src/router.ts');
    expect(router.imports).toEqual([
      { specifier: './match/index.js', line: 1, names: ['compilePattern', 'matchPattern'] },
      { specifier: './match/index.js', line: 2, names: ['CompiledPattern', 'RouteParams'] },
    ]);
    const index = await fixtureTags(REPO, 'src/index.ts');
    expect(importKeys(index)).toEqual([
      './router.js [Router, RouteConflictError, normalizeRoute]',
      './router.js [RouteDefinition, ResolvedRoute, RouteListener]',
      './match [*]',
      './links.js [buildHref, isActive, MissingParamError]',
      './components/RouteView.js [RouteView, RouteLink]',
      './components/RouteView.js [RouteViewProps, RouteLinkProps]',
    ]);
    expect(index.definitions).toEqual([]);
    const score = await fixtureTags(REPO, 'src/match/score.ts');
    expect(definitionKeys(score)).toEqual(['constant SEGMENT_WEIGHTS', 'function scoreSegments']);
  });

  it('router.test.ts: test calls and the imported names they use', async () => {
    const tags = await fixtureTags(REPO, 'src/router.test.ts');
    expect(importKeys(tags)).toEqual([
      'vitest [describe, expect, it, vi]',
      './router [RouteConflictError, Router, normalizeRoute]',
    ]);
    expect(referenceKeys(tags)).toEqual(
      expect.arrayContaining([
        'call describe',
        'call it',
        'call normalizeRoute',
        'class Router',
        'call addRoute',
        'call resolve',
        'call navigate',
      ]),
    );
  });
});

describe('typescript forms (inline)', () => {
  it('arrow-function constants, enums, namespaces, abstract classes, implements, dynamic imports, require', async () => {
    const tags = await snippetTags(
      'typescript',
      [
        "import Default, * as ns from './ns';", // 1
        "import q = require('q');", // 2
        "const lazy = await import('./lazy');", // 3
        "const { a, b: c } = require('./cjs');", // 4
        'export const handler = async (r: Req): Promise<Res> => { return ns.go(r); };', // 5
        'export const LIMIT = 5;', // 6
        'enum Color { Red }', // 7
        'namespace NS { export function inner() {} }', // 8
        'abstract class Base { abstract run(): void; }', // 9
        'class Impl extends Base implements Runner, Gen<T> { run() { helper(); } }', // 10
        'declare function declared(x: number): void;', // 11
        'export * as all from "./all";', // 12
      ].join('\n'),
    );
    expect(tags.imports).toEqual([
      { specifier: './ns', line: 1, names: ['Default', '*'] },
      { specifier: 'q', line: 2, names: [] },
      { specifier: './lazy', line: 3, names: [] },
      { specifier: './cjs', line: 4, names: ['a', 'b'] },
      { specifier: './all', line: 12, names: ['*'] },
    ]);
    expect(definitionKeys(tags)).toEqual([
      'function handler',
      'constant LIMIT',
      'class Color',
      'module NS', // same line: ordered by name (code-unit order)
      'function inner',
      'class Base',
      'method run',
      'class Impl',
      'method run',
      'function declared',
    ]);
    expect(referenceKeys(tags)).toEqual(
      expect.arrayContaining([
        'call go',
        'type Req',
        'type Promise',
        'class Base',
        'implementation Runner',
        'implementation Gen',
        'call helper',
      ]),
    );
    // require() is an import, not a call; lazy/cjs bindings are not constants.
    expect(referenceKeys(tags)).not.toContain('call require');
    expect(definitionKeys(tags)).not.toContain('constant lazy');
  });
});
