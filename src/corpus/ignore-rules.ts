import ignore from 'ignore';
import { linearGlobstars } from './globstar-regex.js';

/** Limits on the patterns of an ignore file or pattern list. */
export const IGNORE_RULES_DEFAULTS = Object.freeze({
  /**
   * A longer line is left out (and reported): no path on Linux is longer (PATH_MAX), and
   * past ~16 KB of wildcards the regular expression is too large for V8 to compile.
   */
  maxPatternChars: 4096,
  /**
   * Patterns with wildcards past this many in one file are left out (one report for all):
   * each is a regular expression tried on every path the file governs, so 100,000 of them
   * cost tens of seconds on a repository of three files. Plain names, paths and `*suffix`
   * names are looked up in maps and do not count. Real ignore files hold a few hundred.
   */
  maxWildcardPatterns: 10_000,
  /** How much of a left-out pattern its message quotes. */
  quotedChars: 60,
});

/** A line of an ignore file or pattern list that is left out: it cannot be matched. */
export interface IgnoreLineProblem {
  /** 1-based line of the file, or position in the list. */
  line: number;
  /** The pattern, shortened to `quotedChars` with its length when longer. */
  pattern: string;
  reason: string;
}

export interface IgnoreVerdict {
  ignored: boolean;
  unignored: boolean;
}

const NONE: IgnoreVerdict = Object.freeze({ ignored: false, unignored: false });
const IGNORED: IgnoreVerdict = Object.freeze({ ignored: true, unignored: false });
const UNIGNORED: IgnoreVerdict = Object.freeze({ ignored: false, unignored: true });

/** A pattern made of plain characters only (no wildcard, escape, space or non-ASCII): matched by string equality. */
const PLAIN = /^[\w.@%+=,~$(){}&'/-]+$/;
/** `*` and plain characters, no slash: matched as a suffix of the file name. */
const PLAIN_SUFFIX = /^\*[\w.@%+=,~$(){}&'-]+\/?$/;

/** Per key, the last rule giving it a verdict on any path, and on a folder (rules ending in `/` see folders only). */
interface Last {
  any: number;
  folder: number;
}

/** What the `ignore` package keeps of a rule, read for the regular expression it compiles to. */
interface IgnoreInternals {
  _rules?: { _rules?: { regex: RegExp }[] };
}

/**
 * The rules of one ignore file (or of an `--exclude`/`--include` list), with gitignore's
 * meaning: the last rule matching a path decides, a `!` rule re-includes, and a path in an
 * ignored folder is ignored. Each pattern is translated by the `ignore` package, with its
 * semantics (case-insensitive; its reading of brackets, escapes and trailing spaces);
 * what this adds is what a large or hostile file needs:
 *
 * - plain names and paths, and `*suffix` names, are looked up in maps rather than
 *   compiled to one regular expression each, which a 100,000-line `.gitignore` ran
 *   100,000 of for every path;
 * - a pattern with several `**` is rewritten to match in time linear in the path
 *   (./globstar-regex.ts);
 * - a line longer than `maxPatternChars`, one the `ignore` package cannot compile, and
 *   patterns with wildcards past `maxWildcardPatterns` are left out and reported in
 *   `problems`, instead of throwing out of the load or running without bound.
 */
export class IgnoreRules {
  readonly problems: IgnoreLineProblem[] = [];
  private readonly negative: boolean[] = [];
  private readonly anchored = new Map<string, Last>();
  private readonly names = new Map<string, Last>();
  private readonly suffixes = new Map<string, Last>();
  private longestSuffix = 0;
  /** The other rules in order, each with its index among all rules and whether the file name alone decides it. */
  private readonly compiled: { rule: number; regex: RegExp; nameOnly: boolean }[] = [];
  private readonly verdicts = new Map<string, IgnoreVerdict>();
  /** Patterns with wildcards left out past `maxWildcardPatterns`: how many, and the first. */
  private overCap: { count: number; first: IgnoreLineProblem } | undefined;

  /** The rules of an ignore file's text, a line each (git's reading of line ends and of a byte-order mark). */
  static parse(text: string): IgnoreRules {
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    return new IgnoreRules(body.endsWith('\r') ? body.slice(0, -1).split(/\r?\n/) : body.split(/\r?\n/), false);
  }

  /** The rules of a list of patterns, one rule each (`exclude`, `include`). */
  static of(patterns: readonly string[]): IgnoreRules {
    return new IgnoreRules(patterns, true);
  }

  /** @param listed each line is a pattern of a list rather than a line of a file (the `ignore` package trims a list item's line end) */
  private constructor(lines: readonly string[], listed: boolean) {
    lines.forEach((line, i) => this.add(line, i + 1, listed));
    if (this.overCap) {
      const { count, first } = this.overCap;
      const later = count - 1;
      this.problems.push({
        ...first,
        reason: `${first.reason}${later > 0 ? ` (and so are the ${later} after it)` : ''}`,
      });
      this.problems.sort((a, b) => a.line - b.line);
    }
  }

  /** Whether `path` (relative, POSIX; a folder ends with `/`) is ignored, or re-included by a `!` rule. */
  test(path: string): IgnoreVerdict {
    let verdict = this.verdicts.get(path);
    if (verdict !== undefined) return verdict;
    const end = path.endsWith('/') ? path.length - 2 : path.length - 1;
    const slash = path.lastIndexOf('/', end);
    const parent = slash > 0 ? this.test(path.slice(0, slash + 1)) : NONE;
    verdict = parent.ignored ? parent : this.own(path);
    this.verdicts.set(path, verdict);
    return verdict;
  }

  ignores(path: string): boolean {
    return this.test(path).ignored;
  }

  /** The verdict of the last rule matching `path` itself. */
  private own(path: string): IgnoreVerdict {
    const folder = path.endsWith('/');
    const bare = folder ? path.slice(0, -1) : path;
    const name = bare.slice(bare.lastIndexOf('/') + 1);
    const lowerName = asciiLower(name);
    const at = (last: Last | undefined): number => (last === undefined ? -1 : folder ? last.folder : last.any);
    let best = Math.max(at(this.anchored.get(asciiLower(bare))), at(this.names.get(lowerName)));
    for (let i = Math.max(0, lowerName.length - this.longestSuffix); i < lowerName.length; i++)
      best = Math.max(best, at(this.suffixes.get(lowerName.slice(i))));
    const base = folder ? `${name}/` : name;
    for (let i = this.compiled.length - 1; i >= 0; i--) {
      const { rule, regex, nameOnly } = this.compiled[i]!;
      if (rule < best) break;
      if (regex.test(nameOnly ? base : path)) {
        best = rule;
        break;
      }
    }
    return best === -1 ? NONE : this.negative[best] ? UNIGNORED : IGNORED;
  }

  private add(line: string, number: number, listed: boolean): void {
    if (line === '' || line.startsWith('#')) return;
    if (line.length > IGNORE_RULES_DEFAULTS.maxPatternChars) {
      this.problems.push({
        line: number,
        pattern: quoted(line),
        reason: `it is longer than ${IGNORE_RULES_DEFAULTS.maxPatternChars} characters`,
      });
      return;
    }
    const negative = line.startsWith('!');
    const body = negative ? line.slice(1) : line;
    if (this.addPlain(body, negative)) return;
    if (this.compiled.length >= IGNORE_RULES_DEFAULTS.maxWildcardPatterns) {
      if (this.overCap) this.overCap.count++;
      else
        this.overCap = {
          count: 1,
          first: {
            line: number,
            pattern: quoted(line),
            reason: `the file has more than ${IGNORE_RULES_DEFAULTS.maxWildcardPatterns} patterns with wildcards`,
          },
        };
      return;
    }
    let regex: RegExp | undefined;
    try {
      regex = ruleRegex(line, listed);
      // V8 compiles a regular expression when it first runs: too large a one throws then
      regex?.test('');
    } catch (error) {
      this.problems.push({
        line: number,
        pattern: quoted(line),
        reason: `it cannot be compiled (${firstLine(error)})`,
      });
      return;
    }
    if (regex === undefined) return;
    this.compiled.push({ rule: this.negative.length, regex, nameOnly: !body.slice(0, -1).includes('/') });
    this.negative.push(negative);
  }

  /** Files a plain pattern (`build/`, `/docs/api.md`, `*.log`) under its map key; false for any other. */
  private addPlain(body: string, negative: boolean): boolean {
    const folderOnly = body.endsWith('/');
    const bare = folderOnly ? body.slice(0, -1) : body;
    let map: Map<string, Last>;
    let key: string;
    if (PLAIN.test(body) && bare !== '' && bare !== '/' && !bare.includes('//')) {
      const inner = bare.includes('/');
      map = inner ? this.anchored : this.names;
      key = asciiLower(inner && bare.startsWith('/') ? bare.slice(1) : bare);
    } else if (PLAIN_SUFFIX.test(body)) {
      map = this.suffixes;
      key = asciiLower(bare.slice(1));
      this.longestSuffix = Math.max(this.longestSuffix, key.length);
    } else {
      return false;
    }
    const rule = this.negative.length;
    this.negative.push(negative);
    const last = map.get(key) ?? { any: -1, folder: -1 };
    last.folder = rule;
    if (!folderOnly) last.any = rule;
    map.set(key, last);
    return true;
  }
}

/**
 * The regular expression the `ignore` package makes of one line (undefined for a comment,
 * blank line or other line that is no rule), with its globstars made linear. Read from
 * the package's rule record: its public API tests paths, and a path test cannot tell a
 * rule's own verdict from that of the folders above the path, nor compile one rule
 * without the others. The version is pinned (package.json); test/unit/corpus/ignore-rules
 * checks this reading against the package's own verdicts.
 */
function ruleRegex(line: string, listed: boolean): RegExp | undefined {
  // as one string the package drops a final CR, which in a file was a character of the line
  const rules = ignore().add(listed ? [line] : line.endsWith('\r') ? `${line}\r` : line) as unknown as IgnoreInternals;
  const regex = rules._rules?._rules?.[0]?.regex;
  if (regex === undefined) return undefined;
  const linear = linearGlobstars(regex.source);
  return linear === regex.source ? regex : new RegExp(linear, regex.flags);
}

/** Lowercase of the ASCII letters only: how a case-insensitive JavaScript regular expression compares an ASCII pattern. */
function asciiLower(text: string): string {
  return /[A-Z]/.test(text) ? text.replace(/[A-Z]+/g, (run) => run.toLowerCase()) : text;
}

/** A pattern as a message quotes it: whole when short, else its start and its length. */
export function quoted(pattern: string): string {
  const max = IGNORE_RULES_DEFAULTS.quotedChars;
  return (
    JSON.stringify(pattern.length <= max ? pattern : `${pattern.slice(0, max)}…`) +
    (pattern.length > max ? ` (${pattern.length} characters)` : '')
  );
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n', 1)[0]!;
  // V8 quotes the whole expression: keep its verdict, after the last `/: `
  const verdict = line.lastIndexOf('/: ');
  return verdict === -1 ? line.slice(0, 200) : line.slice(verdict + 3, verdict + 203);
}
