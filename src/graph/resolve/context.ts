/**
 * Import resolution: the lookup tables of one corpus, built once, and the per-language
 * dispatch. Each language's rules are documented at the top of its own file.
 */
import type { FileTags, ImportSpec, LanguageId } from '../../types.js';
import { buildGoTables, isGoMod, resolveGo, type GoTables } from './go.js';
import { buildJavaTables, resolveJava, type JavaTables } from './java.js';
import { buildJsTables, isManifestName, resolveJs, type JsTables } from './javascript.js';
import { byteCompare, cleanSpecifier, filesByFolder, finish } from './paths.js';
import { buildPythonTables, resolvePython, type PythonTables } from './python.js';
import { buildRustTables, isCargoToml, resolveRust, type InlineModule, type RustTables } from './rust.js';

/** A corpus file as the resolver needs it; `text` is read for manifests and Java sources only. */
export interface ResolveFile {
  path: string;
  language: LanguageId | null;
  text?: string;
}

/**
 * Whether resolution reads the text of the file at `path` in every build: the manifests
 * (package.json, `[jt]sconfig*.json`, go.mod, Cargo.toml). A Java source's text is read
 * only when its tags hold no package declaration.
 */
export function readsText(path: string): boolean {
  return isGoMod(path) || isCargoToml(path) || isManifestName(path.slice(path.lastIndexOf('/') + 1));
}

/** Lookup tables of one corpus. Build with `buildResolveContext`; treat as opaque. */
export interface ResolveContext {
  /** All corpus paths, sorted in byte order. */
  readonly paths: readonly string[];
  readonly files: ReadonlySet<string>;
  /** Folder → files directly in it, sorted. */
  readonly byFolder: ReadonlyMap<string, readonly string[]>;
  readonly python: PythonTables;
  readonly js: JsTables;
  readonly go: GoTables;
  readonly rust: RustTables;
  readonly java: JavaTables;
  /** Rust inline modules (`mod x { … }`) per file, from the tags. */
  readonly rustInline: ReadonlyMap<string, readonly InlineModule[]>;
}

/**
 * Builds the lookup tables once per corpus: the path set and folder index, Python source
 * roots, workspace packages and tsconfig paths (from `package.json`/`tsconfig.json`
 * texts), Go modules (`go.mod`), Cargo crates (`Cargo.toml`) and Java class/package
 * indexes. Manifests without `text` are ignored. From `tags` come the inline modules of
 * Rust files and the package declarations of Java files (else read from the text).
 */
export function buildResolveContext(files: readonly ResolveFile[], tags: readonly FileTags[] = []): ResolveContext {
  const rustInline = new Map<string, InlineModule[]>();
  const javaPackages = new Map<string, string>();
  for (const t of tags) {
    for (const d of t.definitions) {
      if (d.kind !== 'module') continue;
      if (t.language === 'rust') {
        const list = rustInline.get(t.path) ?? [];
        list.push({ name: d.name, startLine: d.startLine, endLine: d.endLine });
        rustInline.set(t.path, list);
      } else if (t.language === 'java' && !javaPackages.has(t.path)) {
        javaPackages.set(t.path, d.name.replace(/\s+/g, ''));
      }
    }
  }
  const paths = [...new Set(files.map((f) => f.path))].sort(byteCompare);
  const set = new Set(paths);
  return {
    paths,
    files: set,
    byFolder: filesByFolder(paths),
    python: buildPythonTables(paths),
    js: buildJsTables(files),
    go: buildGoTables(files),
    rust: buildRustTables(files, set),
    java: buildJavaTables(files, javaPackages),
    rustInline,
  };
}

/**
 * The corpus files an import of `fromPath` refers to: sorted, de-duplicated, never
 * `fromPath` itself; [] when the import is external or cannot be resolved.
 */
export function resolveImport(ctx: ResolveContext, fromPath: string, language: LanguageId, spec: ImportSpec): string[] {
  const specifier = cleanSpecifier(spec.specifier);
  const names = spec.names ?? [];
  let found: string[];
  switch (language) {
    case 'python':
      found = resolvePython(ctx.python, ctx.files, fromPath, specifier, names);
      break;
    case 'typescript':
    case 'tsx':
    case 'javascript':
      found = resolveJs(ctx.js, ctx.files, fromPath, specifier);
      break;
    case 'go':
      found = resolveGo(ctx.go, ctx.byFolder, specifier);
      break;
    case 'rust':
      found = resolveRust(ctx.rust, ctx.files, fromPath, specifier, names, spec.line, ctx.rustInline.get(fromPath));
      break;
    case 'java':
      found = resolveJava(ctx.java, ctx.byFolder, fromPath, specifier);
      break;
  }
  return finish(found, fromPath);
}
