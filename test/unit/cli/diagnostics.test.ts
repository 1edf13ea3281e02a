/**
 * What rank, pack, explain and the agent tools (symbols, refs, impact, outline, status)
 * say about files they skipped or could not fully parse (issue 19, item 8), and names
 * holding newlines in their text output (item 9).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';
import { runCliCaptured } from '../../run-cli.js';

let tmp: string;
let repo: string;

const NEWLINE_NAME = 'src/new\nline.py';

beforeAll(() => {
  tmp = makeTemp('repomap-cli-diagnostics-');
  repo = join(tmp, 'repo');
  writeFiles(repo, {
    'src/pricing.py': 'from .helpers import apply_discount\n\ndef total(items):\n    return apply_discount(items)\n',
    'src/helpers.py': 'def apply_discount(items):\n    return items\n',
    'src/broken.py': 'def ok():\n    return 1\n\ndef broken(:\n',
    [NEWLINE_NAME]: 'def apply_discount_twice(items):\n    return apply_discount(apply_discount(items))\n',
    'assets/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
  });
  execFileSync('mkfifo', [join(repo, 'pipe')]);
});
afterAll(() => removeTemp(tmp));

function run(argv: string[]) {
  return runCliCaptured([...argv, '--repo', repo, '--no-cache'], { cwd: tmp });
}

const EXPECTED = [
  { file: 'assets/logo.png', code: 'skipped-binary', message: expect.stringContaining('assets/logo.png') },
  { file: 'pipe', code: 'skipped-special', message: 'skipped FIFO pipe (not a regular file)' },
  { file: 'src/broken.py', code: 'parse-error', message: expect.stringContaining('syntax error') },
];

describe('diagnostics in the output of rank, pack and explain', () => {
  it('rank --format json carries them as {file, code, message}; stderr stays quiet', async () => {
    const r = await run(['rank', '--query', 'apply_discount', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).diagnostics).toEqual(EXPECTED);
    expect(r.stderr).toBe('');
  });

  it('rank (text) adds one summary line on stderr; --diagnostics lists each file', async () => {
    const summary = await run(['rank', '--query', 'apply_discount']);
    expect(summary.stderr).toBe(
      'repomap: note: skipped: binary 1, special 1; diagnostics: parse-error 1 (--diagnostics lists them)\n',
    );
    const listed = await run(['rank', '--query', 'apply_discount', '--diagnostics']);
    expect(listed.stderr.split('\n')).toEqual([
      'repomap: 3 diagnostics:',
      expect.stringMatching(/^ {2}skipped-binary {2}assets\/logo\.png: skipped binary file assets\/logo\.png/),
      '  skipped-special  pipe: skipped FIFO pipe (not a regular file)',
      expect.stringMatching(/^ {2}parse-error {2}src\/broken\.py: \d+ syntax error nodes/),
      '',
    ]);
  });

  it('pack --format json carries them; pack (Markdown) gives the summary line', async () => {
    const json = await run(['pack', '--query', 'apply_discount', '--format', 'json']);
    expect(JSON.parse(json.stdout).diagnostics).toEqual(EXPECTED);
    expect(json.stderr).toBe('');
    const markdown = await run(['pack', '--query', 'apply_discount']);
    expect(markdown.stderr).toMatch(/^repomap: note: skipped: binary 1, special 1; diagnostics: parse-error 1/);
  });

  it('explain --format json carries them too', async () => {
    const r = await run(['explain', '--query', 'apply_discount', '--format', 'json', 'src/helpers.py']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).diagnostics).toEqual(EXPECTED);
  });
});

describe('diagnostics in the output of the agent tools', () => {
  it('symbols, refs, impact, outline and status in JSON carry them; stderr stays quiet', async () => {
    for (const argv of [
      ['symbols', 'apply_discount'],
      ['refs', 'apply_discount'],
      ['impact', '--file', 'src/helpers.py'],
      ['outline', 'src/helpers.py'],
      ['status'],
    ]) {
      const r = await run([...argv, '--format', 'json']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).diagnostics).toEqual(EXPECTED);
      expect(r.stderr).toBe('');
    }
  });

  it('in text they give the summary line (none with --quiet), and --diagnostics lists each file', async () => {
    const summary = await run(['symbols', 'apply_discount']);
    expect(summary.stderr).toBe(
      'repomap: note: skipped: binary 1, special 1; diagnostics: parse-error 1 (--diagnostics lists them)\n',
    );
    expect((await run(['status', '--quiet'])).stderr).toBe('');
    const listed = await run(['refs', 'apply_discount', '--diagnostics', '--quiet']);
    expect(listed.stderr.split('\n')[0]).toBe('repomap: 3 diagnostics:');
    expect(listed.stderr).toContain('\n  skipped-special  pipe: skipped FIFO pipe (not a regular file)\n');
  });
});

describe('skipped files', () => {
  it('are counted by rule with one name and one count: the note, status and the rank header agree', async () => {
    const vendored = join(tmp, 'vendored');
    writeFiles(vendored, {
      'src/app.py': 'def apply_discount(items):\n    return items\n',
      ...Object.fromEntries(
        [1, 2, 3, 4, 5, 6].map((i) => [`node_modules/pkg${i % 2}/m${i}.js`, `exports.m${i} = ${i};\n`]),
      ),
      'vendor/lib/a.py': 'A = 1\n',
      'vendor/lib/b.py': 'B = 2\n',
    });
    const at = (argv: string[]) => runCliCaptured([...argv, '--repo', vendored, '--no-cache'], { cwd: tmp });
    const rank = await at(['rank', 'apply_discount']);
    expect(rank.stdout.split('\n')[0]).toContain('(1 parsed; skipped: vendored 8)');
    expect(rank.stderr).toBe('repomap: note: skipped: vendored 8 (--diagnostics lists them)\n');
    const status = await at(['status']);
    expect(status.stdout).toContain('\nskipped      vendored 8\n');
    expect(status.stderr).toBe(rank.stderr);
  });

  it('with --diagnostics, no line says that --diagnostics lists them', async () => {
    for (const argv of [
      ['rank', 'apply_discount'],
      ['pack', 'apply_discount'],
      ['explain', 'src/helpers.py', 'apply_discount'],
      ['symbols', 'apply_discount'],
      ['refs', 'apply_discount'],
      ['impact', '--file', 'src/helpers.py'],
      ['outline', 'src/helpers.py'],
      ['status'],
    ]) {
      for (const format of [[], ['--format', 'json']]) {
        const r = await run([...argv, ...format, '--diagnostics']);
        expect(r.code).toBe(0);
        expect(r.stderr.split('\n')[0]).toBe('repomap: 3 diagnostics:');
        expect(r.stderr).not.toContain('--diagnostics');
      }
    }
  });
});

describe('a file name holding a newline', () => {
  it('is indexed, and printed quoted and escaped on one line by rank, pack and explain', async () => {
    const rank = await run(['rank', '--query', 'apply_discount_twice']);
    expect(rank.stdout).toContain(`  "src/new\\nline.py"\n`);
    const pack = await run(['pack', '--query', 'apply_discount_twice']);
    expect(pack.stdout).toContain('### "src/new\\nline.py"\n');
    const explain = await run(['explain', '--query', 'apply_discount_twice', NEWLINE_NAME]);
    expect(explain.stdout.split('\n')[0]).toMatch(/^src\/new\\nline\.py · rank 1 of/);
    for (const out of [rank.stdout, pack.stdout, explain.stdout]) {
      // no line starts where the name's newline would have broken it
      expect(out.split('\n').some((l) => l.startsWith('line.py'))).toBe(false);
    }
    // JSON keeps the name as it is
    const json = await run(['rank', '--query', 'apply_discount_twice', '--format', 'json']);
    expect(JSON.parse(json.stdout).top_files[0]).toBe(NEWLINE_NAME);
  });

  it('is printed quoted and escaped on one line by symbols, refs, impact and outline', async () => {
    const quoted = '"src/new\\nline.py"';
    const symbols = await run(['symbols', 'apply_discount_twice']);
    expect(symbols.stdout).toContain(`\n${quoted}:1-2  function apply_discount_twice  (exact)\n`);
    const refs = await run(['refs', 'apply_discount']);
    expect(refs.stdout).toContain(`\n${quoted}  1 call, 1 reference · via same-module\n`);
    const impact = await run(['impact', '--file', NEWLINE_NAME]);
    expect(impact.stdout.split('\n')[0]).toMatch(/^edit of "src\/new\\nline\.py" · confidence/);
    const outline = await run(['outline', NEWLINE_NAME]);
    expect(outline.stdout.split('\n')[0]).toMatch(/^"src\/new\\nline\.py" · python · 1 definition/);
    for (const out of [symbols.stdout, refs.stdout, impact.stdout, outline.stdout]) {
      expect(out.split('\n').some((l) => l.startsWith('line.py'))).toBe(false);
    }
    const json = await run(['symbols', 'apply_discount_twice', '--format', 'json']);
    expect(JSON.parse(json.stdout).matches[0].path).toBe(NEWLINE_NAME);
  });
});
