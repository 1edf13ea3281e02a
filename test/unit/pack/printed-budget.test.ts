/**
 * The budget counts what is printed: on a repository written here (a small option
 * parser in Python, with a minified and a binary file the index skips), the pack's
 * text, recounted with the tokenizer it was packed for, is within the budget for every
 * format and every tokenizer, from the library (a property over budgets × tokenizers ×
 * formats × queries), from `repomap pack` (its stdout) and from MCP `context_pack`.
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/run.js';
import { buildIndex, loadCorpus, type Index, type TokenizerName } from '../../../src/index.js';
import { loadTokenizer, TOKENIZERS, type Tokenizer } from '../../../src/unstable.js';
import { PACK_FORMATS } from '../../../src/pack/index.js';
import { Workspace } from '../../../src/build/live.js';
import { createMcpServer } from '../../../src/cli/mcp/server.js';
import { makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';

/** A module of option handlers: real Python with docstrings, quotes and backslashes (JSON escapes them). */
function optionsModule(name: string, n: number): string {
  const lines = [
    `"""Options of the ${name} command: "quoted" names, C:\\\\paths and tabs\\t."""`,
    'from .errors import OptionError',
    '',
  ];
  for (let i = 0; i < n; i++) {
    lines.push(
      `def parse_${name}_option_${i}(args: list[str], defaults: dict[str, str] | None = None) -> dict[str, str]:`,
      `    """Parses --${name}-${i} from args; "--" ends the options."""`,
      '    options = dict(defaults or {})',
      '    for index, arg in enumerate(args):',
      "        if arg == '--':",
      '            break',
      `        if arg.startswith('--${name}-${i}='):`,
      `            options['${name}_${i}'] = arg.split('=', 1)[1].replace('\\\\', '/')`,
      '        elif arg.startswith("-") and index + 1 < len(args):',
      `            raise OptionError(f"unknown option {arg!r} for ${name}")`,
      '    return options',
      '',
    );
  }
  return lines.join('\n');
}

const FILES: Record<string, string | Buffer> = {
  'src/cli/__init__.py': 'from .parser import parse_args\n',
  'src/cli/errors.py': 'class OptionError(ValueError):\n    """A bad command-line option."""\n',
  'src/cli/parser.py': [
    'from .build import parse_build_option_0',
    'from .serve import parse_serve_option_0',
    '',
    'def parse_args(argv: list[str]) -> dict[str, str]:',
    '    """How options are parsed: each command module parses its own."""',
    "    command, *rest = argv or ['build']",
    "    if command == 'serve':",
    '        return parse_serve_option_0(rest)',
    '    return parse_build_option_0(rest)',
    '',
  ].join('\n'),
  'src/cli/build.py': optionsModule('build', 14),
  'src/cli/serve.py': optionsModule('serve', 12),
  'src/cli/clean.py': optionsModule('clean', 8),
  'tests/test_parser.py': [
    'from cli.parser import parse_args',
    '',
    'def test_parse_args_reads_build_options():',
    "    assert parse_args(['build', '--build-0=x']) == {'build_0': 'x'}",
    '',
  ].join('\n'),
  'web/app.min.js': `var a=${'1+'.repeat(4000)}1;\n`,
  'docs/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3, 0, 0, 0]),
};

const QUERIES = [
  'how are options parsed',
  'OptionError: unknown option for serve when "--" is given',
  'Traceback (most recent call last):\n  File "src/cli/parser.py", line 8, in parse_args\n  File "src/cli/serve.py", line 14, in parse_serve_option_0\ncli.errors.OptionError: unknown option',
];

let tmp: string;
let root: string;
let index: Index;
const tokenizers = new Map<TokenizerName, Tokenizer>();
beforeAll(async () => {
  tmp = makeTemp('repomap-pack-printed-');
  root = join(tmp, 'repo');
  writeFiles(root, FILES);
  index = await buildIndex(await loadCorpus({ folder: root }), { history: false });
  for (const t of TOKENIZERS) tokenizers.set(t, await loadTokenizer(t));
});
afterAll(() => removeTemp(tmp));

const count = (tokenizer: TokenizerName, text: string): number => tokenizers.get(tokenizer)!.count(text);

describe('the budget counts what is printed', () => {
  it('the fixture has diagnostics, which a JSON pack carries', () => {
    expect(index.diagnostics.map((d) => d.code).sort()).toEqual(['skipped-binary', 'skipped-minified']);
  });

  it('library: every format and tokenizer, random budgets and queries, recounts to ≤ budget and to `tokens`', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 20, max: 6000 }),
        fc.constantFrom(...TOKENIZERS),
        fc.constantFrom(...PACK_FORMATS),
        fc.constantFrom(...QUERIES),
        async (budget, tokenizer, format, query) => {
          const pack = await index.pack(query, { budget, tokenizer, format });
          const printed = count(tokenizer, pack.text);
          expect(printed).toBeLessThanOrEqual(budget);
          expect(pack.tokens).toBe(printed);
          if (format === 'json' && pack.text !== '') {
            const json = JSON.parse(pack.text) as {
              tokens: number;
              files: { path: string }[];
              diagnostics: unknown[];
              diagnosticsMore: number;
            };
            expect(json.tokens).toBe(printed);
            expect(json.files.map((f) => f.path)).toEqual(pack.files.map((f) => f.path));
            expect(json.diagnostics.length + json.diagnosticsMore).toBe(2);
          }
        },
      ),
      { numRuns: 80, seed: 20261207 },
    );
  });

  it('repomap pack: stdout recounted with its --tokenizer is ≤ --budget, for both formats', async () => {
    for (const format of PACK_FORMATS) {
      for (const tokenizer of TOKENIZERS) {
        for (const budget of [150, 900, 2500]) {
          let stdout = '';
          let stderr = '';
          const io = {
            stdout: { write: (s: string) => (stdout += s) },
            stderr: { write: (s: string) => (stderr += s) },
            cwd: root,
          };
          const code = await runCli(
            [
              'pack',
              '--no-cache',
              '--query',
              QUERIES[0]!,
              '--budget',
              String(budget),
              '--tokenizer',
              tokenizer,
              '--format',
              format,
            ],
            io,
          );
          expect(code, stderr).toBe(0);
          expect(stdout).not.toBe('');
          expect(count(tokenizer, stdout), `${format} ${tokenizer} ${budget}`).toBeLessThanOrEqual(budget);
          if (format === 'json') {
            const json = JSON.parse(stdout) as { tokens: number; diagnostics: unknown[]; diagnosticsMore: number };
            expect(json.tokens).toBe(count(tokenizer, stdout));
            // what the JSON leaves out for the budget is said on stderr, not dropped
            if (json.diagnosticsMore > 0) expect(stderr).toContain(`repomap: note: ${json.diagnosticsMore} diagnostic`);
            else expect(json.diagnostics).toHaveLength(2);
          }
        }
      }
    }
  });

  it('MCP context_pack: the text it returns recounts to ≤ budget, for both formats', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(new Workspace(root, undefined, new Map())).connect(serverSide);
    const client = new Client({ name: 'repomap-pack-budget-test', version: '0.0.0' });
    await client.connect(clientSide);
    try {
      for (const format of PACK_FORMATS) {
        for (const tokenizer of TOKENIZERS) {
          const budget = 700;
          const r = (await client.callTool({
            name: 'context_pack',
            arguments: { query: QUERIES[1], budget, tokenizer, format },
          })) as CallToolResult;
          expect(r.isError).toBeFalsy();
          const text = r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
          expect(count(tokenizer, text), `${format} ${tokenizer}`).toBeLessThanOrEqual(budget);
          expect((r.structuredContent as { tokens: number }).tokens).toBe(count(tokenizer, text));
        }
      }
    } finally {
      await client.close();
    }
  });
});
