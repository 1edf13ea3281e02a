/**
 * The README's two commands, run by sh in a temp folder with an `npm` and an `npx` of the
 * test's own that only log their arguments: each works on a fresh clone alone (it
 * installs), and the second does not install again after the first. And CI (.ci/run)
 * runs the README's test command after its own clean install. And the README's MCP client
 * entry is JSON naming the server's command, arguments and tags cache.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTemp, removeTemp } from './corpus/helpers.js';

const ROOT = join(import.meta.dirname, '../..');

/** The commands of the README's "The two commands" code block: its lines that are not comments or blank. */
function readmeCommands(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## The two commands'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

let tmp: string;
let clone: string;
const log = (): string => join(tmp, 'calls.log');
beforeAll(() => {
  tmp = makeTemp('repomap-readme-');
  clone = join(tmp, 'clone');
  mkdirSync(clone);
  const bin = join(tmp, 'bin');
  mkdirSync(bin);
  for (const tool of ['npm', 'npx']) {
    // `npm ci` makes node_modules, as the real one does
    const make = tool === 'npm' ? '[ "$1" = ci ] && mkdir -p node_modules\n' : '';
    writeFileSync(join(bin, tool), `#!/bin/sh\necho "${tool} $1\${2:+ $2}" >> "${log()}"\n${make}exit 0\n`);
    chmodSync(join(bin, tool), 0o755);
  }
});
afterAll(() => removeTemp(tmp));

/** Runs a README command in the clone; the tools it called, one `tool` and its first two arguments a line. */
function run(command: string): string[] {
  rmSync(log(), { force: true });
  const r = spawnSync('sh', ['-c', command], {
    cwd: clone,
    env: { ...process.env, PATH: `${join(tmp, 'bin')}:${process.env.PATH}` },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return readFileSync(log(), 'utf8').trim().split('\n');
}

describe("the README's two commands", () => {
  it('are two: ranking the example, then the test suite', () => {
    const commands = readmeCommands();
    expect(commands).toHaveLength(2);
    expect(commands[0]).toMatch(/npx repomap rank /);
    expect(commands[1]).toMatch(/npm test$/);
  });

  it('each installs on a fresh clone; the test suite does not install again after the ranking did', () => {
    const [rank, test] = readmeCommands() as [string, string];
    rmSync(join(clone, 'node_modules'), { recursive: true, force: true });
    expect(run(test)).toEqual(['npm ci', 'npm test']);
    rmSync(join(clone, 'node_modules'), { recursive: true, force: true });
    expect(run(rank)).toEqual(['npm ci', 'npm run build', 'npx repomap rank']);
    expect(run(test)).toEqual(['npm test']);
  });

  it('the ranking builds dist/ itself: installing runs no build (npm pack builds in prepack)', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(Object.keys(scripts).filter((name) => /^(pre|post)?(install|prepare)$/.test(name))).toEqual([]);
    expect(scripts.prepack).toMatch(/npm run build$/);
    const [rank] = readmeCommands() as [string];
    const calls = run(rank);
    expect(calls.indexOf('npm run build')).toBeGreaterThan(calls.indexOf('npm ci'));
    expect(calls.indexOf('npm run build')).toBeLessThan(calls.indexOf('npx repomap rank'));
  });

  it('CI runs the test command after its own clean install', () => {
    const steps = readFileSync(join(ROOT, '.ci/run'), 'utf8')
      .split('\n')
      .filter((line) => /^npm /.test(line));
    expect(steps.indexOf('npm test')).toBeGreaterThan(steps.indexOf('npm ci'));
    expect(steps.indexOf('npm ci')).toBeGreaterThanOrEqual(0);
  });
});

describe("the README's MCP client entry", () => {
  it('is JSON an agent takes as it is: the server started as `repomap mcp --repo`, with the tags cache in env', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## MCP server'));
    const entry = (
      JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!) as {
        mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }>;
      }
    ).mcpServers.repomap!;
    expect([entry.command, ...entry.args].join(' ')).toMatch(/^npx repomap mcp --repo \S+$/);
    expect(Object.keys(entry.env)).toEqual(['REPOMAP_CACHE']);
  });
});
