/**
 * What the process running a command must know of it before it loads anything of the
 * engine: one row per top-level command of `repomap`. The daemon's protocol
 * (`DAEMON_COMMANDS` in ./daemon-protocol.ts) and the process flags (./process-flags.ts) derive from it, so a
 * new command is one row here. Loaded by every `repomap` process first (./main.ts): it
 * imports nothing.
 */

/** The traits of a command. */
export interface CommandTraits {
  /**
   * The process holds one index for one answer, and the first index it builds is the one
   * a user waits for: the parser runtime is compiled ahead (`useOneShotCompilation`).
   */
  readonly oneShot: boolean;
  /** A serving daemon (`repomap daemon start`) runs it for another process, in its warm process. */
  readonly daemonServed: boolean;
  /**
   * It answers from one folder's index, which a kept snapshot may hold: the process flags
   * that only a build repays wait until it builds (`CliIo.beforeBuild`).
   */
  readonly needsIndex: boolean;
}

/** A command that answers from one folder's index. */
const INDEX_COMMAND: CommandTraits = { oneShot: true, daemonServed: true, needsIndex: true };
/** A command that holds no index of one folder for one answer (eval, the tags cache, the daemon itself, …). */
const OTHER_COMMAND: CommandTraits = { oneShot: false, daemonServed: false, needsIndex: false };

/** Every top-level command, in the order the daemon names the ones it serves. */
export const COMMANDS = {
  rank: INDEX_COMMAND,
  pack: INDEX_COMMAND,
  explain: INDEX_COMMAND,
  symbols: INDEX_COMMAND,
  refs: INDEX_COMMAND,
  impact: INDEX_COMMAND,
  outline: INDEX_COMMAND,
  status: INDEX_COMMAND,
  // a server: its first index is the one an agent waits for, its later ones re-parse
  // changed files only; it opens many folders' indexes, as they are asked for
  mcp: { oneShot: true, daemonServed: false, needsIndex: false },
  eval: OTHER_COMMAND,
  score: OTHER_COMMAND,
  fuse: OTHER_COMMAND,
  cache: OTHER_COMMAND,
  daemon: OTHER_COMMAND,
} as const satisfies Record<string, CommandTraits>;

/** The name of a top-level command. */
export type CommandName = keyof typeof COMMANDS;

/**
 * The traits of the command named `name`; a name that is no top-level command (a
 * subcommand's, such as `daemon start`'s `start`) has none of them. `status` is both a
 * command and `daemon status`: the name alone says the command's traits.
 */
export function traitsOf(name: string): CommandTraits {
  return Object.hasOwn(COMMANDS, name) ? COMMANDS[name as CommandName] : OTHER_COMMAND;
}
