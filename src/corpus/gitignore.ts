import { IgnoreRules, type IgnoreLineProblem } from './ignore-rules.js';
import { parentOf } from './paths.js';

/**
 * Every `.gitignore` of a folder tree, each applying relative to its own folder, with git's
 * precedence: a file inside an ignored folder is ignored (git never looks inside it), and
 * otherwise the deepest `.gitignore` that has a verdict on the path wins, so a nested
 * `!pattern` can re-include what a parent `.gitignore` excludes. Matching itself is done
 * by IgnoreRules (./ignore-rules.ts), which leaves out, and reports, a line it cannot
 * match; rule files are read lazily, only for folders actually reached.
 * Not consulted: `.git/info/exclude` and the user's `core.excludesFile`, which are not part
 * of the tree.
 */
export class GitignoreMatcher {
  private rules = new Map<string, IgnoreRules | null>();
  /** Folders whose `.gitignore` could not be read (its rules are not applied), with the error. */
  private unreadable = new Map<string, unknown>();
  /** Folders whose `.gitignore` has lines left out, with them. */
  private leftOut = new Map<string, readonly IgnoreLineProblem[]>();
  private readonly folderVerdicts = new Map<string, boolean>();
  /** File path → verdict, for the paths asked about. */
  private readonly fileVerdicts = new Map<string, boolean>();
  /** The file verdicts of the matcher this one renewed (`renewed`). */
  private earlier: ReadonlyMap<string, boolean> | undefined;

  /**
   * @param folders repo-relative folders ('' for the root) that hold a `.gitignore` file
   * @param read returns the text of `<folder>/.gitignore`
   */
  constructor(
    private readonly folders: ReadonlySet<string>,
    private readonly read: (folder: string) => string,
  ) {}

  /** Whether the file at the repo-relative POSIX `path` is ignored. */
  ignores(path: string): boolean {
    if (this.folders.size === 0) return false;
    let ignored = this.fileVerdicts.get(path) ?? this.earlier?.get(path);
    if (ignored === undefined) {
      const parent = parentOf(path);
      ignored = (parent !== '' && this.folderIgnored(parent)) || this.verdict(path, parent, false);
    }
    this.fileVerdicts.set(path, ignored);
    return ignored;
  }

  /**
   * The matcher for a later load of the same tree with the same rule files (FolderReuse):
   * it shares the parsed rules and takes this one's file verdicts for the paths that load
   * asks about, keeping no others, so paths that came and went do not pile up across the
   * reloads of a long-lived process (`repomap mcp`).
   */
  renewed(): GitignoreMatcher {
    const next = new GitignoreMatcher(this.folders, this.read);
    next.rules = this.rules;
    next.unreadable = this.unreadable;
    next.leftOut = this.leftOut;
    next.earlier = this.fileVerdicts;
    return next;
  }

  private folderIgnored(folder: string): boolean {
    const known = this.folderVerdicts.get(folder);
    if (known !== undefined) return known;
    const parent = parentOf(folder);
    const ignored = (parent !== '' && this.folderIgnored(parent)) || this.verdict(folder, parent, true);
    this.folderVerdicts.set(folder, ignored);
    return ignored;
  }

  /** Verdict of the deepest `.gitignore` (from `parent` up to the root) that matches `path`. */
  private verdict(path: string, parent: string, isFolder: boolean): boolean {
    let folder = parent;
    for (;;) {
      const rules = this.rulesOf(folder);
      if (rules) {
        const relative = folder === '' ? path : path.slice(folder.length + 1);
        const result = rules.test(isFolder ? `${relative}/` : relative);
        if (result.ignored) return true;
        if (result.unignored) return false;
      }
      if (folder === '') return false;
      folder = parentOf(folder);
    }
  }

  private rulesOf(folder: string): IgnoreRules | null {
    if (!this.folders.has(folder)) return null;
    let rules = this.rules.get(folder);
    if (rules === undefined) {
      try {
        rules = IgnoreRules.parse(this.read(folder));
        if (rules.problems.length > 0) this.leftOut.set(folder, rules.problems);
      } catch (error) {
        // An unreadable .gitignore ignores nothing: its folder's files are kept (and it is reported).
        this.unreadable.set(folder, error);
        rules = null;
      }
      this.rules.set(folder, rules);
    }
    return rules;
  }

  /** The folders whose `.gitignore` could not be read so far, with the error each gave. */
  unreadableRules(): ReadonlyMap<string, unknown> {
    return this.unreadable;
  }

  /** The folders whose `.gitignore` has lines left out so far (IgnoreRules' `problems`), with them. */
  leftOutLines(): ReadonlyMap<string, readonly IgnoreLineProblem[]> {
    return this.leftOut;
  }
}
