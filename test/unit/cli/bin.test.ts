/**
 * Smoke tests of the built binary: `npm run build`, then `node bin/repomap.js`
 * as a user would run it (a child process, the real streams and exit code); and the
 * same as a user who may not read or write everything (issue 19).
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';

const ROOT = join(import.meta.dirname, '../../..');
const run = promisify(execFile);

beforeAll(() => {
  // stdio piped so a failed build shows tsc's errors in the test failure
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe', encoding: 'utf8' });
}, 120_000);

describe('bin/repomap.js (built)', () => {
  // rank caches tags by default: a temp folder, never the user's ~/.cache
  const cache = mkdtempSync(join(tmpdir(), 'repomap-bin-cache-'));
  afterAll(() => rmSync(cache, { recursive: true, force: true }));

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

/**
 * How to run the binary as a user that file modes bind: as is for a user other than
 * root; under `setpriv` as nobody for root (which reads and writes everything); null when
 * neither works here, with the reason.
 */
function unprivileged(): { prefix: string[] } | { skip: string } {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));
  if (!setpriv) return { skip: 'running as root without setpriv: no unprivileged user to test permissions with' };
  const prefix = [setpriv, '--reuid=nobody', '--regid=nogroup', '--clear-groups'];
  const probe = spawnSync(prefix[0]!, [...prefix.slice(1), process.execPath, '-e', `require('fs').accessSync(${JSON.stringify(join(ROOT, 'bin/repomap.js'))})`]);
  if (probe.status !== 0) return { skip: `nobody cannot run this checkout (${probe.stderr.toString().trim() || `exit ${probe.status}`})` };
  return { prefix };
}

const as = unprivileged();

describe.skipIf('skip' in as)(`bin/repomap.js as an unprivileged user${'skip' in as ? ` (skipped: ${as.skip})` : ''}`, () => {
  let tmp: string;
  beforeAll(() => {
    tmp = makeTemp('repomap-unprivileged-');
    chmodSync(tmp, 0o755);
  });
  afterAll(() => removeTemp(tmp));

  const prefix = 'prefix' in as ? as.prefix : [];
  function repomap(args: string[]) {
    const [command, ...rest] = [...prefix, process.execPath, join(ROOT, 'bin/repomap.js'), ...args];
    const r = spawnSync(command!, rest, { cwd: tmp, encoding: 'utf8', timeout: 60_000 });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  }
  const zeroTimings = (json: string) => JSON.stringify({ ...JSON.parse(json), timing_ms: { index: 0, rank: 0 } });

  it('an unreadable file, folder and .gitignore are skipped and reported; the run goes on', () => {
    const repo = join(tmp, 'r1');
    writeFiles(repo, {
      'a.py': 'def f():\n    pass\n',
      's.py': 'x = 1\n',
      'locked/inner.py': 'def g():\n    pass\n',
      'guarded/.gitignore': '*.log\n',
      'guarded/debug.log': 'x\n',
    });
    chmodSync(join(repo, 's.py'), 0);
    chmodSync(join(repo, 'locked'), 0);
    chmodSync(join(repo, 'guarded/.gitignore'), 0);
    try {
      const r = repomap(['rank', '--repo', repo, '--query', 'f', '--no-cache', '--format', 'json']);
      expect(r.stderr).not.toMatch(/EACCES|at .*\.js:\d+/);
      expect(r.code).toBe(0);
      const row = JSON.parse(r.stdout) as { top_files: string[]; diagnostics: { file: string; code: string; message: string }[] };
      expect(row.top_files.sort()).toEqual(['a.py', 'guarded/debug.log']);
      expect(row.diagnostics.map((d) => [d.code, d.file])).toEqual([
        ['skipped-unreadable', 'guarded/.gitignore'],
        ['skipped-unreadable', 'locked'],
        ['skipped-unreadable', 's.py'],
      ]);
      for (const d of row.diagnostics) expect(d.message).toContain('permission denied (EACCES)');
    } finally {
      chmodSync(join(repo, 'locked'), 0o755);
    }
  });

  it('a --cache it may not write is read as it is, with a note; the output equals --no-cache', () => {
    const cache = join(tmp, 'shared-cache');
    const query = ['rank', '--query', 'apply_discount rounds half a cent', '--format', 'json'];
    // filled by this (privileged) process, then read by a user who may not write there
    execFileSync(process.execPath, [join(ROOT, 'bin/repomap.js'), ...query, '--cache', cache], { cwd: ROOT, stdio: 'pipe' });
    chmodSync(cache, 0o555);
    const cached = repomap([...query, '--cache', cache]);
    const plain = repomap([...query, '--no-cache']);
    expect(cached.code).toBe(0);
    expect(cached.stderr).toMatch(new RegExp(`^repomap: note: the tags cache ${cache}/tags\\.sqlite cannot be written \\(.*\\); reading it as it is, and keeping no new tags\\n$`));
    expect(zeroTimings(cached.stdout)).toBe(zeroTimings(plain.stdout));
  });
});
