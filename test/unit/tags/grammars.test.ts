import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RepoMapError } from '../../../src/errors.js';
import { grammarManifest } from '../../../src/languages/index.js';
import { grammarPackageFolder, grammarWasmPath, loadGrammar } from '../../../src/tags/grammar.js';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { compileQueryParts, compileTagsQuery, loadTagsQuery, tagsQueryPaths } from '../../../src/tags/query.js';
import { LANGUAGES } from '../../../src/types.js';
import { packageRoot } from '../../../src/package-root.js';

/** The grammar packages are dependencies at exact versions (installed by `npm ci`, nothing fetched at run time). */
const packageJson = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

afterAll(releaseLanguageTools);

/** Runs `fn` and returns what it threw, as plain data. */
async function thrown(
  fn: () => Promise<unknown>,
): Promise<{ name: string; code?: string; subject?: string; message: string }> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof RepoMapError) {
      return { name: error.name, code: error.code, subject: error.subject, message: error.message };
    }
    return { name: String((error as Error).name), message: String((error as Error).message) };
  }
  throw new Error('expected a throw');
}

describe('grammar manifest', () => {
  it.each(LANGUAGES)(
    '%s: wasm is the manifest file of the installed package version, matches its sha256 and loads with its ABI (14 unless it says)',
    async (language) => {
      const entry = grammarManifest()[language];
      const wasm = grammarWasmPath(language);
      expect(wasm.endsWith(join(entry.package, entry.wasm))).toBe(true);
      const installed = JSON.parse(readFileSync(join(grammarPackageFolder(entry.package), 'package.json'), 'utf8')) as {
        name: string;
        version: string;
      };
      expect([installed.name, installed.version]).toEqual([entry.package, entry.packageVersion]);
      expect(packageJson.dependencies[entry.package]).toBe(entry.packageVersion);
      expect(createHash('sha256').update(readFileSync(wasm)).digest('hex')).toBe(entry.sha256);
      const grammar = await loadGrammar(language);
      expect(grammar.abiVersion).toBe(entry.abi ?? 14);
    },
  );

  it.each(LANGUAGES)('%s: tags query compiles and uses only the vocabulary', async (language) => {
    const files = tagsQueryPaths(language);
    expect(files.map((f) => f.slice(f.indexOf('queries/')))).toEqual(grammarManifest()[language].queries);
    const query = loadTagsQuery(language, await loadGrammar(language));
    try {
      const captures = [...query.captureNames];
      expect(captures).toContain('name');
      expect(captures.some((c) => c.startsWith('definition.'))).toBe(true);
      expect(captures.some((c) => c.startsWith('reference.'))).toBe(true);
      expect(captures).toEqual(expect.arrayContaining(['import', 'import.module']));
    } finally {
      query.delete();
    }
  });

  it('JavaScript, TypeScript and TSX share the import and message patterns; TSX and JavaScript share the JSX patterns', () => {
    const ecma = ['queries/ecma/imports.scm', 'queries/ecma/messages.scm'];
    expect(grammarManifest().javascript.queries).toEqual([
      ...ecma,
      'queries/javascript/tags.scm',
      'queries/jsx/tags.scm',
    ]);
    expect(grammarManifest().typescript.queries).toEqual([...ecma, 'queries/typescript/tags.scm']);
    expect(grammarManifest().tsx.queries).toEqual([...ecma, 'queries/typescript/tags.scm', 'queries/jsx/tags.scm']);
  });
});

describe('query checks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'repomap-tags-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('rejects a capture name outside the vocabulary, naming the file, capture and position', async () => {
    const file = join(dir, 'bad-capture.scm');
    writeFileSync(
      file,
      '; a comment mentioning @definition.widget is not a use\n(function_definition\n  name: (identifier) @name) @definition.widget\n',
    );
    const error = await thrown(() => compileTagsQuery('python', readFileSync(file, 'utf8'), file));
    expect(error).toMatchObject({ name: 'RepoMapError', code: 'query-error', subject: file });
    expect(error.message).toContain(file + ':3:');
    expect(error.message).toContain('@definition.widget');
  });

  it('rejects an unknown reference kind and an unknown import capture', async () => {
    for (const capture of ['reference.macro', 'import.alias', 'names']) {
      const file = join(dir, `${capture}.scm`);
      const error = await thrown(() => compileTagsQuery('go', `(identifier) @${capture}`, file));
      expect(error).toMatchObject({ code: 'query-error', subject: file });
      expect(error.message).toContain(`@${capture}`);
    }
  });

  it('accepts helper captures used only by predicates', async () => {
    const query = await compileTagsQuery(
      'javascript',
      '((call_expression function: (identifier) @_fn arguments: (arguments (string) @import.module)) @import (#eq? @_fn "require"))',
      'helper.scm',
    );
    expect([...query.captureNames].sort()).toEqual(['_fn', 'import', 'import.module']);
    query.delete();
  });

  it('reports a query that does not compile with the file and position', async () => {
    const file = join(dir, 'bad-node.scm');
    const error = await thrown(() =>
      compileTagsQuery('rust', '(function_item name: (identifier) @name)\n(no_such_node) @name\n', file),
    );
    expect(error).toMatchObject({ code: 'query-error', subject: file });
    expect(error.message).toContain(`${file}:2:2`);
    expect(error.message).toContain('no_such_node');
  });

  it('compiles query files as one, and names the file a part error is in', async () => {
    const grammar = await loadGrammar('rust');
    const good = { file: 'good.scm', source: '(function_item name: (identifier) @name) @definition.function' };
    const query = compileQueryParts(grammar, [
      good,
      { file: 'more.scm', source: '(struct_item name: (type_identifier) @name) @definition.class' },
    ]);
    expect(query.patternCount()).toBe(2);
    query.delete();
    const error = await thrown(async () =>
      compileQueryParts(grammar, [good, { file: 'bad.scm', source: '(no_such_node) @name' }]),
    );
    expect(error).toMatchObject({ code: 'query-error', subject: 'bad.scm' });
    expect(error.message).toContain('bad.scm:1:2');
  });

  it('reports a syntax error in a query', async () => {
    const error = await thrown(() =>
      compileTagsQuery('java', '(class_declaration name: (identifier) @name', 'unclosed.scm'),
    );
    expect(error).toMatchObject({ code: 'query-error', subject: 'unclosed.scm' });
    expect(error.message).toMatch(/^repomap\/tags: unclosed\.scm:1:\d+ \(offset \d+\)/);
  });
});
