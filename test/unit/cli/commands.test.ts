/**
 * The command table (src/cli/commands.ts) that the daemon's protocol and the process
 * flags derive from: it names exactly the commands the CLI has, and each trait says what
 * the daemon serves and what waits for a build.
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS, traitsOf } from '../../../src/cli/commands.js';
import { DAEMON_COMMANDS } from '../../../src/cli/daemon-protocol.js';
import { runCliCaptured } from '../../run-cli.js';

describe('COMMANDS', () => {
  it('has one row per command `repomap --help` lists, and no other', async () => {
    const help = await runCliCaptured(['--help'], { cwd: import.meta.dirname });
    expect(help.code).toBe(0);
    const listed = help.stdout
      .slice(help.stdout.indexOf('Commands:'))
      .split('\n')
      .flatMap((line) => /^ {2}([a-z]+)\b/.exec(line)?.[1] ?? [])
      .filter((name) => name !== 'help');
    expect(listed.length).toBeGreaterThan(10);
    expect(Object.keys(COMMANDS).sort()).toEqual([...listed].sort());
  });

  it("the daemon serves the index commands, in the table's order", () => {
    expect(DAEMON_COMMANDS).toEqual(['rank', 'pack', 'explain', 'symbols', 'refs', 'impact', 'outline', 'status']);
    for (const name of DAEMON_COMMANDS)
      expect(traitsOf(name)).toEqual({ oneShot: true, daemonServed: true, needsIndex: true });
  });

  it("mcp is one-shot but opens its indexes as it is asked; a subcommand's name or an unknown one has no trait", () => {
    expect(traitsOf('mcp')).toEqual({ oneShot: true, daemonServed: false, needsIndex: false });
    for (const name of ['eval', 'start', 'prune', 'toString', 'constructor', '']) {
      expect(traitsOf(name)).toEqual({ oneShot: false, daemonServed: false, needsIndex: false });
    }
  });
});
