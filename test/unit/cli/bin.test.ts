/**
 * One smoke test of the built binary: `npm run build`, then `node bin/repomap.js`
 * as a user would run it (a child process, the real streams and exit code).
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const run = promisify(execFile);

describe('bin/repomap.js (built)', () => {
  // rank caches tags by default: a temp folder, never the user's ~/.cache
  const cache = mkdtempSync(join(tmpdir(), 'repomap-bin-cache-'));
  afterAll(() => rmSync(cache, { recursive: true, force: true }));

  beforeAll(() => {
    // stdio piped so a failed build shows tsc's errors in the test failure
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe', encoding: 'utf8' });
  }, 120_000);

  it('rank --query apply_discount --top 3 exits 0 and names the defining file', async () => {
    const { stdout, stderr } = await run(process.execPath, ['bin/repomap.js', 'rank', '--query', 'apply_discount', '--top', '3'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, REPOMAP_CACHE: cache },
    });
    // execFile rejects on a non-zero exit code, so reaching here means exit 0
    expect(stderr).toBe('');
    expect(stdout).toContain('src/inventory/pricing.py');
    const rows = stdout.split('\n').filter((l) => /^\s*\d+\. \d\.\d{4} {2}\S/.test(l));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^\s*1\. \d\.\d{4} {2}src\/inventory\/pricing\.py$/);
  }, 30_000);
});
