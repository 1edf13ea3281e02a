/**
 * Where a file a trace names lives when it is not a checkout's: in an installed package
 * (`site-packages/`, `node_modules/`, the cargo registry) or in a toolchain's own library
 * (CPython's `lib/pythonX.Y/`, Node's `internal/`, Go's GOROOT, `/rustc/<hash>/`, .NET's
 * `/_/src/libraries/`). Either is the repository's file only when the repository is that
 * package or toolchain:
 * - an installed package's file is written `<root>/<package>/<path>`; it is the
 *   repository's when a repository path ends with the whole `<package>/<path>`
 *   (`…/site-packages/flask/json/provider.py` is flask's `src/flask/json/provider.py`);
 * - a toolchain's file is the repository's only at the place the toolchain's own source
 *   tree keeps it (`/usr/lib/python3.12/json/__init__.py` is CPython's `Lib/json/__init__.py`,
 *   never flask's `src/flask/json/__init__.py`).
 */
import { normalizeWrittenPath } from './path-suffix-index.js';

/** A written path's install: the package (or toolchain) it belongs to, and where the repository that is it keeps the file. */
export type FrameOrigin =
  /** `rest`: `<package>/<path in it>`, matched as a whole suffix of a repository path. */
  | { kind: 'installed'; package: string; rest: string }
  /** `source`: the file's path from the root of the toolchain's own repository. */
  | { kind: 'toolchain'; package: string; source: string };

interface Rule {
  re: RegExp;
  origin(m: RegExpExecArray): FrameOrigin;
}

const installed = (pkg: string, path: string): FrameOrigin => ({
  kind: 'installed',
  package: pkg,
  rest: `${pkg}/${path}`,
});
const toolchain = (name: string, source: string): FrameOrigin => ({ kind: 'toolchain', package: name, source });

/**
 * Installed-package roots, the last one in the path wins (`.*` is greedy). The package is
 * the first folder under the root; a scoped npm package (`@vue/compiler-core`) is kept in a
 * folder of its unscoped name, a registry crate (`tokio-1.28.0`) in one of its name.
 */
const INSTALLED_RULES: readonly Rule[] = [
  { re: /^(?:.*\/)?(?:site|dist)-packages\/([^/]+)\/(.+)$/, origin: (m) => installed(m[1]!, m[2]!) },
  { re: /^(?:.*\/)?node_modules\/(?:@[^/]+\/)?([^/@][^/]*)\/(.+)$/, origin: (m) => installed(m[1]!, m[2]!) },
  {
    re: /^(?:.*\/)?\.cargo\/registry\/src\/[^/]+\/([A-Za-z_][\w-]*?)-\d+\.\d+\.\d+[^/]*\/(.+)$/,
    origin: (m) => installed(m[1]!, m[2]!),
  },
];

/** A Go standard-library package path: its first folder has no dot (a GOPATH's `src/github.com/…` has). */
const GO_STD = String.raw`((?:[a-z0-9_]+)\/.+|[^/]+\.(?:go|s))`;

/**
 * Toolchain library roots, each with where its own repository keeps what is under it:
 * CPython's `Lib/` (a Unix `lib/pythonX.Y/`, a Windows `PythonXY/Lib/`, site-packages
 * excepted), Node's `lib/internal/`, Go's `src/` (GOROOT as installers, Homebrew, CI tool
 * caches and `go install golang.org/dl` put it), Rust's tree under `/rustc/<commit>/` and
 * rustup's `rustlib/src/rust/`, and .NET's runtime under SourceLink's `/_/`.
 */
const TOOLCHAIN_RULES: readonly Rule[] = [
  {
    re: /^(?:.*\/)?lib\/python\d(?:\.\d+)?\/(?!(?:site|dist)-packages\/)(.+)$/,
    origin: (m) => toolchain('python', `Lib/${m[1]!}`),
  },
  {
    re: /^(?:[A-Za-z]:)?(?:.*\/)?python\d+\/Lib\/(?!site-packages\/)(.+)$/i,
    origin: (m) => toolchain('python', `Lib/${m[1]!}`),
  },
  { re: /^internal\/(.+\.js)$/, origin: (m) => toolchain('node', `lib/internal/${m[1]!}`) },
  {
    re: new RegExp(
      String.raw`^(?:.*\/)?(?:go|go-?\d[\d.]*|libexec|hostedtoolcache\/go\/[^/]+\/[^/]+|snap\/go\/\d+|sdk\/go[\d.]+|Program Files\/Go)\/src\/${GO_STD}$`,
    ),
    origin: (m) => toolchain('go', `src/${m[1]!}`),
  },
  { re: /^\/rustc\/[0-9a-f]{7,40}\/(.+)$/, origin: (m) => toolchain('rust', m[1]!) },
  { re: /^(?:.*\/)?rustlib\/src\/rust\/(.+)$/, origin: (m) => toolchain('rust', m[1]!) },
  { re: /^\/_\/(src\/(?:libraries|coreclr|mono)\/.+)$/, origin: (m) => toolchain('dotnet', m[1]!) },
];

/** The install a written path lies in (an installed package or a toolchain's library), or undefined for any other path. */
export function frameOrigin(written: string): FrameOrigin | undefined {
  const path = normalizeWrittenPath(written);
  for (const rules of [INSTALLED_RULES, TOOLCHAIN_RULES]) {
    for (const rule of rules) {
      const m = rule.re.exec(path);
      if (m) return rule.origin(m);
    }
  }
  return undefined;
}
