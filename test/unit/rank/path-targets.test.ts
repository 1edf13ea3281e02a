/**
 * A path or frame with a line names only the files it matches that are long enough to
 * hold that line: a bundle's `index.js:587` is not a short `index.js` of the repository,
 * and of the workspace's `src/lib.rs` files a registry path names the one long enough.
 * The files that cannot hold the line lose their share of the cue; the others keep theirs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus, type Index } from '../../../src/index.js';
import { LINE_CHECK_MAX_MATCHES, pathTargets } from '../../../src/rank/path-targets.js';
import { PathSuffixIndex } from '../../../src/cues/index.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';

const lines = (n: number, line: (k: number) => string): string =>
  Array.from({ length: n }, (_, k) => line(k + 1)).join('\n') + '\n';

const FILES: Record<string, string> = {
  // a test server of 6 lines, and the extension's sources
  'tests/server/index.js':
    "const http = require('http');\n\nmodule.exports = function serve(port) {\n  return http.createServer().listen(port);\n};\n",
  'src/utils/url.js': lines(40, (k) =>
    k === 1
      ? 'export function createUrlRegex(pattern) {'
      : k === 20
        ? 'export function isURLMatched(url, pattern) {'
        : `  // step ${k} of matching a site pattern`,
  ),
  'src/config/parse.js': lines(40, (k) =>
    k === 1 ? 'export function indexSitesFixesConfig(text) {' : `  // line ${k}: split the config at its delimiters`,
  ),
  // a workspace of crates: a short cli/src/lib.rs, a long globset/src/lib.rs
  'crates/cli/src/lib.rs': 'pub fn run() {}\n',
  'crates/globset/src/lib.rs': lines(60, (k) => (k === 1 ? 'pub struct GlobSet {}' : `// glob matching, line ${k}`)),
  'pkg/module.py': 'def handle(x):\n    return x\n',
};

let dir: string;
let index: Index;

beforeAll(async () => {
  dir = makeTemp('repomap-path-targets-');
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  index = await buildIndex(await loadCorpus({ folder: dir }));
});

afterAll(() => removeTemp(dir));

/** The weight a file gets from the query's path and frame cues. */
function pathSeed(query: string, path: string): number {
  return index
    .explain(query, path, { task: 'issue2code' })
    .cues.filter((c) => c.kind === 'path' || c.kind === 'frame')
    .reduce((s, c) => s + c.weight, 0);
}

describe('a path with a line names only the files that can hold it', () => {
  const BUNDLE = [
    'Base64 padding in themes breaks the extension',
    '',
    'The delimiter regex in `indexSitesFixesConfig()` splits a selector, and then:',
    '',
    '```',
    'Uncaught (in promise) SyntaxError: Invalid regular expression: Unmatched )',
    '    at createUrlRegex (index.js:587)',
    '    at isURLMatched (index.js:545)',
    '    at getSitesFixesFor (index.js:794)',
    '```',
  ].join('\n');

  it("a bundle's frames (`index.js:587`) name no short index.js of the repository", () => {
    expect(pathSeed(BUNDLE, 'tests/server/index.js')).toBe(0);
    const r = index.rank(BUNDLE, { task: 'issue2code' });
    expect(r.files[0]!.path).toBe('src/config/parse.js');
    const server = r.files.find((f) => f.path === 'tests/server/index.js');
    expect(server?.reasons.join(' | ') ?? '').not.toContain('index.js:');
  });

  it('the same frames at lines the file holds still name it', () => {
    const near = BUNDLE.replace('index.js:587', 'index.js:4')
      .replace('index.js:545', 'index.js:3')
      .replace('index.js:794', 'index.js:2');
    expect(pathSeed(near, 'tests/server/index.js')).toBeGreaterThan(0);
  });

  it('of the files a registry path matches by suffix, the one long enough keeps its share and the short one loses its own', () => {
    const at = (line: number) =>
      `GlobSet panics on an empty pattern\n\nthread 'main' panicked at /usr/share/cargo/registry/globset-0.4.8/src/lib.rs:${line}:5`;
    // line 1: both lib.rs hold it and share the cue
    const shared = pathSeed(at(1), 'crates/globset/src/lib.rs');
    expect(shared).toBeGreaterThan(0);
    expect(pathSeed(at(1), 'crates/cli/src/lib.rs')).toBeCloseTo(shared, 10);
    // line 42: only globset's holds it; it keeps the same share, cli's gets nothing
    expect(pathSeed(at(42), 'crates/globset/src/lib.rs')).toBeCloseTo(shared, 10);
    expect(pathSeed(at(42), 'crates/cli/src/lib.rs')).toBe(0);
  });

  it('a path written with folders still names its only match past its end (the reporter may run a longer version)', () => {
    const issue =
      'handle drops the value\n\nTraceback (most recent call last):\n  File "/home/u/src/pkg/module.py", line 500, in handle\n    return x\nValueError: bad';
    expect(pathSeed(issue, 'pkg/module.py')).toBeGreaterThan(0);
  });
});

describe('pathTargets', () => {
  const paths = ['a/index.js', 'b/index.js', 'c/tool.js'];
  const counts = [10, 100, 5];
  const ctx = {
    pathIndex: new PathSuffixIndex(paths),
    indexOf: (p: string) => paths.indexOf(p),
    lineCount: (i: number) => counts[i]!,
  };

  it('keeps the matches that hold the line, and counts every match for the share', () => {
    expect(pathTargets({ kind: 'frame', strength: 1, value: 'index.js', line: 50 }, ctx)).toEqual({
      paths: ['b/index.js'],
      among: 2,
      strength: 1,
    });
    expect(pathTargets({ kind: 'frame', strength: 1, value: 'index.js', line: 5 }, ctx)).toEqual({
      paths: ['a/index.js', 'b/index.js'],
      among: 2,
      strength: 1,
    });
    expect(pathTargets({ kind: 'frame', strength: 1, value: 'index.js' }, ctx)).toEqual({
      paths: ['a/index.js', 'b/index.js'],
      among: 2,
      strength: 1,
    });
  });

  it('a bare file name none of whose matches holds the line names none; a path with folders keeps them', () => {
    expect(pathTargets({ kind: 'path', strength: 1, value: 'tool.js', line: 50 }, ctx)).toEqual({
      paths: [],
      among: 1,
      strength: 1,
    });
    expect(pathTargets({ kind: 'path', strength: 1, value: '/home/u/c/tool.js', line: 50 }, ctx)).toEqual({
      paths: ['c/tool.js'],
      among: 1,
      strength: 1,
    });
    expect(pathTargets({ kind: 'path', strength: 1, value: 'C:\\proj\\c\\tool.js', line: 50 }, ctx)).toEqual({
      paths: ['c/tool.js'],
      among: 1,
      strength: 1,
    });
  });

  it('a path matching more than LINE_CHECK_MAX_MATCHES files is not checked (its text is not read)', () => {
    const many = Array.from({ length: LINE_CHECK_MAX_MATCHES + 1 }, (_, k) => `d${k}/index.js`);
    const read: number[] = [];
    const wide = {
      pathIndex: new PathSuffixIndex(many),
      indexOf: (p: string) => many.indexOf(p),
      lineCount: (i: number) => (read.push(i), 1),
    };
    expect(pathTargets({ kind: 'frame', strength: 1, value: 'index.js', line: 50 }, wide)).toEqual({
      paths: [...many].sort(),
      among: many.length,
      strength: 1,
    });
    expect(read).toEqual([]);
    const fewer = { ...wide, pathIndex: new PathSuffixIndex(many.slice(1)) };
    expect(pathTargets({ kind: 'frame', strength: 1, value: 'index.js', line: 50 }, fewer)).toEqual({
      paths: [],
      among: LINE_CHECK_MAX_MATCHES,
      strength: 1,
    });
    expect(read).toHaveLength(LINE_CHECK_MAX_MATCHES);
  });

  it('a given file is named whatever its line', () => {
    expect(pathTargets({ kind: 'given-file', strength: 1, value: 'tool.js', line: 50 }, ctx)).toEqual({
      paths: ['c/tool.js'],
      among: 1,
      strength: 1,
    });
  });
});
