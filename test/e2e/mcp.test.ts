/**
 * `repomap mcp` end to end: the real server, spawned as `node bin/repomap.js mcp`
 * and driven over stdio by the MCP SDK's own Client, on a temp copy of the
 * python-inventory fixture that the test edits while the server runs.
 *
 * The server runs from a private build of the current sources (tsc into a temp
 * package folder beside a copy of bin/): dist/ itself may be stale, and another
 * test rebuilds it while tests run in parallel.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const FIXTURE = join(ROOT, 'fixtures/repos/python-inventory');
const CASES = JSON.parse(readFileSync(join(ROOT, 'fixtures/cases/python-inventory.json'), 'utf8')) as { id: string; task: string; query: Record<string, unknown> }[];
const caseOf = (id: string) => CASES.find((c) => c.id === id)!;

let tmp: string;
let repo: string;
let client: Client;
let stderr = '';

/** A package folder holding a fresh build, bin/, and links to what the build reads at run time. */
function privateBuild(into: string): string {
  const pkg = join(into, 'pkg');
  mkdirSync(join(pkg, 'bin'), { recursive: true });
  try {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(pkg, 'dist')], {
      cwd: ROOT,
      stdio: 'pipe',
      encoding: 'utf8',
    });
  } catch (error) {
    const { stdout, stderr: err } = error as { stdout?: string; stderr?: string };
    throw new Error(`mcp e2e: building the server failed (tsc -p tsconfig.build.json):\n${stdout ?? ''}${err ?? ''}`);
  }
  if (!existsSync(join(pkg, 'dist/src/cli/run.js'))) throw new Error(`mcp e2e: the build wrote no dist/src/cli/run.js under ${pkg}`);
  copyFileSync(join(ROOT, 'bin/repomap.js'), join(pkg, 'bin/repomap.js'));
  copyFileSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
  for (const dir of ['grammars', 'queries', 'node_modules']) symlinkSync(join(ROOT, dir), join(pkg, dir));
  return join(pkg, 'bin/repomap.js');
}

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}
const textOf = (r: CallToolResult): string => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

interface Ranked {
  files: { path: string; score: number; reasons: string[] }[];
  index: { builds: number; files: number; parsed: number; reused: number };
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'repomap-mcp-e2e-'));
  const bin = privateBuild(tmp);
  repo = join(tmp, 'repo');
  cpSync(FIXTURE, repo, { recursive: true });
  // The SDK passes the server only a few environment variables (not REPOMAP_CACHE):
  // name a fresh tags cache so the user's own is never read or written.
  const cache = join(tmp, 'cache');
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--repo', repo, '--cache', cache], stderr: 'pipe' });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  client = new Client({ name: 'repomap-e2e', version: '0.0.0' });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('repomap mcp over stdio', () => {
  it('lists its three tools with their input schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['context_pack', 'explain_file', 'rank_files']);
    const rank = tools.find((t) => t.name === 'rank_files')!;
    expect(rank.inputSchema.required).toEqual(['query']);
    expect(Object.keys(rank.inputSchema.properties ?? {}).sort()).toEqual(['query', 'task', 'top']);
    expect(stderr).toContain(`repomap mcp: serving ${repo}`);
  });

  it('rank_files ranks the implementation a failing trace points at', async () => {
    const c = caseOf('trace-rounding-assertion');
    const r = await call('rank_files', { query: c.query, task: c.task, top: 5 });
    expect(r.isError).toBeFalsy();
    const ranked = r.structuredContent as unknown as Ranked;
    expect(ranked.files).toHaveLength(5);
    expect(ranked.files.slice(0, 3).map((f) => f.path)).toContain('src/inventory/pricing.py');
    expect(ranked.files[0]!.path).not.toBe('tests/test_pricing.py');
    expect(ranked.index.files).toBe(13);
    expect(textOf(r)).toMatch(/^task trace2code · confidence /);
    expect(textOf(r)).toContain('src/inventory/pricing.py');
  });

  it('explain_file names the cue and the source-test edge from the changed file to its test', async () => {
    const c = caseOf('code2test-storage-backend');
    const r = await call('explain_file', { query: c.query, task: c.task, path: 'tests/storage/test_backend.py' });
    expect(r.isError).toBeFalsy();
    const e = r.structuredContent as unknown as { rank: number; paths: { seed: { path: string }; hops: { edges: { type: string; direction: string }[] }[] }[] };
    expect(e.rank).toBeLessThanOrEqual(2);
    expect(e.paths[0]!.seed.path).toBe('src/inventory/storage/backend.py');
    expect(e.paths[0]!.hops[0]!.edges).toContainEqual(expect.objectContaining({ type: 'source-test', direction: 'backward' }));
    expect(textOf(r)).toContain('src/inventory/storage/backend.py is tested by tests/storage/test_backend.py');
  });

  it('context_pack fits the ranked code into the token budget', async () => {
    const r = await call('context_pack', { query: 'apply_discount rounds half a cent the wrong way', budget: 600, tokenizer: 'regex' });
    expect(r.isError, textOf(r)).toBeFalsy();
    const pack = r.structuredContent as { tokens: number; files: string[] };
    expect(pack.tokens).toBeGreaterThan(0);
    expect(pack.tokens).toBeLessThanOrEqual(600);
    expect(pack.files).toContain('src/inventory/pricing.py');
    expect(textOf(r)).toContain('def apply_discount');
  });

  it('sees a new function and its new test on the next call, parsing only the two changed files', async () => {
    const query = { pr_title: 'Restock threshold', change_summary: ['restock_threshold'], changed_files: ['src/inventory/models.py'] };
    const before = (await call('rank_files', { query, task: 'code2test' })).structuredContent as unknown as Ranked;
    expect(before.files.map((f) => f.path)).not.toContain('tests/test_restock.py');

    const models = join(repo, 'src/inventory/models.py');
    writeFileSync(
      models,
      readFileSync(models, 'utf8') + '\n\ndef restock_threshold(item: Item, days: int) -> int:\n    """Units to reorder so `item` lasts `days` more days."""\n    return max(0, days - item.quantity)\n',
    );
    writeFileSync(
      join(repo, 'tests/test_restock.py'),
      'from inventory.models import Item, restock_threshold\n\n\ndef test_restock_threshold_never_negative():\n    item = Item("TEA-01", "Tea", unit_price_cents=300, quantity=9)\n    assert restock_threshold(item, 3) == 0\n',
    );

    const r = await call('rank_files', { query, task: 'code2test' });
    const after = r.structuredContent as unknown as Ranked;
    expect(after.files[0]!.path, textOf(r)).toBe('tests/test_restock.py');
    expect(after.files[0]!.reasons.join('\n')).toContain('restock_threshold');
    expect(after.index.files).toBe(14);
    expect(after.index.builds).toBeGreaterThan(before.index.builds);
    // Only the edited file and the new test were parsed again; the rest came from the tags cache.
    expect(after.index.parsed).toBe(2);
    expect(after.index.reused).toBe(10);
  });

  it('refuses bad arguments with errors that name the field or path', async () => {
    const negative = await call('rank_files', { query: 'apply_discount', top: -1 });
    expect(negative.isError).toBe(true);
    expect(textOf(negative)).toMatch(/\btop\b/);

    const escape = await call('explain_file', { query: 'apply_discount', path: '../../etc/passwd' });
    expect(escape.isError).toBe(true);
    expect(textOf(escape)).toBe('path: "../../etc/passwd" is outside the repository');

    const absolute = await call('explain_file', { query: 'apply_discount', path: '/etc/passwd' });
    expect(absolute.isError).toBe(true);
    expect(textOf(absolute)).toContain('path: "/etc/passwd" is absolute');

    symlinkSync('/etc', join(repo, 'etc-link'));
    const link = await call('explain_file', { query: 'apply_discount', path: 'etc-link/passwd' });
    expect(link.isError).toBe(true);
    expect(textOf(link)).toBe('path: "etc-link/passwd" resolves outside the repository (through a symlink)');

    const unknown = await call('explain_file', { query: 'apply_discount', path: 'pricing.py' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('path: repomap/explain: pricing.py is not a file of the corpus; did you mean src/inventory/pricing.py?');

    const budget = await call('context_pack', { query: 'apply_discount', budget: 0 });
    expect(budget.isError).toBe(true);
    expect(textOf(budget)).toMatch(/\bbudget\b/);

    const noQuery = await call('rank_files', { top: 3 });
    expect(noQuery.isError).toBe(true);
    expect(textOf(noQuery)).toMatch(/\bquery\b/);
  });
});
