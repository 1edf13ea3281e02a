/**
 * What the CLI shares with the tools people know, run in-process through runCli with
 * fake streams: the current folder as the repository, a positional query, stdin,
 * usage errors for empty queries, progress on stderr, scope flags and .repomapignore,
 * the config file, and messages without internal module prefixes.
 */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/io.js';
import { INDEX_PROGRESS_DEFAULTS } from '../../../src/cli/progress.js';
import { makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';
import { runCliCaptured, type CliRun } from '../../run-cli.js';
import { fixtureCopy } from '../../fixture-copy.js';

const FIXTURE = fixtureCopy('python-inventory');

let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-cli-conventions-');
});
afterAll(() => removeTemp(tmp));

function run(argv: string[], extra: Partial<CliIo> & { tty?: boolean } = {}): Promise<CliRun> {
  return runCliCaptured(argv, { cwd: FIXTURE, ...extra });
}

/** A copy of the fixture that a test may add files to. */
function copy(name: string): string {
  const dir = join(tmp, name);
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

const ranked = (stdout: string): string[] => [...stdout.matchAll(/^\s*\d+\. \d\.\d{4} {2}(\S+)$/gm)].map((m) => m[1]!);

describe('the repository and the query', () => {
  it('without --repo, rank, pack and explain work on the current folder', async () => {
    const rank = await run(['rank', 'apply_discount', '--top', '1']);
    expect(rank.code).toBe(0);
    expect(ranked(rank.stdout)).toEqual(['src/inventory/pricing.py']);
    // another working folder, another repository: nothing of the fixture's
    const elsewhere = copy('elsewhere');
    writeFileSync(join(elsewhere, 'src/inventory/pricing.py'), 'def unrelated():\n    pass\n');
    const there = await run(['rank', 'apply_discount', '--top', '50'], { cwd: join(elsewhere, 'src') });
    expect(there.code).toBe(0);
    // paths relative to that folder, and pricing.py there no longer defines apply_discount
    expect(ranked(there.stdout).every((p) => p.startsWith('inventory/'))).toBe(true);
    expect(ranked(there.stdout)[0]).not.toBe('inventory/pricing.py');
    const pack = await run(['pack', 'apply_discount', '--budget', '300']);
    expect(pack.stdout).toMatch(/^### src\/inventory\/pricing\.py/);
    const explain = await run(['explain', 'src/inventory/pricing.py', 'apply_discount', '--format', 'json']);
    expect(JSON.parse(explain.stdout)).toMatchObject({ path: 'src/inventory/pricing.py', rank: 1 });
  });

  it('the query is positional, --query or --query-file (- reads standard input): one of them', async () => {
    const positional = await run(['rank', 'apply_discount', '--format', 'json']);
    const flag = await run(['rank', '--query', 'apply_discount', '--format', 'json']);
    const stdin = await run(['rank', '--query-file', '-', '--format', 'json'], {
      stdin: Readable.from([Buffer.from('apply_'), Buffer.from('discount\n')]),
    });
    const rows = [positional, flag, stdin].map((r) => JSON.parse(r.stdout) as { top_files: string[] });
    expect(rows[1]!.top_files).toEqual(rows[0]!.top_files);
    expect(rows[2]!.top_files).toEqual(rows[0]!.top_files);
    const both = await run(['rank', 'apply_discount', '--query', 'apply_discount']);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('repomap: give the query once: QUERY and --query were both given\n');
    const noStdin = await run(['rank', '--query-file', '-']);
    expect(noStdin.code).toBe(2);
    expect(noStdin.stderr).toContain('--query-file - reads standard input');
  });

  it('an unquoted query is its words joined by spaces, in rank, pack and explain', async () => {
    const text = 'apply_discount rounds half a cent the wrong way';
    const json = async (argv: string[]): Promise<unknown> => {
      const r = await run([...argv, '--format', 'json']);
      expect(r.stderr, argv.join(' ')).toBe('');
      expect(r.code, argv.join(' ')).toBe(0);
      const row = JSON.parse(r.stdout) as Record<string, unknown>;
      // wall-clock timings are the only part two runs may differ in
      return { ...row, timing_ms: undefined };
    };
    const words = text.split(' ');
    expect(await json(['rank', ...words])).toEqual(await json(['rank', text]));
    expect(await json(['rank', ...words])).toEqual(await json(['rank', '--query', text]));
    expect(await json(['rank', ...words]), 'another query ranks otherwise').not.toEqual(
      await json(['rank', words[0]!]),
    );
    const explain = ['explain', 'src/inventory/models.py'];
    expect(await json([...explain, ...words])).toEqual(await json([...explain, '--query', text]));
    const packed = (argv: string[]): Promise<CliRun> => run([...argv, '--budget', '400']);
    expect((await packed(['pack', ...words])).stdout).toBe((await packed(['pack', '--query', text])).stdout);
    // words and --query are two queries: a usage error as before
    const both = await run(['rank', 'apply_discount', 'rounds', '--query', 'apply_discount']);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('repomap: give the query once: QUERY and --query were both given\n');
  });

  it('an empty or blank query is a usage error (exit 2), whichever way it came', async () => {
    for (const [argv, stdin] of [
      [['rank', ''], undefined],
      [['pack', '--query', '  \n\t '], undefined],
      [['explain', 'src/inventory/pricing.py', ' '], undefined],
      [['rank', '--query-file', '-'], '   \n'],
    ] as const) {
      const r = await run([...argv], stdin !== undefined ? { stdin: Readable.from([stdin]) } : {});
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^repomap: (rank|pack|explain): the query is empty\n$/);
    }
  });
});

describe('the source and scope flags', () => {
  it('an empty --repo or --commit is a usage error, not the current folder nor folder mode', async () => {
    const repo = await run(['rank', 'apply_discount', '--repo', '']);
    expect(repo.code).toBe(2);
    expect(repo.stdout).toBe('');
    expect(repo.stderr).toBe(
      'repomap: --repo is empty: give a repository folder or git directory (or leave --repo out for the git work tree holding the current folder)\n',
    );
    for (const argv of [
      ['rank', 'apply_discount', '--commit', ''],
      ['symbols', 'apply', '--commit', ''],
    ]) {
      const commit = await run(argv);
      expect(commit.code, argv.join(' ')).toBe(2);
      expect(commit.stderr).toBe(
        'repomap: --commit is empty: give a commit (sha, branch or tag), or leave --commit out to read the folder\n',
      );
    }
  });

  it('an --exclude or --include pattern the matcher cannot take is a usage error naming the flag or config key, shortened', async () => {
    const long = 'a*'.repeat(16_400);
    const flag = await run(['rank', 'apply_discount', '--exclude', 'tests/', '--exclude', long]);
    expect(flag.code).toBe(2);
    expect(flag.stdout).toBe('');
    expect(flag.stderr).toBe(
      `repomap: --exclude: pattern ${JSON.stringify(`${long.slice(0, 60)}…`)} (32800 characters) cannot be used: it is longer than 4096 characters\n`,
    );
    const repo = copy('long-pattern');
    writeFileSync(join(repo, 'repomap.config.json'), JSON.stringify({ include: [long] }));
    const config = await run(['rank', 'apply_discount', '--repo', repo]);
    expect(config.code).toBe(2);
    expect(config.stderr).toBe(
      `repomap: ${join(repo, 'repomap.config.json')}: "include": pattern ${JSON.stringify(`${long.slice(0, 60)}…`)} (32800 characters) cannot be used: it is longer than 4096 characters\n`,
    );
  });
});

describe('messages', () => {
  it('name the folder without the library module prefix', async () => {
    const missing = join(tmp, 'no-such-folder');
    const r = await run(['rank', 'x', '--repo', missing]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`repomap: folder ${missing} does not exist\n`);
  });

  it('--help says the exit codes, nothing to rank among them; rank --help what confidence means and how to act on it', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Exit codes: 0 success; 1 failure');
    expect(help.stdout).toContain('or nothing to rank (an empty or binary-only folder');
    expect(help.stdout).toContain('Without --repo, a command reads the git work tree holding the current folder');
    const rank = await run(['rank', '--help']);
    expect(rank.stdout).toContain('Confidence (0 to 1, in the header and the JSON row) is how much of what the query');
    expect(rank.stdout).toContain('it is not the chance that the first file is\nright');
    expect(rank.stdout).toContain('add what you\nknow (a path, a stack trace, a function or test name) and rank again');
  });

  it("every error starts with repomap:, the argument parser's too (exit 2 for usage)", async () => {
    const unknown = await run(['rank', 'x', '--bogus']);
    expect(unknown).toMatchObject({ code: 2, stderr: "repomap: unknown option '--bogus'\n" });
    const invalid = await run(['rank', 'x', '--top', '0']);
    expect(invalid).toMatchObject({
      code: 2,
      stderr: "repomap: option '--top <n>' argument '0' is invalid. expected a whole number ≥ 1\n",
    });
    const command = await run(['rnak', 'x']);
    expect(command.code).toBe(2);
    expect(command.stderr).toMatch(/^repomap: unknown command 'rnak'\n\(Did you mean rank\?\)\n$/);
    const own = await run(['rank', '--features', 'x']);
    expect(own).toMatchObject({ code: 2, stderr: 'repomap: --features needs --format json\n' });
  });

  it('explain on a skipped file says why it was skipped', async () => {
    const repo = copy('skipped');
    writeFiles(repo, {
      '.repomapignore': 'docs/\n',
      'docs/notes.py': 'def note():\n    pass\n',
      'static/app.min.js': 'var a=1;\n',
    });
    const ignored = await run(['explain', 'docs/notes.py', 'note', '--repo', repo, '--no-cache']);
    expect(ignored.code).toBe(1);
    expect(ignored.stderr).toBe(
      'repomap: docs/notes.py is not a file of the corpus (skipped docs/notes.py: a .repomapignore file ignores it)\n',
    );
    const minified = await run(['explain', 'static/app.min.js', 'app', '--repo', repo, '--no-cache']);
    expect(minified.stderr).toMatch(
      /^repomap: static\/app\.min\.js is not a file of the corpus \(skipped minified\/generated file static\/app\.min\.js/,
    );
  });
});

describe('progress of a long build', () => {
  // A clock that moves 2 s on every reading: every build looks long.
  const slowClock = (): (() => number) => {
    let t = 0;
    return () => (t += 2000);
  };

  it('is never shown for a build of few files, however slow the clock', async () => {
    const argv = ['rank', 'apply_discount', '--top', '1', '--no-cache'];
    for (const tty of [true, false]) {
      const r = await run(argv, { tty, now: slowClock() });
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
    }
  });

  it('is a bar on a terminal, plain lines otherwise, and nothing with --quiet, for a phase of more files than its threshold', async () => {
    const files = INDEX_PROGRESS_DEFAULTS.minFiles.parsing + 1;
    // fewer files than the reading threshold: their reading shows nothing
    expect(files).toBeLessThanOrEqual(INDEX_PROGRESS_DEFAULTS.minFiles.reading);
    const repo = join(tmp, 'many-files');
    writeFiles(
      repo,
      Object.fromEntries(
        Array.from({ length: files }, (_, i) => [`pkg/m${i}.py`, `def price_${i}():\n    return ${i}\n`]),
      ),
    );
    const argv = ['rank', 'price_7', '--top', '1', '--no-cache', '--repo', repo];
    const bar = await run(argv, { tty: true, now: slowClock() });
    expect(bar.code).toBe(0);
    expect(bar.stderr).toMatch(
      new RegExp(`rank parsing \\[.*\\] \\d+/${files} files \\| [\\d.]+/s \\| ETA \\d+(s|m\\d\\ds|h\\d\\dm)`),
    );
    expect(bar.stderr).not.toMatch(/reading|LL|NF/);
    const plain = await run(argv, { tty: false, now: slowClock() });
    const lines = plain.stderr.split('\n').filter(Boolean);
    for (const line of lines.slice(0, -1))
      expect(line).toMatch(new RegExp(`^\\[rank parsing\\] \\d+/${files} files, [\\d.]+/s, ETA \\d`));
    expect(lines.at(-1)).toMatch(new RegExp(`^\\[rank parsing\\] ${files}/${files} files, [\\d.]+/s, [\\d.]+ s$`));
    const quiet = await run([...argv, '--quiet'], { tty: true, now: slowClock() });
    expect(quiet.stderr).toBe('');
    const untimed = (s: string): string => s.replace(/index \d+ ms · rank \d+ ms/, '');
    expect(untimed(quiet.stdout)).toBe(untimed(bar.stdout));
    expect(ranked(quiet.stdout)).toEqual(['pkg/m7.py']);
  }, 60_000);
});

describe('scope: --include, --exclude and .repomapignore', () => {
  it('leave files out of the ranking', async () => {
    const all = ranked((await run(['rank', 'apply_discount', '--task', 'generic', '--top', '50'])).stdout);
    expect(all).toContain('tests/test_pricing.py');
    const excluded = ranked(
      (await run(['rank', 'apply_discount', '--task', 'generic', '--top', '50', '--exclude', 'tests/'])).stdout,
    );
    expect(excluded).toEqual(all.filter((p) => !p.startsWith('tests/')));
    const included = ranked(
      (
        await run([
          'rank',
          'apply_discount',
          '--task',
          'generic',
          '--top',
          '50',
          '--include',
          'src/inventory/*.py',
          '--include',
          'tests/',
        ])
      ).stdout,
    );
    expect(included.every((p) => /^src\/inventory\/[^/]+\.py$|^tests\//.test(p))).toBe(true);
    expect(included).toContain('src/inventory/pricing.py');
    const repo = copy('ignore-file');
    writeFileSync(join(repo, '.repomapignore'), 'tests/\n');
    const ignored = ranked(
      (await run(['rank', 'apply_discount', '--task', 'generic', '--top', '50', '--repo', repo])).stdout,
    );
    expect(ignored.filter((p) => p.startsWith('tests/'))).toEqual([]);
  });
});

describe('the config file', () => {
  it('repomap.config.json gives defaults (top, exclude, budget, tokenizer); flags win', async () => {
    const repo = copy('config');
    writeFileSync(
      join(repo, 'repomap.config.json'),
      JSON.stringify({ top: 2, exclude: ['tests/'], budget: 120, tokenizer: 'regex' }),
    );
    const r = await run(['rank', 'apply_discount', '--task', 'generic', '--repo', repo]);
    expect(ranked(r.stdout)).toEqual(['src/inventory/pricing.py', 'src/inventory/checkout.py']);
    const flags = await run([
      'rank',
      'apply_discount',
      '--task',
      'generic',
      '--repo',
      repo,
      '--top',
      '3',
      '--exclude',
      'README.md',
    ]);
    expect(ranked(flags.stdout)).toHaveLength(3);
    expect(ranked(flags.stdout)).toContain('tests/test_pricing.py');
    const pack = await run(['pack', 'apply_discount', '--repo', repo, '--format', 'json']);
    expect(JSON.parse(pack.stdout)).toMatchObject({ budget: 120, tokenizer: 'regex' });
  });

  it('the "repomap" key of package.json does too', async () => {
    const repo = copy('package-key');
    writeFileSync(join(repo, 'package.json'), JSON.stringify({ name: 'shop', repomap: { top: 1 } }));
    expect(ranked((await run(['rank', 'apply_discount'], { cwd: repo })).stdout)).toEqual(['src/inventory/pricing.py']);
  });

  it('a package.json that is not JSON gives no config: the command runs on with a note (none with --quiet)', async () => {
    const repo = copy('broken-package');
    const manifest = join(repo, 'package.json');
    writeFileSync(manifest, '{ "name": "shop", "version": {{VERSION}} }');
    const r = await run(['rank', 'apply_discount', '--top', '1'], { cwd: repo });
    expect(r.code).toBe(0);
    expect(ranked(r.stdout)).toEqual(['src/inventory/pricing.py']);
    expect(r.stderr).toMatch(
      new RegExp(
        `^repomap: note: cannot read ${manifest.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\(.*JSON.*\\); no "repomap" config taken from it\n$`,
      ),
    );
    expect((await run(['rank', 'apply_discount', '--top', '1', '--quiet'], { cwd: repo })).stderr).toBe('');
  });

  it('an unknown key or a wrong type is a usage error naming the file and the key', async () => {
    const repo = copy('bad-config');
    const file = join(repo, 'repomap.config.json');
    writeFileSync(file, JSON.stringify({ top: 2, budgte: 100 }));
    const unknown = await run(['rank', 'x', '--repo', repo]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      `repomap: ${file}: unknown key "budgte" (known: top, budget, tokenizer, exclude, include)\n`,
    );
    writeFileSync(file, JSON.stringify({ tokenizer: 'gpt2' }));
    const wrong = await run(['pack', 'x', '--repo', repo]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(
      new RegExp(`^repomap: ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: "tokenizer": `),
    );
    writeFileSync(file, '{ not json');
    expect((await run(['rank', 'x', '--repo', repo])).stderr).toContain(file);
  });
});

describe('beforeCommand (where bin/repomap.js sets process-wide V8 flags)', () => {
  /** The names beforeCommand was called with during one run, and the run. */
  async function calls(argv: string[], cwd?: string): Promise<{ names: string[]; run: CliRun }> {
    const names: string[] = [];
    const r = await run(argv, {
      beforeCommand: (name) => void names.push(name),
      ...(cwd !== undefined ? { cwd } : {}),
    });
    return { names, run: r };
  }

  it('is called once with the name of the command about to run', async () => {
    const rank = await calls(['rank', 'apply_discount', '--top', '1', '--no-cache']);
    expect(rank.run.code).toBe(0);
    expect(rank.names).toEqual(['rank']);
    // also for a command that then fails on its input
    const fuse = await calls(['fuse', 'no-such-details.jsonl']);
    expect(fuse.run.code).toBe(1);
    expect(fuse.names).toEqual(['fuse']);
  });

  it('is not called for help, the version, a usage error or a config the command refuses', async () => {
    const runs: [string[], number][] = [
      [['--help'], 0],
      [['--version'], 0],
      [['help', 'pack'], 0],
      [['rank', '--help'], 0],
      [['rank', '--top', '0', 'x'], 2],
      [['nosuch'], 2],
      [['impact', '--bogus'], 2],
    ];
    for (const [argv, code] of runs) {
      const { names, run: r } = await calls(argv);
      expect(r.code, argv.join(' ')).toBe(code);
      expect(names, argv.join(' ')).toEqual([]);
    }
    const repo = copy('refused-config');
    writeFileSync(join(repo, 'repomap.config.json'), JSON.stringify({ top: 0 }));
    const refused = await calls(['rank', 'x'], repo);
    expect(refused.run.code).toBe(2);
    expect(refused.names).toEqual([]);
  });
});
