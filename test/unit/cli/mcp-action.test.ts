/**
 * `repomap mcp` (src/cli/mcp-action.ts) when its client goes away at once: stdin closed
 * while the first build runs. The server ends once the build's writes are done, so the
 * tags it parsed are kept and its store is closed after them, with nothing said but that
 * it served.
 */
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TagsStore } from '../../../src/cache/index.js';
import { mcpAction } from '../../../src/cli/mcp-action.js';
import { ageTree, makeTemp, removeTemp } from '../corpus/helpers.js';

const FIXTURE = join(import.meta.dirname, '../../../fixtures/repos/python-inventory');
/** Parseable files of python-inventory (one tags entry each). */
const PARSEABLE = 11;

let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-mcp-action-');
});
afterAll(() => removeTemp(tmp));

describe('repomap mcp, its stdin closed during the first build', () => {
  it('ends after the build has written its tags and snapshot, and says no more than that it served', async () => {
    const repo = join(tmp, 'repo');
    const cache = join(tmp, 'cache');
    cpSync(FIXTURE, repo, { recursive: true });
    ageTree(repo);
    const stdin = new PassThrough();
    let stderr = '';
    const io = {
      stdout: { write: () => true },
      stderr: { write: (s: string) => ((stderr += s), true) },
      cwd: tmp,
      env: { HOME: join(tmp, 'home') },
    };
    const served = mcpAction(io, { stdin, stdout: new PassThrough() }, { repo, cache, include: [], exclude: [] });
    // the client is gone before the first build is done
    stdin.end();
    await served;
    expect(stderr).toBe(`repomap mcp: serving ${repo} over stdio\n`);
    const store = TagsStore.open(join(cache, 'tags.sqlite'));
    try {
      expect(store.size()).toBe(PARSEABLE);
    } finally {
      store.close();
    }
    expect(
      existsSync(join(cache, 'snapshots')) && readdirSync(join(cache, 'snapshots')).filter((f) => f.endsWith('.snap')),
    ).toHaveLength(1);
  });
});
