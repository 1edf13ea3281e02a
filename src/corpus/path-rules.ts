import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Corpus, Diagnostic } from '../types.js';
import type { GitignoreMatcher } from './gitignore.js';
import { IgnoreRules } from './ignore-rules.js';
import { vendoredFolderOf } from './vendored.js';

/**
 * Ignore files a tree's own scope rules come from, in the order they apply: git's, then
 * repomap's (same syntax, for what is tracked but not worth ranking: fixtures, generated
 * code, docs). A folder corpus honours both; a git corpus only `.repomapignore`
 * (tracked files are tracked).
 */
export const IGNORE_FILES = ['.gitignore', '.repomapignore'] as const;
export type IgnoreFile = (typeof IGNORE_FILES)[number];

/** The path rule that leaves a file out of the corpus. */
export type PathVerdict =
  | { rule: 'vendored'; folder: string }
  | { rule: 'ignore-file'; file: IgnoreFile }
  | { rule: 'exclude' }
  | { rule: 'include' };

/**
 * The rules decided from a path alone, in order: vendored folders, the tree's ignore
 * files, then the `exclude` and `include` patterns of the options (gitignore syntax:
 * `docs/`, `*.min.js`, `src/**`, `!keep.py`).
 */
export class PathRules {
  private readonly exclude: IgnoreRules | null;
  private readonly include: IgnoreRules | null;

  constructor(
    private readonly vendored: ReadonlySet<string>,
    private readonly ignoreFiles: ReadonlyMap<IgnoreFile, GitignoreMatcher>,
    patterns: { include: readonly string[]; exclude: readonly string[] },
  ) {
    this.exclude = patterns.exclude.length > 0 ? IgnoreRules.of(patterns.exclude) : null;
    this.include = patterns.include.length > 0 ? IgnoreRules.of(patterns.include) : null;
  }

  /** A diagnostic for each line of the ignore files read so far that was left out (IgnoreRules' `problems`). */
  leftOutLines(): (Diagnostic & { file: string })[] {
    const out: (Diagnostic & { file: string })[] = [];
    for (const [name, matcher] of this.ignoreFiles) {
      for (const [folder, problems] of matcher.leftOutLines()) {
        const file = folder === '' ? name : `${folder}/${name}`;
        for (const p of problems)
          out.push({
            code: 'ignore-line-left-out',
            file,
            message: `${file} line ${p.line}: ${p.pattern} is left out: ${p.reason}`,
          });
      }
    }
    return out;
  }

  /** The first rule that leaves `path` (repo-relative POSIX) out, or null when none does. */
  verdict(path: string): PathVerdict | null {
    const folder = vendoredFolderOf(path, this.vendored);
    if (folder !== null) return { rule: 'vendored', folder };
    for (const [file, matcher] of this.ignoreFiles) if (matcher.ignores(path)) return { rule: 'ignore-file', file };
    if (this.exclude?.ignores(path)) return { rule: 'exclude' };
    if (this.include && !this.include.ignores(path)) return { rule: 'include' };
    return null;
  }
}

const remembered = new WeakMap<Corpus, PathRules | (() => PathRules)>();

/**
 * Keeps the path rules a corpus was loaded with, for `whySkipped`; or how to make them,
 * for a corpus that was not listed (restored from a snapshot, or read again where only
 * some files changed), made at the first question.
 */
export function rememberPathRules(corpus: Corpus, rules: PathRules | (() => PathRules)): Corpus {
  remembered.set(corpus, rules);
  return corpus;
}

function pathRulesOf(corpus: Corpus): PathRules | undefined {
  const rules = remembered.get(corpus);
  if (typeof rules !== 'function') return rules;
  const made = rules();
  remembered.set(corpus, made);
  return made;
}

/**
 * Why a path is not a file of the corpus, in a sentence (`skipped PATH: …`), when a rule of its load left it
 * out: the diagnostic of a file skipped by content or kind (binary, too large, minified,
 * symlink, unreadable), else that of a folder it lies in (a submodule, a folder that
 * could not be read), else the path rule that matches it. Undefined for a file of the
 * corpus, for a path no rule explains, and for a path a folder corpus does not have on disk.
 */
export function whySkipped(corpus: Corpus, path: string): string | undefined {
  if (corpus.files.some((f) => f.path === path)) return undefined;
  const skips = corpus.diagnostics.filter((d) => d.file !== undefined && d.code.startsWith('skipped-'));
  const reported =
    skips.find((d) => d.file === path) ??
    // a vendored folder is explained by its path rule below, which names the file
    skips.find((d) => d.code !== 'skipped-vendored' && path.startsWith(`${d.file}/`));
  if (reported) return reported.message;
  if (corpus.source === 'folder' && !existsSync(join(corpus.root, path))) return undefined;
  const verdict = pathRulesOf(corpus)?.verdict(path);
  switch (verdict?.rule) {
    case undefined:
      return undefined;
    case 'vendored':
      return `skipped ${path}: it is under ${verdict.folder}/, a vendored or dependency folder`;
    case 'ignore-file':
      return `skipped ${path}: a ${verdict.file} file ignores it`;
    case 'exclude':
      return `skipped ${path}: it matches an exclude pattern (--exclude, or "exclude" in the config file)`;
    case 'include':
      return `skipped ${path}: it matches no include pattern (--include, or "include" in the config file)`;
  }
}
