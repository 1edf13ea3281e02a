import { cpSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const REPOS = join(import.meta.dirname, '..', 'fixtures', 'repos');

/**
 * A copy of the fixture repository `name` (fixtures/repos/), under its name in a fresh temp folder,
 * outside any git work tree, removed once the test file is done: a CLI run there without
 * --repo reads the fixture alone, where in the checkout it reads the checkout (the root of
 * the git work tree holding the current folder). Its times are set an hour back, as the
 * checkout's are old: a folder load trusts only stamps older than its margin.
 */
export function fixtureCopy(name: string): string {
  const parent = mkdtempSync(join(tmpdir(), 'repomap-fixture-'));
  const dir = join(parent, name);
  cpSync(join(REPOS, name), dir, { recursive: true });
  age(dir, new Date(Date.now() - 3_600_000));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));
  return dir;
}

function age(dir: string, past: Date): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) age(path, past);
    else utimesSync(path, past, past);
  }
  utimesSync(dir, past, past);
}
