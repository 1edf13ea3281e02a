#!/usr/bin/env node
import { runCli } from '../dist/src/cli/run.js';

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
});
