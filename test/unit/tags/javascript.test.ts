import { afterAll, describe, expect, it } from 'vitest';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { definitionKeys, fixtureTags, importKeys, lineOf, referenceKeys, snippetTags } from './helpers.js';

afterAll(releaseLanguageTools);

const REPO = 'js-config';

describe('javascript tags on fixtures/repos/js-config', () => {
  it('lib/loader.js: ESM imports, require() through createRequire, exported consts, classes and functions', async () => {
    const tags = await fixtureTags(REPO, 'lib/loader.js');
    const { text } = tags;
    expect(tags.language).toBe('javascript');
    expect(tags.errorNodes).toBe(0);
    expect(tags.imports).toEqual([
      { specifier: 'node:fs/promises', line: 1, names: ['readFile'] },
      { specifier: 'node:module', line: 2, names: ['createRequire'] },
      { specifier: 'node:path', line: 3, names: ['path'] },
      { specifier: './env.js', line: 4, names: ['readEnvOverrides'] },
      { specifier: './merge.js', line: 5, names: ['mergeLayers'] },
      {
        specifier: './schema/index.js',
        line: lineOf(text, "require('./schema/index.js')"),
        names: ['ConfigValidationError', 'validateConfig'],
      },
    ]);
    expect(tags.definitions).toContainEqual({
      name: 'loadConfig',
      kind: 'function',
      startLine: lineOf(text, 'export async function loadConfig('),
      endLine: lineOf(text, 'return Object.freeze(config);') + 1,
    });
    expect(definitionKeys(tags)).toEqual(
      expect.arrayContaining(['constant DEFAULTS', 'class ConfigFileError', 'function readConfigFile']),
    );
    expect(definitionKeys(tags)).not.toContain('method constructor');
  });

  it('lib/loader.js: calls, member calls and `new X()`', async () => {
    const tags = await fixtureTags(REPO, 'lib/loader.js');
    const { text } = tags;
    expect(tags.references).toContainEqual({
      name: 'readConfigFile',
      kind: 'call',
      line: lineOf(text, 'await readConfigFile('),
    });
    expect(tags.references).toContainEqual({
      name: 'resolve',
      kind: 'call',
      line: lineOf(text, 'path.resolve(cwd, name)'),
    });
    expect(tags.references).toContainEqual({
      name: 'mergeLayers',
      kind: 'call',
      line: lineOf(text, 'const config = mergeLayers('),
    });
    expect(tags.references).toContainEqual({
      name: 'ConfigValidationError',
      kind: 'class',
      line: lineOf(text, 'new ConfigValidationError('),
    });
    expect(tags.references).toContainEqual({
      name: 'Error',
      kind: 'class',
      line: lineOf(text, 'class ConfigFileError extends Error'),
    });
    expect(referenceKeys(tags)).not.toContain('call require');
  });

  it('lib/schema: CommonJS require with destructuring', async () => {
    const index = await fixtureTags(REPO, 'lib/schema/index.js');
    expect(importKeys(index)).toEqual(['./validate [SCHEMA, validateConfig]']);
    expect(definitionKeys(index)).toEqual(
      expect.arrayContaining(['function describeErrors', 'class ConfigValidationError']),
    );
    const spec = await fixtureTags(REPO, 'lib/schema/__tests__/validate.js');
    expect(importKeys(spec)).toEqual([
      'node:test []',
      'node:assert/strict []',
      '../validate [checkField, getPath, validateConfig]',
    ]);
    expect(referenceKeys(spec)).toEqual(
      expect.arrayContaining(['call test', 'call equal', 'call getPath', 'call checkField', 'call validateConfig']),
    );
  });

  it('lib/ui/Panel.jsx: components are functions, JSX components are class references, intrinsic tags are not', async () => {
    const tags = await fixtureTags(REPO, 'lib/ui/Panel.jsx');
    const { text } = tags;
    expect(importKeys(tags)).toEqual([
      'react [React, useMemo, useState]',
      '../merge.js [deepMerge, setPath]',
      '../schema/index.js [describeErrors, validateConfig]',
    ]);
    expect(definitionKeys(tags)).toEqual([
      'function flattenConfig',
      'function ConfigRow',
      'function ConfigPanel',
      'function onEdit',
    ]);
    expect(tags.references).toContainEqual({ name: 'ConfigRow', kind: 'class', line: lineOf(text, '<ConfigRow key=') });
    expect(tags.references).toContainEqual({
      name: 'deepMerge',
      kind: 'call',
      line: lineOf(text, 'deepMerge(config, edits)'),
    });
    expect(tags.references).toContainEqual({
      name: 'describeErrors',
      kind: 'call',
      line: lineOf(text, 'describeErrors(errors)'),
    });
    for (const intrinsic of ['tr', 'td', 'th', 'input', 'form', 'table', 'button', 'p']) {
      expect(referenceKeys(tags)).not.toContain(`class ${intrinsic}`);
    }
  });

  it('lib/merge.js: module-level constants and exported functions', async () => {
    const tags = await fixtureTags(REPO, 'lib/merge.js');
    expect(definitionKeys(tags)).toEqual([
      'function isPlainObject',
      'constant FORBIDDEN_KEYS',
      'function deepMerge',
      'function mergeLayers',
      'function setPath',
    ]);
    expect(tags.imports).toEqual([]);
  });
});

describe('javascript forms (inline)', () => {
  it('re-exports, dynamic import(), CommonJS exports, object methods, class fields', async () => {
    const tags = await snippetTags(
      'javascript',
      [
        "export { a as b, c } from './re';", // 1
        "export * from './all';", // 2
        "const mod = await import('./lazy.js');", // 3
        'exports.parse = function (s) { return s; };', // 4
        'module.exports.load = (p) => read(p);', // 5
        'const api = { get() {}, put: async () => {} };', // 6
        'class Store { #items = []; save = (x) => this.#write(x); #write(x) {} }', // 7
        'function* gen() { yield helper(); }', // 8
        'new ns.Client().connect();', // 9
      ].join('\n'),
    );
    expect(tags.imports).toEqual([
      { specifier: './re', line: 1, names: ['a', 'c'] },
      { specifier: './all', line: 2, names: ['*'] },
      { specifier: './lazy.js', line: 3, names: [] },
    ]);
    expect(definitionKeys(tags)).toEqual([
      'function parse',
      'function load',
      'constant api',
      'method get',
      'method put',
      'method #write', // same line as Store: ordered by name, '#' sorts first
      'class Store',
      'method save',
      'function gen',
    ]);
    expect(referenceKeys(tags)).toEqual(
      expect.arrayContaining(['call read', 'call #write', 'call helper', 'class Client', 'call connect']),
    );
  });
});
