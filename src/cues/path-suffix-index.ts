import { compareByteOrder } from '../text/order.js';

/**
 * A path as written, tidied for comparison: `\` → `/`, no `file://` scheme,
 * no leading `./`, no `.` or empty segments. Absolute paths keep their
 * leading `/` (strip it with {@link pathSegments}).
 */
export function normalizeWrittenPath(written: string): string {
  let p = written.trim().replace(/\\/g, '/');
  p = p.replace(/^file:\/\//i, '');
  const absolute = p.startsWith('/');
  const segments = p.split('/').filter((s) => s !== '' && s !== '.');
  return (absolute ? '/' : '') + segments.join('/');
}

/** Segments of a written path after normalisation, leading `/` dropped. */
export function pathSegments(written: string): string[] {
  return normalizeWrittenPath(written).split('/').filter(Boolean);
}

/** `a/b.go:12`, `a/b.rs:12:5`, `a/b.ts#L12` → `a/b.go`, …; other paths unchanged. */
function stripLocation(written: string): string {
  return written.replace(/(?::\d+){1,2}$|#L\d+(?:-L?\d+)?$/, '');
}

interface Entry {
  path: string;
  /** Its segments as matching compares them (`namespaceParts`), worked out when a written path with its file name is first matched. */
  parts?: string[];
}

/**
 * Matches paths written in a query (absolute paths from another machine,
 * `./x`, package paths such as `com/a/b/C.java`, bare file names) to corpus
 * paths by their longest common suffix of whole segments.
 */
export class PathSuffixIndex {
  private readonly byBasename = new Map<string, Entry[]>();

  /** `earlier`: an index of earlier paths, whose segments are taken rather than worked out again. */
  constructor(paths: readonly string[], earlier?: PathSuffixIndex) {
    const known = new Map<string, string[]>();
    for (const list of earlier?.byBasename.values() ?? [])
      for (const e of list) if (e.parts) known.set(e.path, e.parts);
    for (const path of paths) {
      const base = fileNameOf(path);
      if (base === undefined) continue;
      const parts = known.get(path);
      const entry = parts ? { path, parts } : { path };
      const list = this.byBasename.get(base);
      if (list) list.push(entry);
      else this.byBasename.set(base, [entry]);
    }
  }

  /**
   * Corpus paths that end with the longest suffix of `written` (whole
   * segments) that any corpus path ends with, sorted; [] when even the file
   * name matches nothing. A trailing `:line[:col]` or `#Lline` is ignored.
   * `/home/x/forks/click/src/click/core.py` → `['src/click/core.py']`;
   * `Ledger.java` → every `…/Ledger.java`.
   *
   * A path written with folders none of which a corpus path ends with
   * matches by its file name alone only a file at the corpus root: its
   * folders then say where the reporter's copy of the repository lives
   * (`/go/pkg/mod/x/gin@v1/tree.go` → `tree.go`), while a file in folders of
   * other names is another file of that name (`docs/conf.py` or `src/main.rs`
   * of the issue's own project are no `tests/roots/x/conf.py` or
   * `examples/sloggish/main.rs`; `candidates` gives them all). An installed
   * package's root (`site-packages/`) counts as the corpus root.
   */
  match(written: string): string[] {
    const { paths, common, segments } = this.longestSuffix(written);
    return common === 1 && segments > 1 ? paths.filter((p) => !p.includes('/')) : paths;
  }

  /** Every corpus path that ends with the longest suffix of `written` any ends with, however short (`match` is stricter). */
  candidates(written: string): string[] {
    return this.longestSuffix(written).paths;
  }

  /** The corpus paths ending with the longest suffix of `written`, its length in segments, and the segments written. */
  private longestSuffix(written: string): { paths: string[]; common: number; segments: number } {
    let segments = pathSegments(written);
    if (segments.length === 0) return { paths: [], common: 0, segments: 0 };
    if (!this.byBasename.has(segments[segments.length - 1]!)) {
      segments = pathSegments(stripLocation(normalizeWrittenPath(written)));
    }
    const candidates = segments.length ? this.byBasename.get(segments[segments.length - 1]!) : undefined;
    if (!candidates) return { paths: [], common: 0, segments: segments.length };
    const parts = namespaceParts(segments);
    let best = 0;
    let matches: string[] = [];
    for (const entry of candidates) {
      const k = commonSuffixLength(parts, (entry.parts ??= namespaceParts(pathSegments(entry.path))));
      if (k > best) {
        best = k;
        matches = [entry.path];
      } else if (k === best) {
        matches.push(entry.path);
      }
    }
    const installed = parts.findLastIndex((s) => INSTALLED_ROOTS.has(s));
    return {
      paths: [...new Set(matches)].sort(compareByteOrder),
      common: best,
      segments: parts.length - installed - 1,
    };
  }
}

/**
 * A corpus path's file name as `pathSegments` gives it (its last segment): read off the
 * path when tidying it would change nothing (the common case, cheap for 100k paths).
 */
function fileNameOf(path: string): string | undefined {
  if (UNTIDY.test(path)) return pathSegments(path).pop();
  return path.slice(path.lastIndexOf('/') + 1) || undefined;
}

/** What `normalizeWrittenPath` would change: a backslash, spaces around it, a `file://` scheme, a leading `/`, an empty or `.` segment. */
const UNTIDY = /\\|^\s|\s$|^file:\/\/|^\/|\/\/|\/$|(?:^|\/)\.(?:\/|$)/i;

/**
 * A path's segments with each folder split at its dots and the file name whole: .NET
 * folders are named by namespace (`src/Orders.Storage/Repo.cs`), which a frame writes as
 * folders (`Orders/Storage/Repo.cs`).
 */
function namespaceParts(segments: readonly string[]): string[] {
  const parts: string[] = [];
  for (let i = 0; i < segments.length - 1; i++) for (const part of segments[i]!.split('.')) if (part) parts.push(part);
  if (segments.length > 0) parts.push(segments[segments.length - 1]!);
  return parts;
}

/** Folders an installed package's files sit right under (the package's root as the reporter's machine has it). */
const INSTALLED_ROOTS = new Set(['site-packages', 'dist-packages']);

function commonSuffixLength(a: readonly string[], b: readonly string[]): number {
  let k = 0;
  while (k < a.length && k < b.length && a[a.length - 1 - k] === b[b.length - 1 - k]) k++;
  return k;
}
