/**
 * The two test tiers (vitest.config.ts's projects):
 *
 * - **unit** (`npm test`): in-process tests of the stages, the library and the CLI
 *   (runCli with fake streams) on fixture repositories the tests write. It builds
 *   nothing, reads nothing of dist/, and starts no node process, parse worker or daemon
 *   (the code under test may run git, as the corpus stage does; a test may make a FIFO).
 * - **process** (`npm run test:process`): what needs the built package or processes of
 *   its own: the binary, child node processes, parse and eval workers, the daemon, builds
 *   into temp folders. dist/ is built once before it runs (test/build-setup.ts).
 *
 * A file is in the process tier when any of its tests is; test/unit/tiers.test.ts checks
 * that no unit-tier file starts a process or a worker.
 *
 * The unit tier runs in two projects: most files share their workers' modules (loaded,
 * transformed and their grammars compiled once per worker, not once per file);
 * OWN_MODULES get fresh ones each.
 */
export const PROCESS_TIER: readonly string[] = [
  // the binary, and the modules it loads
  'test/unit/cli/bin.test.ts',
  // the daemon: a server on a socket, and the binary offering it commands
  'test/unit/cli/daemon.test.ts',
  // the binary beside in-process runs (a snapshot another process wrote)
  'test/unit/cli/snapshot.test.ts',
  // eval's worker processes, and the package built into a temp folder
  'test/unit/cli/eval.test.ts',
  'test/unit/cli/eval-config.test.ts',
  'test/unit/cli/eval-resume.test.ts',
  'test/unit/cache/eval.test.ts',
  'test/unit/eval/run-workers.test.ts',
  // the package built (or installed) into a temp folder and run there
  'test/e2e/mcp.test.ts',
  'test/unit/cache/optional-driver.test.ts',
  // node processes writing, dying and racing on one store
  'test/unit/cache/processes.test.ts',
  // a node child process per hostile ignore file (a hang is ended with the process)
  'test/unit/corpus/hostile-ignore.test.ts',
  // the stamp worker from dist/
  'test/unit/corpus/folder-update.test.ts',
  // parse workers
  'test/unit/tags/pool.test.ts',
  'test/unit/tags/ahead.test.ts',
  // a parse ahead on a worker, as the CLI starts one for an update
  'test/golden/snapshot-update.test.ts',
  'test/unit/tags/budget.test.ts',
  'test/unit/build/early-release.test.ts',
  // V8 flags, one child process per case
  'test/unit/tags/one-shot.test.ts',
  // `npm run build` of a package folder (the test run's build of dist/)
  'test/unit/build-dist.test.ts',
];

/**
 * Unit-tier files that replace nothing but run with modules of their own all the same:
 * those that compare `v8.serialize` bytes. V8 writes a whole number as a small integer or
 * as a double depending on how its field is represented in the object's hidden class, and
 * that depends on every object of the same shape the isolate made before: after
 * `{ text, line: 1.5 }`, `{ text, line: 37 }` serializes `line` as a double (the same
 * value read back). In a worker shared with other files the bytes then depend on which
 * files ran first: bm25-update failed once in ~14 tier runs, kept-tags once in a CI run.
 */
export const KEPT_APART: readonly string[] = [
  'test/unit/lexical/bm25-update.test.ts',
  'test/unit/tags/kept-tags.test.ts',
];

/**
 * Unit-tier files that run with modules of their own, each in a fresh worker: a file that
 * replaces a module (`vi.mock`) for everything it loads, or sets what a module reads once
 * per process. In a shared worker the replaced module would reach the files after it, and
 * the files before it would have loaded the real one already.
 */
export const OWN_MODULES: readonly string[] = [
  // vi.mock: the tags stage counting its parses
  'test/unit/cache/cli.test.ts',
  // vi.mock: node:fs failing or recording calls
  'test/unit/corpus/unreadable.test.ts',
  'test/unit/persist/snapshot-file-sync.test.ts',
  // vi.mock: a grammar manifest naming missing grammars
  'test/unit/tags/grammar-load.test.ts',
  // GIT_CONFIG_GLOBAL, read when repomap first runs git in a process
  'test/unit/corpus/untrusted-git.test.ts',
  ...KEPT_APART,
];
