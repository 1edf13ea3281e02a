/**
 * The package's entries (issue 49, "a thin public API"): `repomap` (src/index.ts) exports
 * the calls a library user makes, the Index's type with its verbs, the error class and the
 * defaults tree, and nothing else at run time; everything the CLI, the MCP server, the eval
 * harness and bench need beyond it is `repomap/unstable` (src/unstable.ts), exported by
 * package.json like the other subpaths. Both entries only re-export, which the CLI's bundle
 * relies on (scripts/bundle-cli.mjs binds each imported name to its own module).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as publicApi from '../../src/index.js';
import * as unstable from '../../src/unstable.js';

const ROOT = join(import.meta.dirname, '../..');

describe('the package entries', () => {
  it('repomap exports the library calls, the error class and the defaults tree, and nothing else at run time', () => {
    expect(Object.keys(publicApi).sort()).toEqual([
      'DEFAULTS',
      'RepoMapError',
      'buildIndex',
      'loadCorpus',
      'openIndex',
      'repoMap',
      'whySkipped',
    ]);
  });

  it('repomap/unstable holds the rest (the process flags, stores, renderers, …), none of the public names', () => {
    expect(Object.keys(unstable).filter((name) => name in publicApi)).toEqual([]);
    for (const name of ['useLeanHeap', 'useOneShotCompilation', 'prestartWhenListed', 'parseAhead', 'TagsStore'])
      expect(unstable).toHaveProperty(name);
    expect(unstable).toHaveProperty('renderText');
  });

  it('package.json exports repomap/unstable with its types, and the ESM-only error for require', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, Record<string, string>>;
    };
    expect(manifest.exports['./unstable']).toEqual({
      types: './dist/src/unstable.d.ts',
      import: './dist/src/unstable.js',
      require: './dist/src/esm-only.cjs',
    });
  });

  it.each(['src/index.ts', 'src/unstable.ts'])('%s holds re-exports only', (file) => {
    const source = readFileSync(join(ROOT, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const statements = source
      .split(';')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    expect(statements.filter((s) => !/^export (type )?(\{[^}]*\}|\*) from '\.\/[\w/.-]+\.js'$/.test(s))).toEqual([]);
  });
});
