/**
 * The process flags' decision (src/cli/process-flags.ts): which V8 settings a `repomap`
 * process makes for which command, and for which build (a full build, an update of a few
 * files or of many). What the settings do to timings is bench/perf's; here only the
 * decision, and that a real in-process run reaches it.
 */
import { appendFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  flagsBeforeBuild,
  flagsBeforeCommand,
  processFlagHooks,
  type ProcessFlag,
} from '../../../src/cli/process-flags.js';
import { BASELINE_COMPILATION_MAX_FILES } from '../../../src/tags/wasm-modules.js';
import { ageTree, makeTemp, removeTemp } from '../corpus/helpers.js';
import { runCliCaptured } from '../../run-cli.js';

const FIXTURE = join(import.meta.dirname, '../../../fixtures/repos/python-inventory');
const MAX = BASELINE_COMPILATION_MAX_FILES;

describe('flagsBeforeCommand', () => {
  it.each([
    // an index command may load a kept snapshot: it waits for its build
    ['rank', []],
    ['status', []],
    ['outline', []],
    // the MCP server's first index is a full parse an agent waits for
    ['mcp', ['lean-heap', 'one-shot-compilation']],
    // the others hold samples or rows: a lean heap; eval parses in workers of its own
    ['eval', ['lean-heap']],
    ['cache', ['lean-heap']],
    ['start', ['lean-heap']],
  ] as [string, ProcessFlag[]][])('%s: %j', (command, flags) => {
    expect(flagsBeforeCommand(command)).toEqual(flags);
  });
});

describe('flagsBeforeBuild', () => {
  const first = true;
  it.each([
    ['rank', { update: false, parses: Infinity, first }, ['lean-heap', 'one-shot-compilation']],
    ['rank', { update: true, parses: 1, first }, ['baseline-compilation']],
    ['rank', { update: true, parses: MAX, first }, ['baseline-compilation']],
    ['rank', { update: true, parses: MAX + 1, first }, []],
    // after a changed folder: any number of files
    ['rank', { update: true, parses: Infinity, first }, []],
    // a build after a failed update, which already parsed: the compilation is V8's by then
    ['rank', { update: false, parses: Infinity, first: false }, ['lean-heap']],
    ['pack', { update: true, parses: 3, first: false }, []],
    // mcp set its compilation at its start
    ['mcp', { update: false, parses: Infinity, first }, ['lean-heap']],
    ['mcp', { update: true, parses: 2, first }, []],
  ] as [string, { update: boolean; parses: number; first: boolean }, ProcessFlag[]][])(
    '%s %j: %j',
    (command, build, flags) => {
      expect(flagsBeforeBuild(command, build, MAX)).toEqual(flags);
    },
  );
});

describe('processFlagHooks', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = makeTemp('repomap-process-flags-');
  });
  afterAll(() => removeTemp(tmp));

  /** Runs the CLI in-process with the hooks; the flags they set, in order (recorded, not set). */
  async function flagsOf(argv: string[]): Promise<{ code: number; flags: ProcessFlag[] }> {
    const flags: ProcessFlag[] = [];
    const hooks = processFlagHooks({ set: (flag) => void flags.push(flag), baselineMaxFiles: () => MAX });
    const { code } = await runCliCaptured(argv, { cwd: FIXTURE, ...hooks });
    return { code, flags };
  }

  it('--help, --version and a usage error set nothing', async () => {
    for (const argv of [['--help'], ['--version'], ['rank', '--top', '0', 'x']])
      expect((await flagsOf(argv)).flags).toEqual([]);
  });

  it('rank: a full build, then a load of the kept index, then an update of it after an edit', async () => {
    const repo = join(tmp, 'repo');
    cpSync(FIXTURE, repo, { recursive: true });
    // files an hour old: the first build keeps its snapshot
    ageTree(repo);
    const rank = ['rank', '--repo', repo, '--cache', join(tmp, 'cache'), 'apply_discount'];
    expect(await flagsOf(rank)).toEqual({ code: 0, flags: ['lean-heap', 'one-shot-compilation'] });
    expect(await flagsOf(rank)).toEqual({ code: 0, flags: [] });
    appendFileSync(join(repo, 'src/inventory/pricing.py'), '\ndef apply_discount_twice(x):\n    return x\n');
    expect(await flagsOf(rank)).toEqual({ code: 0, flags: ['baseline-compilation'] });
  });

  it('a command with no trait (`cache stats`): the lean heap at its start', async () => {
    expect((await flagsOf(['cache', 'stats', '--cache', join(tmp, 'none')])).flags).toEqual(['lean-heap']);
  });
});
