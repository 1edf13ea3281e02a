/**
 * The references into DESIGN.md and bench/NOTES.md resolve. DESIGN.md holds the contracts,
 * formulas and defaults, and its measurements and history live in bench/NOTES.md (issue 49),
 * so sections move between them; the sources, tests, benches and docs that point at one
 * must still find it:
 * - a markdown link to `DESIGN.md#anchor` or `bench/NOTES.md#anchor` (or `#anchor` inside
 *   either file) names a heading's anchor, as GitHub makes it (bench/notes-toc.mjs);
 * - a citation by name, `DESIGN.md, "Lean heap"` or `(bench/NOTES.md, "The command line as
 *   a bundle")`, also across comment lines, names a heading of that file (its date or issue
 *   in parentheses may be left out) or a term the file sets in bold.
 * Reads only the repository's own files.
 */
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The bench module is plain JavaScript without declarations: imported through a string.
const tocModule: string = '../../../bench/notes-toc.mjs';
const { headings } = (await import(tocModule)) as {
  headings: (markdown: string) => { level: number; text: string; anchor: string }[];
};

const ROOT = join(import.meta.dirname, '../../..');
const THIS_FILE = relative(ROOT, import.meta.filename);

/** Folders never read: installs, builds, version control, and the repositories tests rank. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'fixtures']);
const READ = /\.(md|ts|mjs|cjs|js|py|sh)$/;

/** The repository's files that may cite a document, relative to the root, in byte order. */
function repositoryFiles(folder = ''): string[] {
  const entries: Dirent[] = readdirSync(join(ROOT, folder), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory() && !SKIPPED.has(entry.name)) files.push(...repositoryFiles(path));
    else if (entry.isFile() && READ.test(entry.name) && path !== THIS_FILE) files.push(path);
  }
  return files.sort();
}

interface Document {
  anchors: Set<string>;
  /** Heading texts (with and without a trailing parenthesis) and bold terms. */
  names: Set<string>;
}

const DOCUMENTS: Record<string, string> = { 'DESIGN.md': 'DESIGN.md', 'NOTES.md': 'bench/NOTES.md' };

function documentOf(path: string): Document {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const found = headings(text);
  const names = new Set<string>();
  for (const { text: heading } of found) {
    const plain = heading.replace(/`/g, '');
    names.add(plain);
    names.add(plain.replace(/ \([^()]*\)$/, ''));
  }
  for (const bold of text.matchAll(/\*\*([^*\n]+)\*\*/g)) names.add(bold[1]!.replace(/`/g, ''));
  return { anchors: new Set(found.map((heading) => heading.anchor)), names };
}

const documents = new Map(Object.values(DOCUMENTS).map((path) => [path, documentOf(path)]));
const files = repositoryFiles();
const texts = new Map(files.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));

interface Reference {
  file: string;
  document: string;
  target: string;
}

/** Markdown links to an anchor of DESIGN.md or bench/NOTES.md, and `#anchor` links inside them. */
function anchorLinks(): Reference[] {
  const links: Reference[] = [];
  for (const [file, text] of texts) {
    if (!file.endsWith('.md')) continue;
    for (const link of text.matchAll(/\]\(([^()\s#]*)#([^()\s]+)\)/g)) {
      const document = link[1] === '' ? file : relative(ROOT, resolve(ROOT, dirname(file), link[1]!));
      if (documents.has(document)) links.push({ file, document, target: link[2]! });
    }
  }
  return links;
}

/** Citations by name: `DESIGN.md, "Section"`, `NOTES.md ("Section")`, joined across comment lines. */
function citations(): Reference[] {
  const found: Reference[] = [];
  for (const [file, text] of texts) {
    const joined = text.replace(/\n[ \t]*(?:\/\/|\*|#)?[ \t]*/g, ' ');
    for (const citation of joined.matchAll(/\b(DESIGN|NOTES)\.md\)?,?\s*\(?"([^"]+)"/g)) {
      found.push({ file, document: DOCUMENTS[`${citation[1]}.md`]!, target: citation[2]! });
    }
  }
  return found;
}

describe('references into DESIGN.md and bench/NOTES.md', () => {
  it('are found: the check reads the files that cite them', () => {
    expect(anchorLinks().length).toBeGreaterThan(10);
    const cited = citations();
    expect(cited.length).toBeGreaterThan(10);
    expect(cited).toContainEqual({ file: 'src/heap.ts', document: 'DESIGN.md', target: 'Lean heap' });
    expect(cited).toContainEqual({
      file: 'scripts/bundle-cli.mjs',
      document: 'bench/NOTES.md',
      target: 'The command line as a bundle',
    });
  });

  it('each link names an anchor of its document', () => {
    const broken = anchorLinks().filter(({ document, target }) => !documents.get(document)!.anchors.has(target));
    expect(broken).toEqual([]);
  });

  it('each citation by name names a heading or a bold term of its document', () => {
    const broken = citations().filter(({ document, target }) => !documents.get(document)!.names.has(target));
    expect(broken).toEqual([]);
  });
});

describe('DESIGN.md', () => {
  it('stays a design document: at most 500 lines (measurements and history go to bench/NOTES.md)', () => {
    const lines = readFileSync(join(ROOT, 'DESIGN.md'), 'utf8').split('\n').length - 1;
    expect(lines).toBeLessThanOrEqual(500);
  });
});
