/**
 * What a path says about a file's role, as 0/1 markers the learned ranker weighs: folder
 * names and file names that projects everywhere use for examples, docs, benchmarks,
 * scripts, templates, fixtures, vendored and generated code, typings, lock files, markup
 * and data. They are generic conventions, not any repository's names; the weight of each
 * is learned across repositories (bench/learn), never set by hand.
 */

/** Folder-name markers: a path has the marker when one of its folders is one of the names. */
const FOLDER_MARKERS = {
  example: [
    'example',
    'examples',
    'sample',
    'samples',
    'demo',
    'demos',
    'playground',
    'playgrounds',
    'tutorial',
    'tutorials',
    'cookbook',
    'showcase',
  ],
  doc: ['doc', 'docs', 'documentation', 'site', 'website', 'book', 'guide', 'guides', 'man'],
  bench: ['bench', 'benches', 'benchmark', 'benchmarks', 'perf'],
  script: [
    'script',
    'scripts',
    'tool',
    'tools',
    'ci',
    '.github',
    'hack',
    'xtask',
    'build-tools',
    'devtools',
    'contrib',
  ],
  template: [
    'template',
    'templates',
    'skeleton',
    'skeletons',
    'layout',
    'layouts',
    'theme',
    'themes',
    'scaffold',
    'scaffolds',
    'stubs',
    'boilerplate',
  ],
  fixture: [
    'fixture',
    'fixtures',
    'testdata',
    'test-data',
    'test_data',
    '__snapshots__',
    'snapshots',
    'mocks',
    '__mocks__',
    'data',
    'assets',
    'resources',
  ],
  vendor: ['vendor', 'vendored', 'third_party', 'thirdparty', 'third-party', 'external', 'extern', 'deps'],
  testDir: ['test', 'tests', 'testing', 'spec', 'specs', '__tests__', 'e2e', 'integration', 'integration_tests', 'it'],
  source: ['src', 'lib', 'pkg', 'internal', 'core', 'crates', 'packages', 'app', 'source'],
} as const;

export type FolderMarker = keyof typeof FOLDER_MARKERS;
export const FOLDER_MARKER_NAMES = Object.keys(FOLDER_MARKERS) as FolderMarker[];

const FOLDER_OF = new Map<string, FolderMarker[]>();
for (const marker of FOLDER_MARKER_NAMES) {
  for (const name of FOLDER_MARKERS[marker]) FOLDER_OF.set(name, [...(FOLDER_OF.get(name) ?? []), marker]);
}

/** File-name markers, each a test of the file name (lower case). */
const FILE_MARKERS = {
  generated: (name: string) =>
    /(^|[._-])(generated|gen|pb|pb2|g)[._-]/.test(name) || name.includes('_pb2') || name.endsWith('.pb.go'),
  typings: (name: string) =>
    name.endsWith('.d.ts') || name.endsWith('.d.mts') || name.endsWith('.d.cts') || name.endsWith('.pyi'),
  lock: (name: string) =>
    name.endsWith('.lock') ||
    name.endsWith('-lock.json') ||
    name.endsWith('-lock.yaml') ||
    name === 'go.sum' ||
    name.endsWith('.lockb'),
  markup: (name: string) =>
    /\.(html?|vue|svelte|css|scss|sass|less|astro|hbs|ejs|njk|liquid|jinja2?|tmpl|tpl|erb)$/.test(name),
  data: (name: string) => /\.(json|jsonc|ya?ml|toml|xml|ini|cfg|conf|proto|graphql|gql|csv|txt|lock)$/.test(name),
  entry: (name: string) => /^(index|main|lib|mod|__init__|__main__|app|cli|init)\.[^.]+$/.test(name),
  minified: (name: string) => name.includes('.min.'),
} as const;

export type FileMarker = keyof typeof FILE_MARKERS;
export const FILE_MARKER_NAMES = Object.keys(FILE_MARKERS) as FileMarker[];

/** The folder markers of a path (its folders, not its file name). */
export function folderMarkers(path: string): Set<FolderMarker> {
  const out = new Set<FolderMarker>();
  const segments = path.split('/');
  for (let k = 0; k < segments.length - 1; k++)
    for (const m of FOLDER_OF.get(segments[k]!.toLowerCase()) ?? []) out.add(m);
  return out;
}

/** The file-name markers of a path. */
export function fileMarkers(path: string): Set<FileMarker> {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  return new Set(FILE_MARKER_NAMES.filter((m) => FILE_MARKERS[m](name)));
}

/** A path's extension, lower case, with its dot ('' for none; `.d.ts` counts as `.ts`). */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}
