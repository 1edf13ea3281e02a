/**
 * The MCP server's stdio transport, in-process over in-memory streams (issue 19, items 5
 * and 6): malformed JSON-RPC gets a JSON-RPC error rather than silence, the server keeps
 * serving after it, and a path argument too long to resolve is refused at once; and it
 * carries what the server sends besides replies (progress notifications).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStdio } from '../../../src/cli/mcp/server.js';
import { Workspace } from '../../../src/build/live.js';

let tmp: string;
let stdin: PassThrough;
let served: Promise<void>;
const notes: string[] = [];
/** Replies by arrival; each test takes the ones it waits for. */
const replies: Record<string, unknown>[] = [];
let wake: (() => void) | undefined;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'repomap-mcp-stdio-'));
  const repo = join(tmp, 'repo');
  cpSync(join(import.meta.dirname, '../../../fixtures/repos/python-inventory'), repo, { recursive: true });
  stdin = new PassThrough();
  const stdout = messagesOf((m) => {
    replies.push(m);
    wake?.();
  });
  served = serveStdio(new Workspace(repo, undefined, new Map()), stdin, stdout, (m) => notes.push(m));
});
afterAll(async () => {
  stdin.end();
  await served;
  rmSync(tmp, { recursive: true, force: true });
});

/** A stream standing for the server's stdout: each line written to it is parsed and given to `take`. */
function messagesOf(take: (message: Record<string, unknown>) => void): PassThrough {
  const stream = new PassThrough();
  let buffered = '';
  stream.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let nl = buffered.indexOf('\n'); nl !== -1; nl = buffered.indexOf('\n')) {
      take(JSON.parse(buffered.slice(0, nl)) as Record<string, unknown>);
      buffered = buffered.slice(nl + 1);
    }
  });
  return stream;
}

/** Writes raw lines and waits for `count` more replies. */
async function exchange(lines: string[], count: number): Promise<Record<string, unknown>[]> {
  const from = replies.length;
  for (const line of lines) stdin.write(line + '\n');
  while (replies.length < from + count) await new Promise<void>((resolve) => (wake = resolve));
  return replies.slice(from, from + count);
}

const error = (code: number, id: string | number | null) => ({
  jsonrpc: '2.0',
  id,
  error: { code, message: expect.any(String) },
});

describe('repomap mcp over stdio, given malformed JSON-RPC', () => {
  it.each([
    ['a truncated object', '{"id":5,"method":', error(-32700, null)],
    ['an array', '[1,2]', error(-32600, null)],
    ['a number', '42', error(-32600, null)],
    ['null', 'null', error(-32600, null)],
    ['a request without "jsonrpc"', '{"id":5,"method":"tools/list"}', error(-32600, 5)],
  ])('answers %s with a JSON-RPC error', async (_what, line, expected) => {
    const [reply] = await exchange([line], 1);
    expect(reply).toEqual(expected);
    expect(notes.at(-1)).toMatch(/^refused a message: (Parse error|Invalid Request)/);
  });

  it('keeps serving: initialize, then a tool call, answered as usual', async () => {
    const [init] = await exchange(
      [
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
        }),
      ],
      1,
    );
    expect(init).toMatchObject({ id: 1, result: { serverInfo: { name: 'repomap' } } });
    stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
    const [ranked] = await exchange(
      [
        JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'rank_files', arguments: { query: 'apply_discount', top: 3 } },
        }),
      ],
      1,
    );
    expect(ranked).toMatchObject({ id: 2, result: { structuredContent: { files: expect.any(Array) } } });
  });

  it.each([
    ['a 5 MB path', 'a'.repeat(5 * 1024 * 1024)],
    ['a path of 40,000 segments', 'a/'.repeat(40_000) + 'x.py'],
  ])('refuses explain_file with %s at once, naming the argument', async (_what, path) => {
    const [reply] = await exchange(
      [
        JSON.stringify({
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'explain_file', arguments: { query: 'q', path } },
        }),
      ],
      1,
    );
    expect(JSON.stringify(reply)).toMatch(/path/);
    expect(reply).toMatchObject({ id: 3, result: { isError: true } });
  });
});

describe('repomap mcp over stdio, given well-formed calls', () => {
  /** Serves a fresh workspace over stdio with `lines` already waiting on stdin; resolves with every message written back once stdin ends. */
  async function serveLines(repo: string, lines: object[]): Promise<Record<string, unknown>[]> {
    const input = new PassThrough();
    const out: Record<string, unknown>[] = [];
    const output = messagesOf((m) => out.push(m));
    // written before the server starts, so the calls arrive while its first build runs
    input.write(lines.map((l) => JSON.stringify(l) + '\n').join(''));
    const ids = lines.filter((l) => 'id' in l).length;
    const done = serveStdio(new Workspace(repo, undefined, new Map()), input, output);
    while (out.filter((m) => 'id' in m).length < ids) await new Promise((resolve) => setTimeout(resolve, 10));
    input.end();
    await done;
    return out;
  }

  const initialize = [
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
  ];

  it('carries the progress notifications of a call waiting on the first build, before its result', async () => {
    const repo = join(tmp, 'progress');
    cpSync(join(import.meta.dirname, '../../../fixtures/repos/python-inventory'), repo, { recursive: true });
    const out = await serveLines(repo, [
      ...initialize,
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'find_symbol', arguments: { query: 'apply_discount' }, _meta: { progressToken: 'p2' } },
      },
    ]);
    const result = out.findIndex((m) => m.id === 2);
    expect(out[result]).toMatchObject({ result: { structuredContent: { matches: expect.any(Array) } } });
    const progress = out.slice(0, result).filter((m) => m.method === 'notifications/progress');
    expect(progress.length).toBeGreaterThanOrEqual(1);
    for (const p of progress)
      expect(p).toMatchObject({
        jsonrpc: '2.0',
        params: { progressToken: 'p2', progress: expect.any(Number), total: expect.any(Number) },
      });
    expect(progress.at(-1)).toMatchObject({ params: { message: expect.stringMatching(/^parsing files: (\d+)\/\1$/) } });
  });

  it('refuses an unknown argument (strict schemas) and an overlong path of the agent tools, naming them', async () => {
    const out = await serveLines(join(tmp, 'repo'), [
      ...initialize,
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'rank_files', arguments: { query: 'apply_discount', top_k: 3 } },
      },
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'outline', arguments: { path: 'a/'.repeat(40_000) + 'x.py' } },
      },
      {
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: { name: 'references', arguments: { symbol: 'apply_discount', path: 'a'.repeat(5000) } },
      },
    ]);
    const reply = (id: number) => JSON.stringify(out.find((m) => m.id === id));
    expect(reply(2)).toMatch(/top_k/);
    for (const id of [3, 4]) expect(reply(id)).toMatch(/path/);
    for (const id of [2, 3, 4]) expect(out.find((m) => m.id === id)).toMatchObject({ result: { isError: true } });
  });
});
