/**
 * JavaScript / TypeScript / TSX import resolution.
 *
 * Specifiers (from the tags stage): the string content of `import … from '…'`,
 * `export … from '…'`, `import('…')`, `require('…')` (quotes tolerated).
 *
 * Rules:
 * - Relative (`./x`, `../y/z`) from the importing file's folder: the exact file when it
 *   exists; a written `.js`/`.jsx`/`.mjs`/`.cjs` also tries the TypeScript source
 *   (`.ts`/`.tsx`/`.d.ts`, `.mts`, `.cts`; TS ESM style); then the extensions
 *   `.ts .tsx .d.ts .js .jsx .mjs .cjs .mts .cts` in that order; then, for a folder, the
 *   `main` of its `package.json`, then its `index.<ext>`. First match only.
 * - tsconfig/jsconfig `compilerOptions.paths` (with `*` patterns) and `baseUrl` of the
 *   nearest `tsconfig.json`/`jsconfig.json` above the importing file (one `extends` chain
 *   of corpus files followed), tried before packages, as TypeScript does.
 * - `#sub` specifiers: the `imports` map of the nearest `package.json`.
 * - Bare specifiers naming a workspace package (a corpus `package.json` with that `name`):
 *   `@scope/foo` → its `exports['.']` target (conditions `source`, `import`, `module`,
 *   `default`, `require`, `node`, `browser`, `types`, … in that order), then `source`,
 *   `module`, `main`, `types`, `typings`, then `src/index.*`, `index.*`. Targets in build
 *   folders that are not in the corpus (`dist/`, `lib/`, `build/`, `out/`, `esm/`, `cjs/`)
 *   map back to `src/` with the extension swapped. `@scope/foo/sub` → `exports['./sub']`
 *   (or a `./*` pattern), else `sub` resolved under the package folder, then under `src/`.
 * - Anything else (npm packages, `node:` builtins, URLs) → [] (external).
 */
import { baseOf, child, dirOf, joinPath } from './paths.js';
import { defineResolver } from './resolver.js';
import { compareByteOrder } from '../../text/order.js';

const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'] as const;
/** Written JS extension → TypeScript sources it may stand for. */
const SOURCE_FOR: Readonly<Record<string, readonly string[]>> = {
  '.js': ['.ts', '.tsx', '.d.ts'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts', '.d.mts'],
  '.cjs': ['.cts', '.d.cts'],
};
const BUILD_DIRS = new Set(['dist', 'lib', 'build', 'out', 'esm', 'cjs', 'types', 'typings']);
const CONDITIONS = ['source', 'import', 'module', 'default', 'require', 'node', 'browser', 'types'] as const;
const ENTRY_FIELDS = ['source', 'module', 'main', 'types', 'typings'] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface PackageInfo {
  dir: string;
  manifest: { [key: string]: Json };
}

interface PathsConfig {
  /** Folder that `paths` targets are relative to. */
  pathsBase: string;
  paths: [pattern: string, targets: string[]][];
  /** Folder bare specifiers may resolve under, or null. */
  baseUrl: string | null;
}

export interface JsTables {
  /** Workspace packages by `name`. */
  packagesByName: Map<string, PackageInfo[]>;
  /** Packages by folder (for `#imports` and folder imports). */
  packagesByDir: Map<string, PackageInfo>;
  /** Effective tsconfig/jsconfig by the folder it sits in. */
  configsByDir: Map<string, PathsConfig>;
  /** Memo: folder → nearest config (or null). */
  nearestConfig: Map<string, PathsConfig | null>;
}

/** Parses JSON with comments and trailing commas (tsconfig style); null when invalid. */
export function parseJsonc(text: string): Json {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else {
      out += c;
      i++;
    }
  }
  try {
    return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1')) as Json;
  } catch {
    return null;
  }
}

function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** package.json, and tsconfig / jsconfig files (any `[jt]sconfig*.json`, for `extends`). */
export function isManifestName(base: string): boolean {
  return base === 'package.json' || /^[jt]sconfig.*\.json$/.test(base);
}

export function buildJsTables(files: readonly { path: string; text?: string }[]): JsTables {
  const packagesByName = new Map<string, PackageInfo[]>();
  const packagesByDir = new Map<string, PackageInfo>();
  const rawConfigs = new Map<string, { [key: string]: Json }>();
  const byFile = new Map<string, { [key: string]: Json }>();
  for (const f of files) {
    const base = f.path.slice(f.path.lastIndexOf('/') + 1);
    if (!isManifestName(base) || f.text === undefined) continue;
    if (base === 'package.json') {
      const manifest = parseJsonc(f.text);
      if (!isObject(manifest)) continue;
      const info: PackageInfo = { dir: dirOf(f.path), manifest };
      packagesByDir.set(info.dir, info);
      if (typeof manifest.name === 'string' && manifest.name !== '') {
        const list = packagesByName.get(manifest.name) ?? [];
        list.push(info);
        packagesByName.set(manifest.name, list);
      }
    } else {
      const config = parseJsonc(f.text);
      if (!isObject(config)) continue;
      byFile.set(f.path, config);
      const dir = dirOf(f.path);
      // tsconfig.json wins over jsconfig.json in the same folder; other names are only `extends` targets.
      if (base === 'tsconfig.json' || (base === 'jsconfig.json' && !rawConfigs.has(dir))) rawConfigs.set(dir, config);
    }
  }
  for (const list of packagesByName.values()) list.sort((a, b) => compareByteOrder(a.dir, b.dir));

  const configsByDir = new Map<string, PathsConfig>();
  for (const [dir, config] of rawConfigs) {
    const effective = effectiveConfig(dir, config, byFile);
    if (effective) configsByDir.set(dir, effective);
  }
  return { packagesByName, packagesByDir, configsByDir, nearestConfig: new Map() };
}

/** `baseUrl` and `paths` of a config, following `extends` through corpus files. */
function effectiveConfig(
  dir: string,
  config: { [key: string]: Json },
  byFile: Map<string, { [key: string]: Json }>,
): PathsConfig | null {
  let baseUrl: string | null = null;
  let paths: { [key: string]: Json } | null = null;
  let pathsDir = dir;
  let current: { [key: string]: Json } | undefined = config;
  let currentDir = dir;
  for (let hops = 0; current && hops < 8; hops++) {
    const options = current.compilerOptions;
    if (isObject(options)) {
      if (baseUrl === null && typeof options.baseUrl === 'string') baseUrl = joinPath(currentDir, options.baseUrl);
      if (paths === null && isObject(options.paths)) {
        paths = options.paths;
        pathsDir = currentDir;
      }
    }
    const ext = current.extends;
    if (typeof ext !== 'string' || !ext.startsWith('.')) break;
    let target = joinPath(currentDir, ext);
    if (target === null) break;
    if (!target.endsWith('.json')) target += '.json';
    current = byFile.get(target);
    currentDir = dirOf(target);
  }
  if (baseUrl === null && paths === null) return null;
  const list: [string, string[]][] = [];
  for (const [pattern, targets] of Object.entries(paths ?? {})) {
    if (Array.isArray(targets)) list.push([pattern, targets.filter((t): t is string => typeof t === 'string')]);
  }
  // Longest prefix before `*` wins, as in TypeScript.
  list.sort((a, b) => b[0].indexOf('*') - a[0].indexOf('*') || b[0].length - a[0].length);
  return { pathsBase: baseUrl ?? pathsDir, paths: list, baseUrl };
}

function nearestConfig(tables: JsTables, dir: string): PathsConfig | null {
  const memo = tables.nearestConfig.get(dir);
  if (memo !== undefined) return memo;
  const own = tables.configsByDir.get(dir);
  const found = own ?? (dir === '' ? null : nearestConfig(tables, dirOf(dir)));
  tables.nearestConfig.set(dir, found);
  return found;
}

function nearestPackage(tables: JsTables, dir: string): PackageInfo | null {
  for (let d: string | null = dir; d !== null; d = d === '' ? null : dirOf(d)) {
    const p = tables.packagesByDir.get(d);
    if (p) return p;
  }
  return null;
}

/**
 * Resolves `base` (a repo-relative path) to one corpus file, or null: the file, the TS
 * source of a written JS extension, `base.<ext>`, then the folder's package.json `main`
 * (when `viaManifest`), then `base/index.<ext>`.
 */
function resolveFile(tables: JsTables, files: ReadonlySet<string>, base: string, viaManifest = true): string | null {
  if (files.has(base)) return base;
  const dot = base.lastIndexOf('.');
  if (dot > base.lastIndexOf('/')) {
    const sources = SOURCE_FOR[base.slice(dot)];
    if (sources) {
      const stem = base.slice(0, dot);
      for (const ext of sources) if (files.has(stem + ext)) return stem + ext;
    }
  }
  for (const ext of EXTENSIONS) if (files.has(base + ext)) return base + ext;
  const pkg = viaManifest ? tables.packagesByDir.get(base) : undefined;
  const main = pkg?.manifest.main;
  if (pkg && typeof main === 'string') {
    const hit = resolveTarget(tables, files, pkg.dir, main);
    if (hit !== null) return hit;
  }
  for (const ext of EXTENSIONS) {
    const index = child(base, 'index' + ext);
    if (files.has(index)) return index;
  }
  return null;
}

/** A package.json target (`./dist/index.js`) as a corpus file, mapping build folders back to `src/`. */
function resolveTarget(tables: JsTables, files: ReadonlySet<string>, dir: string, target: string): string | null {
  const path = joinPath(dir, target);
  if (path === null || !isUnderDir(path, dir)) return null;
  const direct = resolveFile(tables, files, path, false);
  if (direct !== null) return direct;
  const segs = (dir === '' ? path : path.slice(dir.length + 1)).split('/');
  let n = 0;
  while (n < segs.length - 1 && BUILD_DIRS.has(segs[n]!)) n++;
  if (n === 0) return null;
  const rest = segs
    .slice(n)
    .join('/')
    .replace(/\.d\.[mc]?ts$|\.[mc]?js$|\.jsx$/, '');
  return (
    resolveFile(tables, files, child(child(dir, 'src'), rest), false) ??
    resolveFile(tables, files, child(dir, rest), false)
  );
}

function isUnderDir(path: string, dir: string): boolean {
  return dir === '' || path === dir || path.startsWith(dir + '/');
}

/** String targets of an exports/imports value, most preferred first. */
function conditionTargets(value: Json | undefined): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(conditionTargets);
  if (!isObject(value)) return [];
  const keys = Object.keys(value);
  const ordered = [
    ...CONDITIONS.filter((k) => k in value),
    ...keys.filter((k) => !(CONDITIONS as readonly string[]).includes(k)),
  ];
  return ordered.flatMap((k) => conditionTargets(value[k]));
}

/** Looks `key` up in an exports/imports map, with `*` patterns; string targets, preferred first. */
function mapLookup(map: Json | undefined, key: string): string[] {
  if (!isObject(map)) return [];
  if (key in map) return conditionTargets(map[key]);
  let best: { prefixLen: number; targets: string[] } | null = null;
  for (const [pattern, value] of Object.entries(map)) {
    const star = pattern.indexOf('*');
    if (star < 0) continue;
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (key.length < prefix.length + suffix.length || !key.startsWith(prefix) || !key.endsWith(suffix)) continue;
    if (best && best.prefixLen >= prefix.length) continue;
    const middle = key.slice(prefix.length, key.length - suffix.length);
    best = { prefixLen: prefix.length, targets: conditionTargets(value).map((t) => t.split('*').join(middle)) };
  }
  return best ? best.targets : [];
}

function packageEntry(tables: JsTables, files: ReadonlySet<string>, pkg: PackageInfo): string | null {
  const m = pkg.manifest;
  const exportsField = m.exports;
  const dotExports =
    typeof exportsField === 'string' ||
    Array.isArray(exportsField) ||
    (isObject(exportsField) && !Object.keys(exportsField).some((k) => k.startsWith('.')))
      ? conditionTargets(exportsField)
      : mapLookup(exportsField, '.');
  const fields = ENTRY_FIELDS.map((f) => m[f]).filter((v): v is string => typeof v === 'string');
  for (const target of [...dotExports, ...fields]) {
    const hit = resolveTarget(tables, files, pkg.dir, target);
    if (hit !== null) return hit;
  }
  return (
    resolveFile(tables, files, child(pkg.dir, 'src/index'), false) ??
    resolveFile(tables, files, child(pkg.dir, 'index'), false)
  );
}

function packageSubpath(tables: JsTables, files: ReadonlySet<string>, pkg: PackageInfo, sub: string): string | null {
  for (const target of mapLookup(pkg.manifest.exports, './' + sub)) {
    const hit = resolveTarget(tables, files, pkg.dir, target);
    if (hit !== null) return hit;
  }
  return (
    resolveTarget(tables, files, pkg.dir, sub) ?? resolveFile(tables, files, child(child(pkg.dir, 'src'), sub), false)
  );
}

/** Package name and subpath of a bare specifier (`@a/b/c` → `@a/b`, `c`). */
function splitBare(spec: string): [name: string, sub: string] {
  const segs = spec.split('/');
  const n = spec.startsWith('@') ? 2 : 1;
  return [segs.slice(0, n).join('/'), segs.slice(n).join('/')];
}

export function resolveJs(tables: JsTables, files: ReadonlySet<string>, fromPath: string, spec: string): string[] {
  if (spec === '' || /^[a-z][a-z0-9+.-]*:/i.test(spec)) return []; // node:, https:, data:
  const fromDir = dirOf(fromPath);
  const hits: string[] = [];
  if (spec.startsWith('.')) {
    const base = joinPath(fromDir, spec);
    const hit = base === null ? null : resolveFile(tables, files, base);
    return hit === null ? [] : [hit];
  }
  if (spec.startsWith('/')) return [];
  if (spec.startsWith('#')) {
    const pkg = nearestPackage(tables, fromDir);
    if (!pkg) return [];
    for (const target of mapLookup(pkg.manifest.imports, spec)) {
      const hit = target.startsWith('.') ? resolveTarget(tables, files, pkg.dir, target) : null;
      if (hit !== null) return [hit];
    }
    return [];
  }
  const config = nearestConfig(tables, fromDir);
  if (config) {
    for (const [pattern, targets] of config.paths) {
      const star = pattern.indexOf('*');
      let middle: string | null = null;
      if (star < 0) middle = pattern === spec ? '' : null;
      else if (
        spec.startsWith(pattern.slice(0, star)) &&
        spec.endsWith(pattern.slice(star + 1)) &&
        spec.length >= pattern.length - 1
      )
        middle = spec.slice(star, spec.length - (pattern.length - star - 1));
      if (middle === null) continue;
      for (const t of targets) {
        const path = joinPath(config.pathsBase, t.split('*').join(middle));
        const hit = path === null ? null : resolveFile(tables, files, path);
        if (hit !== null) return [hit];
      }
    }
    if (config.baseUrl !== null) {
      const path = joinPath(config.baseUrl, spec);
      const hit = path === null ? null : resolveFile(tables, files, path);
      if (hit !== null) return [hit];
    }
  }
  const [name, sub] = splitBare(spec);
  for (const pkg of tables.packagesByName.get(name) ?? []) {
    const hit = sub === '' ? packageEntry(tables, files, pkg) : packageSubpath(tables, files, pkg, sub);
    if (hit !== null) hits.push(hit);
  }
  return hits;
}

/** JavaScript, TypeScript and TSX share one resolver (and one set of tables). */
export const ecmaResolver = defineResolver<JsTables>({
  build: ({ files }) => buildJsTables(files),
  resolve: (tables, corpus, fromPath, specifier) => resolveJs(tables, corpus.files, fromPath, specifier),
  readsText: (path) => isManifestName(baseOf(path)),
  // A tsconfig may `extends` a JSON file of any name.
  isInput: (path) => path.endsWith('.json'),
});
