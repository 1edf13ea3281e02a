import { grammarExtensions, libraryPathPatterns } from '../languages/index.js';
import { frameOrigin } from './frame-origin.js';
import { normalizeWrittenPath } from './path-suffix-index.js';

/** Extensions that make a slash-less token (`gin.go`, `utils.ts`) count as a file path: these and every grammar's. */
export const CODE_EXTENSIONS: ReadonlySet<string> = new Set([
  ...`py pyi pyx go rs ts tsx mts cts js jsx mjs cjs vue svelte java kt kts scala groovy c h cc cpp cxx hpp hh cs rb php
  swift m mm dart lua ex exs erl hrl hs ml mli clj jl r pl pm zig nim sh bash zsh ps1 sql proto graphql gql json jsonc
  json5 yaml yml toml ini cfg conf properties xml html htm css scss sass less md mdx rst txt gradle lock mod sum tf
  cmake mk snap wasm scm`
    .split(/\s+/)
    .filter(Boolean),
  ...grammarExtensions(),
]);

/** Product names written like files (`Node.js`); dropped when they stand alone without a slash. */
const PRODUCT_NAMES = new Set([
  'node.js',
  'vue.js',
  'next.js',
  'nuxt.js',
  'express.js',
  'react.js',
  'three.js',
  'd3.js',
  'chart.js',
  'ember.js',
  'backbone.js',
  'angular.js',
  'moment.js',
  'socket.io',
  'deno.land',
  'bun.sh',
  'alpine.js',
  'solid.js',
  'p5.js',
]);

/** Paths inside interpreter, runtime and dependency installs: each language's, and these shared ones. */
const LIBRARY_PATH_PATTERNS: readonly RegExp[] = [
  ...libraryPathPatterns(),
  /^\/usr\/(?:local\/)?(?:lib|include|share)\//,
  /(?:^|\/)hostedtoolcache\//,
  /^<[^>]*>$/,
  /(?:^|\/)\.(?:pyenv|rustup|nvm|gradle|m2)\//,
];

/** True when a path (as written) points into a library or runtime install rather than a repository. */
export function isLibraryPath(path: string): boolean {
  const p = normalizeWrittenPath(path);
  return LIBRARY_PATH_PATTERNS.some((re) => re.test(p)) || frameOrigin(p) !== undefined;
}

/** One path found in a line of text. */
export interface PathMatch {
  /** The path as written, tidied by {@link normalizeWrittenPath}. */
  path: string;
  line?: number;
  /** Offsets of the whole match (with `:line:col`) in the line. */
  start: number;
  end: number;
}

const PATH_RE =
  /(?<![\w.\-/\\@+~:$%])(?:file:\/\/)?(?:[A-Za-z]:[\\/])?[\w.@+~\-/\\]*[\w\-@+~]\.([A-Za-z][A-Za-z0-9_]{0,9})(?![\w/\\-])(?::(\d+)(?::\d+)?|#L(\d+)(?:-L?\d+)?)?/g;

// Bounded repetitions keep this linear on long runs of word characters (every position is a `\b`).
const URL_RE =
  /(?<![\w.+-])(?!file:)[a-z][a-z0-9+.-]{0,31}:\/\/[^\s)\]>'"`]+|(?<![\w.-])www\.[^\s)\]>'"`]+|(?<![\w.-])[\w.-]{1,64}@[\w.-]{1,255}:[^\s)\]>'"`]+/gi;

/**
 * A link to a file of a repository on a code host: `…/blob/REF/PATH#L12` (GitHub, Gitea,
 * Bitbucket's `src`, GitLab's `/-/blob/`), `raw.githubusercontent.com/O/R/REF/PATH`.
 */
const SOURCE_URL_RE =
  /^[a-z]+:\/\/[^/\s]+\/[^/\s]+\/[^/\s]+\/(?:-\/)?(?:blob|tree|raw|src)\/[^/\s]+\/([^\s?#)\]>'"`]+)(?:\?[^\s#)\]>'"`]*)?(?:#L(\d+))?|^[a-z]+:\/\/raw\.githubusercontent\.com\/[^/\s]+\/[^/\s]+\/[^/\s]+\/([^\s?#)\]>'"`]+)/i;

/** The repository paths (and lines) of the source links in a line of text (`https://github.com/o/r/blob/main/src/a.py#L99`). */
export function sourceUrlPaths(line: string): { path: string; line?: number }[] {
  const out: { path: string; line?: number }[] = [];
  for (const m of line.matchAll(URL_RE)) {
    const s = SOURCE_URL_RE.exec(m[0].replace(/[.,;:!?]+$/, ''));
    const written = s && (s[1] ?? s[3]);
    if (!written) continue;
    let path: string;
    try {
      path = normalizeWrittenPath(decodeURIComponent(written));
    } catch {
      continue;
    }
    if (!/\.[A-Za-z0-9]+$/.test(path)) continue;
    const n = Number(s[2]);
    out.push(n > 0 ? { path, line: n } : { path });
  }
  return out;
}

/** The line with URLs (not `file://` ones) and `user@host:` remotes blanked out, offsets kept. */
export function maskUrls(line: string): string {
  return line.replace(URL_RE, (m) => ' '.repeat(m.length));
}

/**
 * File paths written in one line of text: tokens ending in a known code
 * extension (`gin.go`), or containing a slash and ending in some extension of
 * two letters or more (`docs/guide.adoc`); `and/or`, `e.g.`, `Fly.io`, version
 * numbers and URLs are not paths. A trailing `:line[:col]` or `#Lline` sets
 * `line`.
 */
export function findPaths(line: string): PathMatch[] {
  const masked = maskUrls(line);
  const out: PathMatch[] = [];
  for (const m of masked.matchAll(PATH_RE)) {
    const raw = m[0];
    const ext = (m[1] ?? '').toLowerCase();
    const lineText = m[2] ?? m[3];
    const pathPart = raw.replace(/(?::\d+(?::\d+)?|#L\d+(?:-L?\d+)?)$/, '');
    const hasSlash = /[/\\]/.test(pathPart.replace(/^file:\/\//i, ''));
    if (!CODE_EXTENSIONS.has(ext) && !(hasSlash && ext.length >= 2 && /^[a-z]+$/.test(ext))) continue;
    if (!hasSlash && PRODUCT_NAMES.has(pathPart.toLowerCase())) continue;
    const path = normalizeWrittenPath(pathPart);
    if (!path || path === '/') continue;
    const match: PathMatch = { path, start: m.index, end: m.index + raw.length };
    if (lineText !== undefined) {
      const n = Number(lineText);
      if (n > 0) match.line = n;
    }
    out.push(match);
  }
  return out;
}
