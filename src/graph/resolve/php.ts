/**
 * PHP `use` and `require`/`include` resolution.
 *
 * Specifiers (from the tags stage): a qualified name for `use A\B\C;` (also `use function`
 * and `use const`), `A\B` with names [C, D] for a group `use A\B\{C, D};`; the path of a
 * `require`/`include` (`_once` alike) as written (`lib/x.php`), `__DIR__/x.php` for
 * `__DIR__ . '/x.php'`, `dirname(__DIR__)/x.php` (or `dirname(__DIR__, 2)`, `__FILE__`).
 *
 * Rules for a name `A\B\C` (a leading `\` ignored; each group name appended):
 * 1. PSR-4, as Composer autoloads it: the `autoload` and `autoload-dev` `psr-4` maps of
 *    every corpus `composer.json` (folders relative to it); the longest namespace prefix
 *    first, `<folder>/<rest as folders>.php`.
 * 2. PSR-0: `<folder>/A/B/C.php` (an `_` in the class name is a folder too).
 * 3. The files declaring namespace `A\B` and defining `C` (a class, interface, trait or
 *    enum, a function for `use function`, a constant for `use const`; from the tags).
 * 4. Namespace-matching folders: the files named `C.php` whose folders end in the most
 *    trailing namespace segments (at least `B/C.php` for a qualified name), at most
 *    AMBIGUOUS_LIMIT. Library names (`PHPUnit\Framework\TestCase`: `vendor/` is not in the
 *    corpus) find nothing.
 * Paths: `__DIR__/x` and `dirname(__DIR__, n)/x` from the including file's folder; any
 * other relative path from the including file's folder, then from each folder above it
 * (include_path's `.` is the project root a script runs from). Absolute paths and
 * paths built from variables → [].
 */
import type { FileTags } from '../../types.js';
import { baseOf, bestScoring, dirOf, joinPath } from './paths.js';
import { compareByteOrder } from '../../text/order.js';
import { defineResolver } from './resolver.js';
import { addUnique } from './multimap.js';

/** More equally near candidates than this for rule 4 resolve to nothing. */
const AMBIGUOUS_LIMIT = 3;

/** One autoload map entry: a namespace prefix (`Acme\Cart\`, or `` for all) and its folders. */
interface AutoloadRule {
  prefix: string;
  dirs: string[];
}

export interface PhpTables {
  /** PSR-4 rules, longest prefix first. */
  psr4: AutoloadRule[];
  /** PSR-0 rules, longest prefix first. */
  psr0: AutoloadRule[];
  /** `Namespace\Name` → files declaring that namespace and defining that name. */
  declared: Map<string, string[]>;
  /** `C.php` → the PHP files with that name, in byte order. */
  byName: Map<string, string[]>;
}

function isPhp(path: string): boolean {
  return path.endsWith('.php');
}

/** A composer.json (the manifest resolution reads the autoload maps from). */
export function isComposerJson(path: string): boolean {
  return path === 'composer.json' || path.endsWith('/composer.json');
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The `psr-4` and `psr-0` rules of one composer.json text at folder `dir`. */
export function parseComposerAutoload(text: string, dir: string): { psr4: AutoloadRule[]; psr0: AutoloadRule[] } {
  const out = { psr4: [] as AutoloadRule[], psr0: [] as AutoloadRule[] };
  let manifest: Json;
  try {
    manifest = JSON.parse(text) as Json;
  } catch {
    return out;
  }
  if (!isObject(manifest)) return out;
  for (const section of ['autoload', 'autoload-dev']) {
    const autoload = manifest[section];
    if (!isObject(autoload)) continue;
    for (const [kind, rules] of [
      ['psr-4', out.psr4],
      ['psr-0', out.psr0],
    ] as const) {
      const map = autoload[kind];
      if (!isObject(map)) continue;
      for (const [prefix, target] of Object.entries(map)) {
        const written =
          typeof target === 'string'
            ? [target]
            : Array.isArray(target)
              ? target.filter((t): t is string => typeof t === 'string')
              : [];
        const dirs = written.map((t) => joinPath(dir, t)).filter((d): d is string => d !== null);
        if (dirs.length > 0) rules.push({ prefix: prefix.replace(/^\\+/, ''), dirs });
      }
    }
  }
  return out;
}

/** `Namespace\Name` keys of what each PHP file defines under the namespace declared above it. */
function declaredNames(tags: readonly FileTags[]): Map<string, string[]> {
  const declared = new Map<string, string[]>();
  for (const t of [...tags].sort((a, b) => compareByteOrder(a.path, b.path))) {
    if (t.language !== 'php') continue;
    for (const key of declaredKeys(t)) addUnique(declared, key, t.path);
  }
  return declared;
}

function declaredKeys(t: FileTags): string[] {
  const namespaces = t.definitions.filter((d) => d.kind === 'module');
  const keys: string[] = [];
  for (const d of t.definitions) {
    if (d.kind === 'module' || d.kind === 'method') continue;
    let ns = '';
    for (const n of namespaces) if (n.startLine <= d.startLine) ns = n.name.replace(/\s+/g, '');
    keys.push(ns === '' ? d.name : `${ns}\\${d.name}`);
  }
  return keys;
}

export function buildPhpTables(
  files: readonly { path: string; text?: string }[],
  paths: readonly string[],
  tags: readonly FileTags[],
): PhpTables {
  const psr4: AutoloadRule[] = [];
  const psr0: AutoloadRule[] = [];
  for (const f of [...files].sort((a, b) => compareByteOrder(a.path, b.path))) {
    if (!isComposerJson(f.path) || f.text === undefined) continue;
    const rules = parseComposerAutoload(f.text, dirOf(f.path));
    psr4.push(...rules.psr4);
    psr0.push(...rules.psr0);
  }
  const longestFirst = (a: AutoloadRule, b: AutoloadRule): number => b.prefix.length - a.prefix.length;
  psr4.sort(longestFirst);
  psr0.sort(longestFirst);
  const byName = new Map<string, string[]>();
  for (const p of paths) if (isPhp(p)) addUnique(byName, baseOf(p), p);
  return { psr4, psr0, declared: declaredNames(tags), byName };
}

export function resolvePhp(
  tables: PhpTables,
  files: ReadonlySet<string>,
  fromPath: string,
  specifier: string,
  names: readonly string[],
): string[] {
  const spec = specifier.trim();
  if (/^\\?[A-Za-z_][\w\\]*$/.test(spec) && !spec.endsWith('\\')) {
    const base = spec.replace(/^\\+/, '');
    const wanted = names.length > 0 ? names.map((n) => `${base}\\${n.replace(/^\\+/, '')}`) : [base];
    return wanted.flatMap((name) => resolveName(tables, files, name));
  }
  return resolvePath(files, fromPath, spec);
}

function resolveName(tables: PhpTables, files: ReadonlySet<string>, name: string): string[] {
  const segs = name.split('\\').filter((s) => s !== '');
  if (segs.length === 0) return [];
  const full = segs.join('\\');
  for (const rule of tables.psr4) {
    if (rule.prefix !== '' && !`${full}\\`.startsWith(rule.prefix.endsWith('\\') ? rule.prefix : `${rule.prefix}\\`))
      continue;
    const rest = full.slice(rule.prefix.length).replace(/^\\/, '').split('\\').join('/');
    for (const dir of rule.dirs) {
      const candidate = joinPath(dir, `${rest}.php`);
      if (candidate !== null && files.has(candidate)) return [candidate];
    }
  }
  const psr0Path = [...segs.slice(0, -1), ...segs[segs.length - 1]!.split('_')].join('/') + '.php';
  for (const rule of tables.psr0) {
    if (rule.prefix !== '' && !full.startsWith(rule.prefix)) continue;
    for (const dir of rule.dirs) {
      const candidate = joinPath(dir, psr0Path);
      if (candidate !== null && files.has(candidate)) return [candidate];
    }
  }
  const declared = tables.declared.get(full);
  if (declared) return [...declared];
  return byFolders(tables, segs);
}

/** Rule 4: the files named after the class whose folders end in the most namespace segments. */
function byFolders(tables: PhpTables, segs: readonly string[]): string[] {
  const least = Math.min(segs.length, 2);
  const matched = (p: string): number => {
    const folders = p.slice(0, -'.php'.length).split('/');
    let n = 0;
    while (n < segs.length && n < folders.length && folders[folders.length - 1 - n] === segs[segs.length - 1 - n]) n++;
    return n;
  };
  const named = (tables.byName.get(`${segs[segs.length - 1]}.php`) ?? []).filter((p) => matched(p) >= least);
  return bestScoring(named, matched, AMBIGUOUS_LIMIT);
}

/** `__DIR__`, `dirname(__DIR__, 2)`, `dirname(__FILE__)`: how many folders above the file's own. */
const DIR_EXPRESSION = /^(?:__DIR__|dirname\(\s*__(DIR|FILE)__\s*(?:,\s*(\d+)\s*)?\))/;

function resolvePath(files: ReadonlySet<string>, fromPath: string, spec: string): string[] {
  const fromDir = dirOf(fromPath);
  const dirExpr = DIR_EXPRESSION.exec(spec);
  if (dirExpr) {
    const levels = dirExpr[0] === '__DIR__' ? 0 : Number(dirExpr[2] ?? '1') - (dirExpr[1] === 'FILE' ? 1 : 0);
    const target = joinPath(fromDir, '../'.repeat(Math.max(levels, 0)) + spec.slice(dirExpr[0].length));
    return target !== null && files.has(target) ? [target] : [];
  }
  if (spec === '' || spec.startsWith('/') || /^[A-Za-z]:[\\/]/.test(spec) || /[$]/.test(spec)) return [];
  for (let dir = fromDir; ; dir = dirOf(dir)) {
    const candidate = joinPath(dir, spec);
    if (candidate !== null && files.has(candidate)) return [candidate];
    if (dir === '') break;
  }
  return [];
}

/** What a file's tags add to the `declared` table, for `tagsChangeTables`. */
function declaredKeyText(tags: FileTags | undefined): string {
  return tags?.language === 'php' ? [...new Set(declaredKeys(tags))].sort(compareByteOrder).join('\n') : '';
}

export const phpResolver = defineResolver<PhpTables>({
  // the tags it reads (the build below keeps only these languages' files)
  tagLanguages: ['php'],
  build: ({ files, paths, tags }) => buildPhpTables(files, paths, tags),
  keepsTables: true,
  resolve: (tables, corpus, fromPath, specifier, spec) =>
    resolvePhp(tables, corpus.files, fromPath, specifier, spec.names),
  readsText: isComposerJson,
  isInput: isComposerJson,
  // The folder fallback's name index holds every PHP file.
  dependsOnPath: (_tables, path) => isPhp(path),
  // A file's namespace or the names it defines feed rule 3.
  tagsChangeTables: (was, is) => declaredKeyText(was) !== declaredKeyText(is),
});
