/**
 * The MCP tools as a client sees them, in-process over the SDK's linked in-memory
 * transports, on a temp copy of the python-inventory fixture: every tool declares the
 * shape of its structured content (the SDK client checks each result against it), and
 * the refusals an agent meets first say what is wrong in words.
 */
import { cpSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../../src/cli/mcp/server.js';
import { Workspace } from '../../../src/build/live.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';

let tmp: string;
let client: Client;
beforeAll(async () => {
  tmp = makeTemp('repomap-mcp-tools-');
  const repo = join(tmp, 'repo');
  cpSync(join(import.meta.dirname, '../../../fixtures/repos/python-inventory'), repo, { recursive: true });
  symlinkSync('/etc', join(repo, 'etc-link'));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(new Workspace(repo, undefined, new Map())).connect(serverSide);
  client = new Client({ name: 'repomap-tools-test', version: '0.0.0' });
  await client.connect(clientSide);
});
afterAll(async () => {
  await client?.close();
  removeTemp(tmp);
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}
const textOf = (r: CallToolResult): string => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

const BUG_REPORT = 'apply_discount rounds half a cent the wrong way';
const DIFF =
  '--- a/src/inventory/pricing.py\n+++ b/src/inventory/pricing.py\n@@ -22,1 +22,1 @@\n-def round_cents(amount: Decimal) -> int:\n+def round_cents(amount: Decimal, mode: str = "half-even") -> int:\n';

describe('every MCP tool', () => {
  it('declares an output schema, and what it returns conforms to it (the client checks each result)', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(8);
    for (const tool of tools)
      expect(tool.outputSchema, tool.name).toMatchObject({ type: 'object', additionalProperties: false });
    // one call of each, with the optional parts of its content present where a call can give them
    const calls: [string, Record<string, unknown>][] = [
      ['rank_files', { query: BUG_REPORT, top: 5 }],
      ['explain_file', { query: BUG_REPORT, path: 'src/inventory/pricing.py' }],
      ['context_pack', { query: BUG_REPORT, budget: 600, tokenizer: 'regex' }],
      ['find_symbol', { query: 'aply_discount' }],
      ['references', { symbol: 'apply_discount', path: 'src/inventory/pricing.py' }],
      ['impact', { diff: DIFF, top: 5 }],
      ['outline', { path: 'src/inventory/models.py', budget: 60, tokenizer: 'regex' }],
      ['index_status', {}],
    ];
    expect(calls.map(([name]) => name).sort()).toEqual(tools.map((t) => t.name).sort());
    for (const [name, args] of calls) {
      const r = await call(name, args);
      expect(r.isError, `${name}: ${textOf(r)}`).toBeFalsy();
      expect(r.structuredContent, name).toBeDefined();
    }
    const ranked = (await call('rank_files', { query: BUG_REPORT, top: 5 })).structuredContent as {
      files: { functions?: unknown[] }[];
    };
    expect(ranked.files[0]!.functions!.length).toBeGreaterThan(0);
    const explained = (await call('explain_file', { query: BUG_REPORT, path: 'src/inventory/pricing.py' }))
      .structuredContent as { functions?: { parts?: unknown }[] };
    expect(explained.functions![0]!.parts).toBeDefined();
  });
});

describe('the MCP tools refuse or answer in words', () => {
  it('impact refuses a diff naming a path outside the repository as it refuses the file argument', async () => {
    const outsideDiff = '--- a/../../etc/passwd\n+++ b/../../etc/passwd\n@@ -1,1 +1,1 @@\n-root:x:0:0\n+root:x:0:1\n';
    const byDiff = await call('impact', { diff: outsideDiff });
    const byFile = await call('impact', { file: '../../etc/passwd' });
    expect(byFile.isError).toBe(true);
    expect(textOf(byFile)).toBe('file: "../../etc/passwd" is outside the repository');
    expect(byDiff.isError).toBe(true);
    expect(textOf(byDiff)).toBe('diff: "../../etc/passwd" is outside the repository');
    // absolute and symlinked ones too
    const absolute = await call('impact', { diff: '--- /etc/passwd\n+++ /etc/passwd\n@@ -1,1 +1,1 @@\n-a\n+b\n' });
    expect(textOf(absolute)).toBe('diff: "/etc/passwd" is absolute; give a path relative to the repository root');
    const linked = await call('impact', {
      diff: '--- a/etc-link/passwd\n+++ b/etc-link/passwd\n@@ -1,1 +1,1 @@\n-a\n+b\n',
    });
    expect(textOf(linked)).toBe('diff: "etc-link/passwd" resolves outside the repository (through a symlink)');
  });

  it('find_symbol echoes at most 200 characters of a long query', async () => {
    const r = await call('find_symbol', { query: 'q'.repeat(100_000) });
    expect(r.isError).toBeFalsy();
    expect(textOf(r)).toBe(`0 definitions match "${'q'.repeat(200)}…"\n`);
    expect((r.structuredContent as { query: string }).query).toBe(`${'q'.repeat(200)}…`);
  });

  it('a missing required argument is named as required, with its type', async () => {
    const r = await call('rank_files', {});
    expect(r.isError).toBe(true);
    // the SDK says where after the message
    expect(textOf(r)).toMatch(/: query is required \(a string\) at query$/);
  });

  it('context_pack with a budget nothing fits in says so, as an error', async () => {
    const r = await call('context_pack', { query: BUG_REPORT, budget: 1, tokenizer: 'regex' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe('budget: nothing packed: no ranked file fits in 1 regex token');
  });
});
