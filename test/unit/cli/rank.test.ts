/**
 * `repomap rank`, run in-process through runCli with fake streams, in the
 * python-inventory fixture (the current folder, so no --repo) and on a temp git repo.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitAll, initRepo, makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';
import type { toDetailsRow } from '../../../src/render/index.js';
import { runCliCaptured, type CliRun } from '../../run-cli.js';
import { IndexMemory } from '../../../src/cli/index-memory.js';
import { fixtureCopy } from '../../fixture-copy.js';

/** The fixture the runs are in unless they say otherwise: without --repo, rank ranks it. */
const FIXTURE = fixtureCopy('python-inventory');

function run(argv: string[], cwd = FIXTURE): Promise<CliRun> {
  // rank caches tags by default: keep the cache in this file's temp folder, never in ~/.cache
  return runCliCaptured(argv, { cwd, env: { ...process.env, REPOMAP_CACHE: join(tmp, 'tags-cache') } });
}

/** The row `rank --format json` prints: the one `toDetailsRow` writes. */
type DetailsRow = ReturnType<typeof toDetailsRow>;

async function runJson(argv: string[], cwd?: string): Promise<{ row: DetailsRow; stdout: string }> {
  const r = await run([...argv, '--format', 'json'], cwd);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const lines = r.stdout.split('\n');
  expect(lines.length, 'one row and a final newline').toBe(2);
  expect(lines[1]).toBe('');
  return { row: JSON.parse(lines[0]!) as DetailsRow, stdout: r.stdout };
}

/** The JSON output with its wall-clock timings zeroed: everything else must match byte for byte. */
function withoutTimings(stdout: string): string {
  const row = JSON.parse(stdout) as DetailsRow;
  return JSON.stringify({ ...row, timing_ms: { index: 0, rank: 0 } });
}

/** The text output with its header's wall-clock timings zeroed. */
function textWithoutTimings(stdout: string): string {
  return stdout.replace(/index \d+ ms · rank \d+ ms/, 'index 0 ms · rank 0 ms');
}

/** Files of the default fixture (python-inventory), as a corpus sees them. */
const FIXTURE_FILES = 13;

let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-cli-rank-');
});
afterAll(() => removeTemp(tmp));

function writeTemp(name: string, content: string): string {
  const file = join(tmp, name);
  writeFileSync(file, content);
  return file;
}

describe('rank on the current folder (no --repo)', () => {
  it('prints a ranked table with reasons and exits 0', async () => {
    const r = await run(['rank', '--query', 'apply_discount rounds half a cent the wrong way']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^task issue2code · confidence [01]\.\d\d · 13 files \(11 parsed\)/);
    // pricing.py defines apply_discount: first, with that among its reasons
    expect(lines[2]).toMatch(/^ ?1\. \d\.\d{4} {2}src\/inventory\/pricing\.py$/);
    expect(lines.slice(3, 6).some((l) => /^\s+- defines apply_discount named in the query/.test(l))).toBe(true);
    const rows = lines.filter((l) => /^\s*\d+\. \d\.\d{4} {2}\S/.test(l));
    expect(rows).toHaveLength(FIXTURE_FILES);
    expect(r.stdout.endsWith('\n')).toBe(true);
  });

  it('names the functions likely to change under the first files of a bug report, with their lines', async () => {
    const r = await run(['rank', '--query', 'apply_discount rounds half a cent the wrong way', '--top', '8']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const fileAt = lines.map((l, i) => (/^\s*\d+\. \d\.\d{4} {2}\S/.test(l) ? i : -1)).filter((i) => i >= 0);
    // each file's block: its row, its reasons, then at most one `likely to change` line, last
    const blocks = fileAt.map((at, k) => lines.slice(at + 1, fileAt[k + 1] ?? lines.length - 1));
    const named = blocks.map((b) => b.filter((l) => l.includes('likely to change: ')));
    expect(named.every((n) => n.length <= 1)).toBe(true);
    expect(named[0]![0]).toMatch(/^ {11}likely to change: apply_discount \(34-40\), /);
    expect(blocks[0]!.at(-1)).toBe(named[0]![0]);
    // the first TEXT_FUNCTION_FILES files only (those with functions); none past them
    expect(named.slice(5).every((n) => n.length === 0)).toBe(true);
    expect(named.slice(0, 5).filter((n) => n.length === 1).length).toBeGreaterThanOrEqual(2);
    // the JSON details row ranks the same files (functions take no part in the ranking)
    const { row } = await runJson(['rank', '--query', 'apply_discount rounds half a cent the wrong way', '--top', '8']);
    expect(fileAt.map((at) => lines[at]!.trim().split(/\s+/)[2])).toEqual(row.top_files.slice(0, 8));
    // other tasks have no function stage
    const trace = await run(['rank', '--query', 'apply_discount', '--task', 'code2test']);
    expect(trace.stdout).not.toContain('likely to change');
  });

  it('--top limits the rows of the table, and the files of the JSON row', async () => {
    const r = await run(['rank', '--query', 'apply_discount', '--top', '3']);
    expect(r.code).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => /^\s*\d+\. \d\.\d{4} {2}\S/.test(l));
    expect(rows.map((l) => l.trim().split(/\s+/)[0])).toEqual(['1.', '2.', '3.']);
    const { row } = await runJson(['rank', '--query', 'apply_discount', '--top', '3']);
    expect(row.top_files).toEqual(rows.map((l) => l.trim().split(/\s+/)[2]));
    expect(row.scores).toHaveLength(3);
    expect(Object.keys(row.reasons)).toEqual(row.top_files);
  });

  it('--format json prints one contract details row', async () => {
    const { row } = await runJson(['rank', '--query', 'apply_discount']);
    // --top files, 20 by default (the contract's deepest cut-off): all of the fixture's
    expect(row.top_files).toHaveLength(Math.min(20, FIXTURE_FILES));
    expect(new Set(row.top_files).size, 'no duplicates').toBe(row.top_files.length);
    expect(row.top_files[0]).toBe('src/inventory/pricing.py');
    expect(row.scores).toHaveLength(row.top_files.length);
    for (let i = 1; i < row.scores.length; i++) expect(row.scores[i - 1]!).toBeGreaterThanOrEqual(row.scores[i]!);
    expect(row.confidence).toBeGreaterThanOrEqual(0);
    expect(row.confidence).toBeLessThanOrEqual(1);
    expect(row.task_type).toBe('issue2code');
    expect(row.abstain).toBe(false);
    expect(typeof row.timing_ms.index).toBe('number');
    expect(typeof row.timing_ms.rank).toBe('number');
    expect(row.timing_ms.index).toBeGreaterThanOrEqual(0);
    expect(row.timing_ms.rank).toBeGreaterThanOrEqual(0);
    for (const path of Object.keys(row.reasons)) expect(row.top_files).toContain(path);
    expect(row.reasons['src/inventory/pricing.py']!.join(' ')).toContain('apply_discount');
    // no sample fields without a sample
    expect(row).not.toHaveProperty('sample_id');
    expect(row).not.toHaveProperty('base_commit');
  });

  it('--task overrides the inferred task', async () => {
    const { row } = await runJson(['rank', '--query', 'apply_discount', '--task', 'code2test']);
    expect(row.task_type).toBe('code2test');
    // code2test favours tests: the test of apply_discount outranks its definer
    expect(row.top_files.indexOf('tests/test_pricing.py')).toBeLessThan(
      row.top_files.indexOf('src/inventory/pricing.py'),
    );
  });
});

describe('--query-file', () => {
  it('plain text ranks exactly like the same --query', async () => {
    const text = 'apply_discount rounds half a cent the wrong way';
    const file = writeTemp('query.txt', text);
    const fromFile = await runJson(['rank', '--query-file', file]);
    const inline = await runJson(['rank', '--query', text]);
    expect(withoutTimings(fromFile.stdout)).toBe(withoutTimings(inline.stdout));
  });

  it('an ARB query object: fields give structure (task inferred from changed_files)', async () => {
    const file = writeTemp(
      'query-object.json',
      JSON.stringify({
        pr_title: 'Accept version-1 records whose price is stored as a string',
        changed_files: ['src/inventory/storage/backend.py'],
        change_summary: ['parse_record', 'JsonFileBackend.load'],
      }),
    );
    const { row } = await runJson(['rank', '--query-file', file]);
    expect(row.task_type).toBe('code2test');
    // the test mirroring storage/backend.py is what a code2test query wants
    expect(row.top_files.indexOf('tests/storage/test_backend.py')).toBeLessThan(2);
  });

  const sampleRow = (gold: Record<string, unknown>) => ({
    id: 'inv-0001',
    repo: 'example/python-inventory',
    base_commit: 'a'.repeat(40),
    task_type: 'trace2code',
    query: { text: 'apply_discount returns 3 where 2 was expected' },
    gold,
    metadata: { source: 'hand-written' },
  });

  it('a whole ARB sample row: task from task_type, sample fields copied into the row', async () => {
    const file = writeTemp('sample.json', JSON.stringify(sampleRow({ files: ['src/inventory/pricing.py'] })));
    const { row } = await runJson(['rank', '--query-file', file]);
    expect(row.sample_id).toBe('inv-0001');
    expect(row.repo).toBe('example/python-inventory');
    expect(row.base_commit).toBe('a'.repeat(40));
    // the query alone ({text}) would be issue2code: the task came from task_type
    expect(row.task_type).toBe('trace2code');
    const queryOnly = writeTemp('sample-query-only.json', JSON.stringify(sampleRow({}).query));
    expect((await runJson(['rank', '--query-file', queryOnly])).row.task_type).toBe('issue2code');
  });

  it("a sample row's gold never influences the output (byte for byte, timings aside)", async () => {
    const a = writeTemp('sample-gold-a.json', JSON.stringify(sampleRow({ files: ['src/inventory/pricing.py'] })));
    // gold naming other files and symbols: if it leaked into the cues, README/pyproject/backend would move
    const b = writeTemp(
      'sample-gold-b.json',
      JSON.stringify(
        sampleRow({
          files: ['README.md', 'pyproject.toml'],
          related_tests: ['tests/storage/test_backend.py'],
          root_cause_files: ['src/inventory/storage/backend.py'],
          note: 'parse_record JsonFileBackend low_stock',
        }),
      ),
    );
    const ra = await runJson(['rank', '--query-file', a]);
    const rb = await runJson(['rank', '--query-file', b]);
    expect(withoutTimings(rb.stdout)).toBe(withoutTimings(ra.stdout));
    const ta = await run(['rank', '--query-file', a]);
    const tb = await run(['rank', '--query-file', b]);
    expect(textWithoutTimings(tb.stdout)).toBe(textWithoutTimings(ta.stdout));
  });

  it('a UTF-16 file (either byte-order mark) ranks like the same text in UTF-8', async () => {
    const text = 'apply_discount rounds half a cent the wrong way';
    const inline = await runJson(['rank', '--query', text]);
    const le = join(tmp, 'query-utf16le.txt');
    writeFileSync(le, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    const be = join(tmp, 'query-utf16be.txt');
    writeFileSync(be, Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]));
    for (const file of [le, be])
      expect(withoutTimings((await runJson(['rank', '--query-file', file])).stdout), file).toBe(
        withoutTimings(inline.stdout),
      );
    const stdin = await runCliCaptured(['rank', '--query-file', '-', '--format', 'json'], {
      cwd: FIXTURE,
      env: { ...process.env, REPOMAP_CACHE: join(tmp, 'tags-cache') },
      stdin: Readable.from([readFileSync(le)]),
    });
    expect(withoutTimings(stdin.stdout)).toBe(withoutTimings(inline.stdout));
    // a lone `-` as QUERY reads standard input too (`git diff | repomap rank -`), not the text "-"
    const dash = await runCliCaptured(['rank', '-', '--format', 'json'], {
      cwd: FIXTURE,
      env: { ...process.env, REPOMAP_CACHE: join(tmp, 'tags-cache') },
      stdin: Readable.from([readFileSync(le)]),
    });
    expect(withoutTimings(dash.stdout)).toBe(withoutTimings(inline.stdout));
  });

  it('a query longer than the cues read is ranked from its start, with a note saying it was cut', async () => {
    const long = `apply_discount rounds half a cent the wrong way\n${'INFO heartbeat ok\n'.repeat(20_000)}`;
    const file = writeTemp('long-query.txt', long);
    const text = await run(['rank', '--query-file', file, '--top', '1']);
    expect(text.code).toBe(0);
    expect(text.stderr).toBe(
      `repomap: note: the query has ${long.length} characters, over the 262144 its cues are read from (cues.maxQueryChars): its longest text was cut to 262144 in all, each long field keeping its start\n`,
    );
    const json = await run(['rank', '--query-file', file, '--format', 'json']);
    expect((JSON.parse(json.stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code)).toEqual([
      'query-cut',
    ]);
  });

  it('a query object with no text is empty: a usage error, as `rank ""` is', async () => {
    for (const [name, content] of [
      ['empty-query.json', { query: {} }],
      ['blank-query.json', { query: { text: '  ', changed_files: [] }, gold: { files: ['README.md'] } }],
      ['no-fields.json', {}],
    ] as const) {
      const r = await run(['rank', '--query-file', writeTemp(name, JSON.stringify(content))]);
      expect(r.code, name).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe('repomap: rank: the query is empty: its JSON object holds no text\n');
    }
  });

  // BUG (src/cli/rank.ts:67): a relative --query-file is read against process.cwd(),
  // not io.cwd like --repo (rank.ts:44 resolves --repo with `resolve(io.cwd, …)`).
  // `readQueryFile(flags.queryFile)` should be `readQueryFile(resolve(io.cwd, flags.queryFile))`.
  it('a relative --query-file is read from the CLI working folder (io.cwd), like --repo', async () => {
    const dir = join(tmp, 'cwd-for-query');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'q.txt'), 'apply_discount');
    const r = await run(['rank', '--query-file', 'q.txt'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});

describe('--repo and --commit', () => {
  let repo: string;
  let first: string;
  let second: string;
  beforeAll(() => {
    repo = initRepo(tmp, 'git-repo');
    writeFiles(repo, {
      'app/legacy_pricing.py': 'def legacy_discount_rule(total):\n    return total * 0.9\n',
      'app/util.py': 'def clamp_value(x, lo, hi):\n    return max(lo, min(hi, x))\n',
    });
    first = commitAll(repo, 'first');
    removeTemp(join(repo, 'app/legacy_pricing.py'));
    writeFiles(repo, {
      'app/modern_pricing.py':
        'from app.util import clamp_value\n\ndef modern_discount_rule(total):\n    return clamp_value(total, 0, 100)\n',
    });
    second = commitAll(repo, 'second');
  });

  it('--repo ranks the folder as it is on disk (the latest state)', async () => {
    const { row } = await runJson(['rank', '--repo', repo, '--query', 'modern_discount_rule']);
    expect(row.top_files[0]).toBe('app/modern_pricing.py');
    expect(row.top_files).not.toContain('app/legacy_pricing.py');
  });

  it('--commit reads the tree at an older commit, and a relative --repo is resolved from the working folder', async () => {
    const { row } = await runJson(
      ['rank', '--repo', 'git-repo', '--commit', first, '--query', 'legacy_discount_rule'],
      tmp,
    );
    expect(row.top_files).toEqual(['app/legacy_pricing.py', 'app/util.py']);
    expect(row.base_commit).toBe(first);
    expect(row.reasons['app/legacy_pricing.py']!.join(' ')).toContain('legacy_discount_rule');
    const latest = await runJson(['rank', '--repo', repo, '--commit', second, '--query', 'legacy_discount_rule']);
    expect(latest.row.top_files).not.toContain('app/legacy_pricing.py');
    expect(latest.row.top_files).toContain('app/modern_pricing.py');
  });

  it('--commit accepts any commit-ish (HEAD~1) and reads that tree', async () => {
    const { row } = await runJson(['rank', '--repo', repo, '--commit', 'HEAD~1', '--query', 'legacy_discount_rule']);
    expect(row.top_files).toContain('app/legacy_pricing.py');
    expect(row.top_files).not.toContain('app/modern_pricing.py');
  });

  // The eval contract defines base_commit as the 40-hex commit, whatever was typed.
  it('the details row names the resolved 40-hex base_commit, not the commit-ish typed', async () => {
    const { row } = await runJson(['rank', '--repo', repo, '--commit', 'HEAD~1', '--query', 'legacy_discount_rule']);
    expect(row.base_commit).toBe(first);
  });

  it('a bare repository without --commit is read at HEAD, not walked as a folder of git objects', async () => {
    const bare = join(tmp, 'bare-repo.git');
    execFileSync('git', ['clone', '-q', '--bare', repo, bare]);
    const { row } = await runJson(['rank', '--repo', bare, '--query', 'modern_pricing']);
    expect(row.top_files).toContain('app/modern_pricing.py');
    expect(row.top_files.some((p) => p.startsWith('objects/') || p === 'HEAD')).toBe(false);
    expect(row.base_commit).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('the index time', () => {
  it("of an index served from a daemon's memory or loaded from its snapshot is the command's own, not its build's", async () => {
    const memory = new IndexMemory();
    // the clock the command reads stands still (runCliCaptured's): a load takes 0 ms by it; a build's stages time themselves
    const io = {
      cwd: FIXTURE,
      env: { ...process.env, REPOMAP_CACHE: join(tmp, 'index-time-cache') },
      memory,
      defer: (work: () => void | Promise<void>) => memory.defer(work),
    };
    const argv = ['rank', 'apply_discount', '--format', 'json'];
    const built = await runCliCaptured(argv, io);
    expect(built.code).toBe(0);
    await memory.settle((error) => {
      throw error;
    });
    const served = await runCliCaptured(argv, io);
    expect(JSON.parse(served.stdout).timing_ms.index).toBe(0);
    const loaded = await runCliCaptured(['rank', 'apply_discount'], { cwd: io.cwd, env: io.env });
    expect(loaded.stdout.split('\n')[0]).toMatch(/ · index 0 ms · rank \d+ ms$/);
  });
});

describe('errors', () => {
  it('no query: usage error 2 with a message', async () => {
    const r = await run(['rank']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/--query/);
    expect(r.stderr).toMatch(/--query-file/);
  });

  it('both --query and --query-file: usage error 2', async () => {
    const file = writeTemp('both.txt', 'apply_discount');
    const r = await run(['rank', '--query', 'apply_discount', '--query-file', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/give the query once: --query and --query-file were both given/);
  });

  it('a --query-file that starts with { but is not JSON: failure 1 naming the file', async () => {
    const file = writeTemp('broken.json', '{ "pr_title": ');
    const r = await run(['rank', '--query-file', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^repomap: --query-file \S*broken\.json starts with "\{" but is not valid JSON: /);
  });

  it('unknown --task: usage error 2 naming the value and the choices', async () => {
    const r = await run(['rank', '--query', 'x', '--task', 'summarize']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('summarize');
    expect(r.stderr).toContain('trace2code');
  });

  it('missing --repo folder: failure 1 naming the folder', async () => {
    const r = await run(['rank', '--query', 'x', '--repo', 'no-such-repo'], tmp);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(join(tmp, 'no-such-repo'));
  });

  it('bad --commit: failure 1 naming the commit', async () => {
    const repo = initRepo(tmp, 'bad-commit-repo');
    writeFiles(repo, { 'a.py': 'x = 1\n' });
    commitAll(repo, 'only');
    const bad = '0123456789abcdef0123456789abcdef01234567';
    const r = await run(['rank', '--query', 'x', '--repo', repo, '--commit', bad]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(bad);
    const branch = await run(['rank', '--query', 'x', '--repo', repo, '--commit', 'no-such-branch']);
    expect(branch.code).toBe(1);
    expect(branch.stderr).toContain('no-such-branch');
  });

  it('unreadable --query-file: failure 1 naming it', async () => {
    const missing = join(tmp, 'no-such-query.txt');
    const r = await run(['rank', '--query-file', missing]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(missing);
    // a folder is not readable as a file either
    const dir = join(tmp, 'a-folder');
    mkdirSync(dir, { recursive: true });
    const d = await run(['rank', '--query-file', dir]);
    expect(d.code).toBe(1);
    expect(d.stderr).toContain(dir);
  });
});
