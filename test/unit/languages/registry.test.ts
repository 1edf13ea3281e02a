/**
 * The shape every language has (src/languages/registry.ts): a spec, a grammar and query in
 * the manifest, an import resolver, and a fixture repository with ranking cases on which
 * the language's real parses give definitions, references, resolved imports and test links.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESOLVERS } from '../../../src/graph/resolve/registry.js';
import { grammarManifest, LANGUAGE_SPECS, languageOf, languageOfInfoWord } from '../../../src/languages/index.js';
import { packageRoot } from '../../../src/package-root.js';
import { LANGUAGES, type LanguageId } from '../../../src/types.js';
import { FIXTURES, fixtureIndexes } from '../../fixture-index.js';

const REPOS = readdirSync(join(FIXTURES, 'repos')).sort();
const indexOf = fixtureIndexes();

/** The fixture repositories holding files of `language`, as the corpus reads them. */
async function reposOf(language: LanguageId): Promise<string[]> {
  const out: string[] = [];
  for (const repo of REPOS) if ((await indexOf(repo)).corpus.files.some((f) => f.language === language)) out.push(repo);
  return out;
}

describe('the language registry', () => {
  it('gives every extension and every code-block info word to one language', () => {
    const extensions = LANGUAGES.flatMap((id) => LANGUAGE_SPECS[id].extensions);
    expect(new Set(extensions).size).toBe(extensions.length);
    for (const ext of extensions) expect(ext).toMatch(/^\.[a-z0-9+]+$/);
    const words = LANGUAGES.flatMap((id) => LANGUAGE_SPECS[id].infoStrings);
    expect(new Set(words).size).toBe(words.length);
    for (const id of LANGUAGES) {
      for (const ext of LANGUAGE_SPECS[id].extensions) expect(languageOf(`a/b${ext}`)).toBe(id);
      for (const word of LANGUAGE_SPECS[id].infoStrings) expect(languageOfInfoWord(word)).toBe(id);
    }
  });

  it('claims by content only extensions another language owns', () => {
    for (const id of LANGUAGES) {
      for (const ext of LANGUAGE_SPECS[id].claims?.extensions ?? []) {
        const owner = languageOf(`x${ext}`);
        expect(owner).not.toBeNull();
        expect(owner).not.toBe(id);
      }
    }
  });

  it.each(LANGUAGES)('%s: a grammar, query files that exist, a resolver, a snippet path of its own', (language) => {
    const entry = grammarManifest()[language];
    expect(entry.queries.length).toBeGreaterThan(0);
    for (const q of entry.queries) expect(existsSync(join(packageRoot(), q)), q).toBe(true);
    expect(RESOLVERS[language]).toBeDefined();
    expect(languageOf(LANGUAGE_SPECS[language].snippetPath)).toBe(language);
  });
});

describe.each(LANGUAGES)('%s on its fixture repositories', (language) => {
  it('has a fixture repository with ranking cases', async () => {
    const repos = await reposOf(language);
    expect(repos.length, `no fixtures/repos/* holds a ${language} file`).toBeGreaterThan(0);
    expect(repos.some((repo) => existsSync(join(FIXTURES, 'cases', `${repo}.json`)))).toBe(true);
  });

  it('parses cleanly into definitions and references, resolves imports, links tests to sources', async () => {
    let files = 0;
    let definitions = 0;
    let references = 0;
    let resolvedImports = 0;
    let testLinks = 0;
    for (const repo of await reposOf(language)) {
      const index = await indexOf(repo);
      for (const t of index.tags) {
        if (t.language !== language) continue;
        files++;
        expect(t.errorNodes, `${repo}/${t.path} parses without errors`).toBe(0);
        definitions += t.definitions.length;
        references += t.references.length;
      }
      index.fileGraph.graph.forEachEdge((_key, attr, source, target) => {
        if (index.languageOf(source) !== language) return;
        if (attr.type === 'import') resolvedImports++;
        if (attr.type === 'source-test' && index.languageOf(target) !== null) testLinks++;
      });
    }
    expect(files).toBeGreaterThan(0);
    expect(definitions).toBeGreaterThan(0);
    expect(references).toBeGreaterThan(0);
    expect(resolvedImports).toBeGreaterThan(0);
    expect(testLinks).toBeGreaterThan(0);
  });
});
