/**
 * The built binary as a user runs it: `npm run build`, then `node bin/repomap.js` as a
 * child process with the real streams and exit code (stdin, pipes, --version).
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFiles } from '../corpus/helpers.js';

const ROOT = join(import.meta.dirname, '../../..');
const BIN = join(ROOT, 'bin/repomap.js');
const FIXTURE = join(ROOT, 'fixtures/repos/python-inventory');
const run = promisify(execFile);

describe('bin/repomap.js (built)', () => {
  // rank caches tags by default: a temp folder, never the user's ~/.cache
  const tmp = mkdtempSync(join(tmpdir(), 'repomap-bin-'));
  const env = { ...process.env, REPOMAP_CACHE: join(tmp, 'cache') };
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  beforeAll(() => {
    // stdio piped so a failed build shows tsc's errors in the test failure
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe', encoding: 'utf8' });
  }, 120_000);

  it('rank "QUERY" --top 3 in a repository folder ranks that folder, exits 0 and names the defining file', async () => {
    const { stdout, stderr } = await run(process.execPath, [BIN, 'rank', 'apply_discount', '--top', '3'], { cwd: FIXTURE, encoding: 'utf8', env });
    // execFile rejects on a non-zero exit code, so reaching here means exit 0
    expect(stderr).toBe('');
    const rows = stdout.split('\n').filter((l) => /^\s*\d+\. \d\.\d{4} {2}\S/.test(l));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^\s*1\. \d\.\d{4} {2}src\/inventory\/pricing\.py$/);
  }, 30_000);

  it('--version and -V print the package version', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const { stdout } = await run(process.execPath, [BIN, flag], { encoding: 'utf8' });
      expect(stdout).toBe(`${version}\n`);
    }
  });

  it('--query-file - reads the query from standard input', async () => {
    const child = spawn(process.execPath, [BIN, 'rank', '--repo', FIXTURE, '--query-file', '-', '--top', '1', '--format', 'json'], { env });
    child.stdin.end('FAILED tests/test_pricing.py::TestApplyDiscount::test_rounds_half_cent_to_even');
    const { code, stdout, stderr } = await finished(child);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ top_files: expect.arrayContaining(['src/inventory/pricing.py']) });
  }, 30_000);

  it('a reader that closes the pipe early (`| head -c 100`) ends it quietly with exit 0', async () => {
    // A pack larger than a pipe's buffer, so the writer is still writing when the reader leaves.
    const repo = join(tmp, 'big');
    const body = Array.from({ length: 200 }, (_, i) => `def price_rule_${i}(item):\n    return item.total * ${i} // 100\n`).join('\n');
    writeFiles(repo, Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`shop/rules_${i}.py`, body])));
    // A shell pipe (Node's own stdio pipes are sockets, whose buffers take the whole pack);
    // pipefail makes the pipeline's status repomap's.
    const pipeline = 'set -o pipefail; "$@" | head -c 100';
    const child = spawn('bash', ['-c', pipeline, 'bash', process.execPath, BIN, 'pack', '--repo', repo, 'price_rule_7 total', '--budget', '200000', '--no-cache']);
    const { code, stdout, stderr } = await finished(child);
    expect(stdout).toMatch(/^### shop\/rules_/);
    expect(stdout).toHaveLength(100);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  }, 30_000);
});

/** The exit code and output of a child process once it has exited. */
function finished(child: ReturnType<typeof spawn>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
