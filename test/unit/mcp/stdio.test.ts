/**
 * The MCP server's stdio transport, in-process over in-memory streams (issue 19, items 5
 * and 6): malformed JSON-RPC gets a JSON-RPC error rather than silence, the server keeps
 * serving after it, and a path argument too long to resolve is refused at once.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStdio } from '../../../src/mcp/server.js';
import { Workspace } from '../../../src/mcp/workspace.js';

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
  const stdout = new PassThrough();
  let buffered = '';
  stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let nl = buffered.indexOf('\n'); nl !== -1; nl = buffered.indexOf('\n')) {
      replies.push(JSON.parse(buffered.slice(0, nl)) as Record<string, unknown>);
      buffered = buffered.slice(nl + 1);
      wake?.();
    }
  });
  served = serveStdio(new Workspace(repo, undefined, new Map()), stdin, stdout, (m) => notes.push(m));
});
afterAll(async () => {
  stdin.end();
  await served;
  rmSync(tmp, { recursive: true, force: true });
});

/** Writes raw lines and waits for `count` more replies. */
async function exchange(lines: string[], count: number): Promise<Record<string, unknown>[]> {
  const from = replies.length;
  for (const line of lines) stdin.write(line + '\n');
  while (replies.length < from + count) await new Promise<void>((resolve) => (wake = resolve));
  return replies.slice(from, from + count);
}

const error = (code: number, id: string | number | null) => ({ jsonrpc: '2.0', id, error: { code, message: expect.any(String) } });

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
      [JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } } })],
      1,
    );
    expect(init).toMatchObject({ id: 1, result: { serverInfo: { name: 'repomap' } } });
    stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
    const [ranked] = await exchange([JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'rank_files', arguments: { query: 'apply_discount', top: 3 } } })], 1);
    expect(ranked).toMatchObject({ id: 2, result: { structuredContent: { files: expect.any(Array) } } });
  });

  it.each([
    ['a 5 MB path', 'a'.repeat(5 * 1024 * 1024)],
    ['a path of 40,000 segments', 'a/'.repeat(40_000) + 'x.py'],
  ])('refuses explain_file with %s at once, naming the argument', async (_what, path) => {
    const [reply] = await exchange([JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'explain_file', arguments: { query: 'q', path } } })], 1);
    expect(JSON.stringify(reply)).toMatch(/path/);
    expect(reply).toMatchObject({ id: 3, result: { isError: true } });
  });
});
