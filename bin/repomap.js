#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';

// One-shot commands parse every file once: V8's background tier-up of the
// grammars' WebAssembly (TurboFan recompiling what Liftoff already compiled)
// then costs more than it saves, ~30% of the CPU and ~20% of the memory of a
// cold `rank` on vite (bench/perf, "--liftoff-only"). Long runs (eval, mcp)
// parse enough to repay it and keep it. Set before any WebAssembly compiles.
if (['rank', 'pack', 'explain'].includes(process.argv[2])) setFlagsFromString('--liftoff-only');

const { runCli } = await import('../dist/src/cli/run.js');
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
});
