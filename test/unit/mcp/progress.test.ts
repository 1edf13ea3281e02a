/**
 * Progress of a cold index build over MCP: the official SDK client calls a tool with a
 * progress token (onprogress) on a server whose index is not built yet, in-process over
 * the SDK's linked in-memory transports, so the build is surely the call's. And the
 * notifier's own rules: rising values, throttled, only for calls that asked.
 */
import { utimesSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../../src/cli/mcp/server.js';
import { progressNotifier, type ToolExtra } from '../../../src/cli/mcp/progress.js';
import { Workspace } from '../../../src/build/live.js';
import { makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';

let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-mcp-progress-');
});
afterAll(() => removeTemp(tmp));

async function connected(workspace: Workspace): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(workspace).connect(serverSide);
  const client = new Client({ name: 'repomap-progress-test', version: '0.0.0' });
  await client.connect(clientSide);
  return client;
}

describe('a tool call that waits on a cold build', () => {
  it('gets notifications/progress for the files read, then parsed, with rising values; a call without a token gets none', async () => {
    const repo = `${tmp}/repo`;
    writeFiles(
      repo,
      Object.fromEntries(
        Array.from({ length: 40 }, (_, i) => [
          `shop/rule_${i}.py`,
          `def rule_${i}(item):\n    return item.total * ${i}\n`,
        ]),
      ),
    );
    // written an hour ago: the first build's view of the folder is settled, so a second call finds it warm
    const then = new Date(Date.now() - 3_600_000);
    for (const path of [repo, `${repo}/shop`, ...Array.from({ length: 40 }, (_, i) => `${repo}/shop/rule_${i}.py`)])
      utimesSync(path, then, then);
    const client = await connected(new Workspace(repo));
    const seen: Progress[] = [];
    const result = await client.callTool({ name: 'find_symbol', arguments: { query: 'rule_7' } }, undefined, {
      onprogress: (p) => seen.push(p),
    });
    expect(result.isError).toBeFalsy();
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.progress).toBeGreaterThan(seen[i - 1]!.progress);
    expect(seen.some((p) => p.message === 'reading files: 40/40')).toBe(true);
    // the last says every file was parsed; its total counts reading and parsing
    expect(seen.at(-1)).toMatchObject({ progress: 80, total: 80, message: 'parsing files: 40/40' });

    // warm: nothing to report
    const warm: Progress[] = [];
    await client.callTool({ name: 'find_symbol', arguments: { query: 'rule_8' } }, undefined, {
      onprogress: (p) => warm.push(p),
    });
    expect(warm).toEqual([]);
    await client.close();
  });
});

describe('progressNotifier', () => {
  function extra(token: string | undefined): { extra: ToolExtra; sent: Record<string, unknown>[] } {
    const sent: Record<string, unknown>[] = [];
    const fake = {
      ...(token !== undefined ? { _meta: { progressToken: token } } : {}),
      sendNotification: async (n: { params: Record<string, unknown> }) => void sent.push(n.params),
    };
    return { extra: fake as unknown as ToolExtra, sent };
  }

  it('is undefined for a call without a progress token', () => {
    expect(progressNotifier(extra(undefined).extra)).toBeUndefined();
  });

  it("sends each phase's first and last step, and others at most every 250 ms", () => {
    const { extra: e, sent } = extra('t1');
    let t = 0;
    const notify = progressNotifier(e, () => t)!;
    notify({ reading: { done: 0, total: 100 }, parsing: null });
    for (let done = 1; done <= 100; done++) {
      t += 10;
      notify({ reading: { done, total: 100 }, parsing: null });
    }
    notify({ reading: { done: 100, total: 100 }, parsing: { done: 0, total: 50 } });
    notify({ reading: { done: 100, total: 100 }, parsing: { done: 50, total: 50 } });
    expect(sent.map((p) => p.progress)).toEqual([0, 25, 50, 75, 100, 150]);
    expect(sent.map((p) => p.message)).toEqual([
      'reading files: 0/100',
      'reading files: 25/100',
      'reading files: 50/100',
      'reading files: 75/100',
      'reading files: 100/100',
      'parsing files: 50/50',
    ]);
    expect(sent.every((p) => p.progressToken === 't1')).toBe(true);
  });
});
