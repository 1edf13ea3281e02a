#!/usr/bin/env node
// A reader that stops early (`repomap pack … | head -1`) closes the pipe: end quietly
// with 0, as git and ripgrep do, rather than with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

// Process-wide settings, made once a command is about to run (never for --help, --version
// or a usage error, which load nothing of the engine):
//
// Every command holds its index, or its samples and rows, in a process of its own: V8
// collects garbage before the heap grows past 1.1x what the last full collection left
// (DESIGN.md, "Lean heap"). Set before the command loads its data; for the commands that
// may load a kept index snapshot instead of building, only once they build from the start:
// an update of a kept snapshot (a few changed files) allocates little beside the index it
// loaded, and the bound only made it collect more often (0.2-0.3 s of a 2 s update on the
// mixed corpus, the same peak RSS; bench/NOTES.md).
//
// The parser runtime is compiled ahead with V8's optimizing compiler and the grammars
// with the baseline compiler only, which a first full parse repays better than V8's
// default tier-up (DESIGN.md, "One-shot compilation"; bench/perf's "one-shot" rows):
// the one-shot commands, and the MCP server, whose first index is the one an agent
// waits for and whose later ones re-parse changed files only. Not for a command that
// loads a kept snapshot (it parses nothing: the eager compile would only take a core)
// or updates one: that parses a few files, which the baseline compiler alone does
// quicker, with no optimizing compile beside them (`useBaselineCompilation`, up to
// `BASELINE_COMPILATION_MAX_FILES` changed files; V8's default above, or after a
// changed folder, which may hold any number). `eval` parses
// in worker processes of its own, which keep the default. Done before any WebAssembly
// compiles.
const ONE_SHOT = ['rank', 'pack', 'explain', 'symbols', 'refs', 'impact', 'outline', 'status', 'mcp'];
const SNAPSHOT_READERS = ONE_SHOT.filter((c) => c !== 'mcp');
async function leanHeap() {
  const { useLeanHeap } = await import('../dist/cli/heap.js');
  useLeanHeap();
}
async function oneShotCompilation() {
  const { useOneShotCompilation } = await import('../dist/cli/wasm-modules.js');
  useOneShotCompilation();
}
async function baselineCompilation(parses) {
  const { useBaselineCompilation, BASELINE_COMPILATION_MAX_FILES } = await import('../dist/cli/wasm-modules.js');
  if (parses <= BASELINE_COMPILATION_MAX_FILES) useBaselineCompilation();
}
let command;
async function beforeCommand(name) {
  command = name;
  if (!SNAPSHOT_READERS.includes(name)) await leanHeap();
  if (ONE_SHOT.includes(name) && !SNAPSHOT_READERS.includes(name)) await oneShotCompilation();
}
let built = false;
async function beforeBuild({ update, parses }) {
  // a build after a failed update may follow one that already parsed: only the first sets the flags
  const first = !built;
  built = true;
  if (!update) await leanHeap();
  if (first && !update && SNAPSHOT_READERS.includes(command)) await oneShotCompilation();
  if (first && update && SNAPSHOT_READERS.includes(command)) await baselineCompilation(parses);
}

// A daemon of this build serving (`repomap daemon start`) runs the index commands in its
// warm process; otherwise, or for any other command, the command runs here.
const { runOnDaemon } = await import('../dist/cli/daemon-client.js');
const onDaemon = await runOnDaemon({ argv: process.argv.slice(2), cwd: process.cwd(), env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
if ('code' in onDaemon) process.exitCode = onDaemon.code;
else await runHere(onDaemon.stdin);

/** Runs the command in this process; `read`: standard input already read for a daemon that then did not run it. */
async function runHere(read) {
  const { runCli } = await import('../dist/cli/run.js');
  const stdin = read === undefined ? process.stdin : (await import('node:stream')).Readable.from([read]);
  process.exitCode = await runCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin,
    cwd: process.cwd(),
    beforeCommand,
    beforeBuild,
  });
}
