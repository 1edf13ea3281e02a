import type { LanguageId } from '../types.js';
import type { CueSet } from './cue-set.js';
import type { CueTunables } from './defaults.js';
import { isCamelCase, isSnakeCase } from '../text/identifiers.js';
import { isCodeStopWord, isStopWord } from './stop-words.js';

/**
 * Identifier and term cues of one line of free text (PR text, comments, the
 * non-frame lines of a failure log).
 */

/** Where cues of the current field go. */
export interface Emitter {
  set: CueSet;
  t: CueTunables;
  field: string;
  /**
   * An issue's prose (issue2code): a word written as a call (`Product(`, `fit()`) is a name,
   * and a capitalized word inside a sentence (`Min`, `Matrix`) may be one.
   */
  issue?: boolean;
  /**
   * The repository's main language, when known (issue2code): a dotted or `::` name
   * (`sympy.printing.latex`, `tokio::sync::Mutex`) is then also looked up as a module and
   * as a name of the module before it, by that language's import rules.
   */
  language?: LanguageId;
}

/** A line that states the failure (`E   …`, `> …`, `TypeError: …`, `error[E0425]: …`, `panic: …`). */
const ERROR_LINE =
  /^(?:E\s{2,}|>\s)|^\s*(?:[\w.$]+\.)?[A-Z]\w*(?:Error|Exception|Failure|Failed|Warning)\b|^\s*(?:error|panic|fatal)(?:\[\w+\])?:|^thread '.*' panicked/;

export function isErrorLine(line: string): boolean {
  return ERROR_LINE.test(line);
}

/**
 * Lines of test-runner chrome that name no code: session headers, separators,
 * progress and summary counts, build steps, passing tests. (Failing test names
 * on such lines are read before this check.)
 */
const CHROME: readonly RegExp[] = [
  // pytest
  /^(?:platform \w+ -- |rootdir: |configfile: |plugins: |cachedir: |collect(?:ed|ing) \d|\d+ (?:failed|passed|errors?)\b)/,
  /^[=_~*-]{3,}.*[=_~*-]{3,}\s*$/,
  // cargo
  /^\s*(?:Compiling|Finished|Running|Doc-tests|Fresh|Downloaded|Downloading|Updating|Checking|Building|Blocking)\s/,
  /^running \d+ tests?\s*$|^test result: |^test \S+ \.\.\. (?:ok|ignored)\b|^error: test failed|^note: (?:run with|Some details)/,
  // go test
  /^(?:FAIL|PASS)\s*$|^(?:FAIL|ok)\s+\S+\s+(?:[\d.]+s|\(cached\))|^FAIL\t|^---\s+PASS:|^=== (?:RUN|PAUSE|CONT|NAME)\s|^exit status \d+|^\?\s+\S+\s+\[no test files\]/,
  // maven / gradle
  /^\[(?:INFO|WARNING|DEBUG)\]|^\[ERROR\] (?:Tests run:|Failures:\s*$|Errors:\s*$|Failed to execute|To see the full|Re-run|-> \[Help|\s*$)|^> Task |^\d+ tests? completed|^BUILD (?:FAILED|SUCCESSFUL)|^FAILURE: Build failed/,
  // node, jest, vitest
  /^Node\.js v\d|^\s*(?:Test Files|Tests|Start at|Duration|Test Suites:|Snapshots:|Time:|Ran all test suites)\b/,
];

/** True for a line of runner chrome (no cues but failing test names are read from it). */
export function isChromeLine(line: string): boolean {
  return CHROME.some((re) => re.test(line));
}

const TOKEN_RE = /[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*/g;
const BACKTICK_RE = /(`+)([^`\n]+?)\1/g;
const KEBAB_RE = /(?<![\w-])-{0,2}([a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?![\w-])/g;
const NAME_RE = /^[A-Za-z_$][\w$]*$/;
/** A line of code that imports (`from a.b import c`, `import a.b`, `use a::b;`, `import x from 'y'`). */
const IMPORT_LINE = /^\s*(?:>>>\s*)?(?:from\s+\S+\s+import\b|import\s|use\s+[\w:]+|(?:pub\s+)?use\s)/;

/** True for names shaped like code: camelCase, PascalCase with two humps, snake_case, `$x`. */
export function isCodeShaped(token: string): boolean {
  return isCamelCase(token) || isSnakeCase(token) || token.includes('$');
}

function keepIdentifier(name: string, t: CueTunables, prose: boolean): boolean {
  if (!NAME_RE.test(name) || name.replace(/[_$]/g, '').length < t.minIdentifierLength) return false;
  return prose ? !isStopWord(name) : !isCodeStopWord(name);
}

/** Emits the parts of a dotted or `::` name: the last and the code-shaped ones at `strength`, the others weaker. */
export function emitQualified(emit: Emitter, parts: readonly string[], strength: number, prose: boolean): void {
  const { set, t, field } = emit;
  parts.forEach((part, i) => {
    if (!keepIdentifier(part, t, prose)) return;
    const last = i === parts.length - 1;
    const s = last || isCodeShaped(part) ? strength : Math.min(strength, t.dottedPartStrength);
    set.add('identifier', part, s, field);
  });
}

/**
 * A qualified name looked up by the repository's import rules: the whole name as a module
 * (`sympy.printing.latex`) and its last part as a name of the module before it
 * (`sympy.printing.latex` → `latex` from `sympy.printing`; `org.x.Y#m` → `m` from `org.x.Y`).
 */
export function emitModulePath(emit: Emitter, language: LanguageId, written: string, parts: readonly string[]): void {
  const { set, t, field } = emit;
  const separator = written.includes('::') ? '::' : '.';
  const last = parts[parts.length - 1]!;
  set.add('module', parts.join(separator), t.qualifiedModuleStrength, field, undefined, { language });
  if (NAME_RE.test(last))
    set.add('imported', last, t.qualifiedNameStrength, field, undefined, {
      language,
      module: parts.slice(0, -1).join(separator),
    });
}

/** A word as a term cue: lowercase, long enough, not a stop word, not a number or hash. */
export function emitTerm(emit: Emitter, word: string, strength: number): void {
  const term = word.toLowerCase();
  if (term.length < emit.t.minTermLength || term.length > 40) return;
  if (!/^[a-z][a-z0-9-]*$/.test(term) || isStopWord(term)) return;
  // addresses (`x7f3a2c`), hashes, versions (`v20`); `sha256`, `utf8` stay
  if (/^x[0-9a-f]+$|^v\d/.test(term) || ((term.match(/\d/g)?.length ?? 0) >= 3 && !/^[a-z]+\d+$/.test(term))) return;
  emit.set.add('term', term, strength, emit.field);
}

/**
 * An issue's plain word read as a name (it stays a term too): written as a call (`Product(`) at
 * callNameStrength, or capitalized after a sentence's first word (`support Min and Max`) at
 * capitalizedNameStrength. Stop words and short words are not names.
 */
function issueName(emit: Emitter, token: string, line: string, at: number): void {
  const { t } = emit;
  const call = line[at + token.length] === '(';
  const capitalized = /^[A-Z][a-z][A-Za-z0-9]*$/.test(token) && !/(?:^|[.!?:;#*>|-])\s*$/.test(line.slice(0, at));
  if (!(call || capitalized) || !keepIdentifier(token, t, true)) return;
  emit.set.add('identifier', token, call ? t.callNameStrength : t.capitalizedNameStrength, emit.field);
}

/**
 * Cues of one line of prose (URLs, paths and test ids already blanked out):
 * backticked names (strong), code-shaped names (stronger on error lines),
 * dotted names (every part, the last strongest), kebab-case compounds and
 * plain words as terms.
 */
export function proseCues(line: string, emit: Emitter, errorLine: boolean): void {
  const { t } = emit;
  let rest = line.replace(BACKTICK_RE, (whole, _ticks: string, content: string) => {
    const code = content
      .trim()
      .replace(/^(?:@|--?)/, '')
      .replace(/\(.*\)$/, '');
    if (!/^[A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*$/.test(code)) return whole;
    const parts = code.split(/\.|::|#/);
    emitQualified(emit, parts, t.backtickIdentifierStrength, false);
    if (emit.language && parts.length > 1) emitModulePath(emit, emit.language, code, parts);
    return ' '.repeat(whole.length);
  });
  rest = rest.replace(/`/g, ' ');
  // words cut by a runner (`TypeError: _ClassBui...`) and contractions (`doesn't`) are not names
  if (rest.includes('...') || rest.includes('…')) {
    rest = rest.replace(/(?<![\w$])[\w$]+(?:\.{3}|…)(?=\s|$)/g, (w) => ' '.repeat(w.length));
  }
  if (rest.includes("'") || rest.includes('’')) {
    rest = rest.replace(/(?<![A-Za-z])[A-Za-z]+['’](?:t|s|re|ve|ll|d|m)(?![A-Za-z])/g, (w) => ' '.repeat(w.length));
  }
  for (const m of rest.matchAll(KEBAB_RE)) {
    if (m[1]!.split('-').filter((p) => p.length >= 2).length >= 2) emitTerm(emit, m[1]!, t.termStrength);
  }
  const base = errorLine ? t.errorLineIdentifierStrength : t.textIdentifierStrength;
  for (const m of rest.matchAll(TOKEN_RE)) {
    const token = m[0];
    const parts = token.split(/\.|::/);
    if (emit.issue && parts.length === 1 && !isCodeShaped(token)) issueName(emit, token, rest, m.index);
    if (parts.length > 1) {
      // `Fly.io`, `Node.js`, `e.g`: a short last part means a domain or an abbreviation, not a name.
      if (parts[parts.length - 1]!.length >= t.minIdentifierLength) {
        emitQualified(emit, parts, base, true);
        // an import line's modules are the way in to the names it imports (the code reader reads those)
        if (emit.language && !IMPORT_LINE.test(line)) emitModulePath(emit, emit.language, token, parts);
      }
    } else if (isCodeShaped(token)) {
      if (keepIdentifier(token, t, true)) emit.set.add('identifier', token, base, emit.field);
    } else if (/^[A-Z]?[a-z][a-z0-9]*$|^[A-Z][A-Z0-9]+$/.test(token)) {
      emitTerm(emit, token, t.termStrength);
    }
  }
}
