/**
 * Which process-wide V8 settings a `repomap` process makes, and when: once a command is
 * about to run (never for --help, --version or a usage error, which load nothing of the
 * engine), and once it is about to build an index. The decision is plain data
 * (`flagsBeforeCommand`, `flagsBeforeBuild`); `processFlagHooks` keeps what a process
 * has done so far and hands each decision to whoever sets the flags (./main.ts).
 *
 * - **Lean heap** (`useLeanHeap`): every command holds its index, or its samples and
 *   rows, in a process of its own: V8 collects garbage before the heap grows past 1.1x
 *   what the last full collection left (DESIGN.md, "Lean heap"). Set before the command
 *   loads its data; for a command that may load a kept index snapshot instead of building
 *   (`needsIndex`), only once it builds from the start: an update of a kept snapshot (a
 *   few changed files) allocates little beside the index it loaded, and the bound only
 *   made it collect more often (0.2-0.3 s of a 2 s update on the mixed corpus, the same
 *   peak RSS; bench/NOTES.md).
 * - **One-shot compilation** (`useOneShotCompilation`): the parser runtime is compiled
 *   ahead with V8's optimizing compiler and the grammars with the baseline compiler only,
 *   which a first full parse repays better than V8's default tier-up (DESIGN.md,
 *   "One-shot compilation"; bench/perf's "one-shot" rows): for a `oneShot` command, at
 *   its start, or, when it `needsIndex`, once it builds from the start. Not for a command
 *   that loads a kept snapshot (it parses nothing: the eager compile would only take a
 *   core) or updates one.
 * - **Baseline compilation** (`useBaselineCompilation`): an update of a kept snapshot
 *   parses a few files, which the baseline compiler alone does quicker, with no optimizing
 *   compile beside them: up to `BASELINE_COMPILATION_MAX_FILES` changed files; V8's
 *   default above, or after a changed folder, which may hold any number.
 *
 * `eval` parses in worker processes of its own, which keep V8's defaults. Every decision
 * is made before any WebAssembly compiles.
 */
import { traitsOf } from './commands.js';
import type { CliIo } from './io.js';

/** A process-wide setting: `useLeanHeap`, `useOneShotCompilation`, `useBaselineCompilation`. */
export type ProcessFlag = 'lean-heap' | 'one-shot-compilation' | 'baseline-compilation';

/** A build a command is about to start (`CliIo.beforeBuild`), and whether it is the process' first. */
export interface BuildStart {
  /** It starts from a kept snapshot's index and parses the changed files only. */
  update: boolean;
  /** At most this many files to parse; Infinity when not known (after a changed folder). */
  parses: number;
  /** No build ran in this process before (a build after a failed update may follow one that already parsed). */
  first: boolean;
}

/** The flags to set once the command named `command` is about to run, in order. */
export function flagsBeforeCommand(command: string): ProcessFlag[] {
  const { oneShot, needsIndex } = traitsOf(command);
  if (needsIndex) return [];
  return oneShot ? ['lean-heap', 'one-shot-compilation'] : ['lean-heap'];
}

/**
 * The flags to set once the command named `command` is about to build an index, in
 * order; `baselineMaxFiles`: the most files an update parses under baseline compilation
 * (`BASELINE_COMPILATION_MAX_FILES`).
 */
export function flagsBeforeBuild(command: string, build: BuildStart, baselineMaxFiles: number): ProcessFlag[] {
  const flags: ProcessFlag[] = [];
  if (!build.update) flags.push('lean-heap');
  // the compilation flags hold for the process' first parse only, and only a command that
  // waited for its build sets them here (a oneShot one set them at its start)
  if (!build.first || !traitsOf(command).needsIndex) return flags;
  if (!build.update) flags.push('one-shot-compilation');
  else if (build.parses <= baselineMaxFiles) flags.push('baseline-compilation');
  return flags;
}

/** What sets the flags for a process: each in turn, as decided; and the baseline compilation's limit, loaded when an update asks for it. */
export interface FlagSetter {
  set(flag: ProcessFlag): void | Promise<void>;
  baselineMaxFiles(): number | Promise<number>;
}

/** `CliIo`'s hooks that set a process' flags through `setter` as the command runs (the module's comment). */
export function processFlagHooks(setter: FlagSetter): Required<Pick<CliIo, 'beforeCommand' | 'beforeBuild'>> {
  let command = '';
  let built = false;
  const setAll = async (flags: ProcessFlag[]): Promise<void> => {
    for (const flag of flags) await setter.set(flag);
  };
  return {
    async beforeCommand(name) {
      command = name;
      await setAll(flagsBeforeCommand(name));
    },
    async beforeBuild({ update, parses }) {
      const first = !built;
      built = true;
      const baselineMaxFiles = update ? await setter.baselineMaxFiles() : 0;
      await setAll(flagsBeforeBuild(command, { update, parses, first }, baselineMaxFiles));
    },
  };
}
