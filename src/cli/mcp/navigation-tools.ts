import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import {
  DEFAULT_TOKENIZER,
  diffFiles,
  indexStatus,
  NAVIGATE_DEFAULTS,
  renderImpact,
  renderOutline,
  renderReferences,
  renderStatus,
  renderSymbols,
  SYMBOL_KINDS,
  TOKENIZERS,
  type Workspace,
} from '../../unstable.js';
import { answer } from './answer.js';
import {
  FIND_SYMBOL_OUTPUT,
  IMPACT_OUTPUT,
  INDEX_STATUS_OUTPUT,
  OUTLINE_OUTPUT,
  REFERENCES_OUTPUT,
} from './output-schemas.js';
import { MAX_PATH_CHARS, repoRelativePath, ToolInputError } from './paths.js';
import { progressNotifier } from './progress.js';
import { echoed, requiredAs, TOOL_LIMITS } from './tools.js';

const limit = (what: string, fallback: number) =>
  z
    .number()
    .int()
    .min(1)
    .max(TOOL_LIMITS.maxTop)
    .optional()
    .describe(`How many ${what} to return (default ${fallback}).`);

/**
 * Registers find_symbol, references, impact, outline and index_status: the agent tools
 * over the workspace's current index, as `repomap symbols|refs|impact|outline|status`.
 */
export function registerNavigationTools(server: McpServer, workspace: Workspace): void {
  server.registerTool(
    'find_symbol',
    {
      title: 'Find symbol definitions',
      description:
        'Finds definitions (functions, methods, classes, interfaces, types, constants) by name: exact, prefix, substring, ' +
        'or within a typo of the name, case-insensitive; each with its kind, file and line span.',
      inputSchema: z.strictObject({
        query: z
          .string(requiredAs('query', 'a string'))
          .trim()
          .min(1)
          .describe('A symbol name or part of one, e.g. apply_discount or ApplyDisc.'),
        kind: z.enum(SYMBOL_KINDS).optional().describe('Only definitions of this kind.'),
        limit: limit('definitions', NAVIGATE_DEFAULTS.symbolLimit),
      }),
      outputSchema: FIND_SYMBOL_OUTPUT,
    },
    (args, extra) =>
      answer(async () => {
        const search = await workspace.use(
          (index) =>
            index.symbols(args.query, {
              ...(args.limit ? { limit: args.limit } : {}),
              ...(args.kind ? { kind: args.kind } : {}),
            }),
          progressNotifier(extra),
        );
        const found = { ...search, query: echoed(search.query) };
        return { content: [{ type: 'text', text: renderSymbols(found) }], structuredContent: found };
      }),
  );

  server.registerTool(
    'references',
    {
      title: 'Find references',
      description:
        'Lists the files and lines that reference a symbol, callers first, each saying how it reaches the definition ' +
        '(same file, import, same module). Give path when several files define the name.',
      inputSchema: z.strictObject({
        symbol: z
          .string(requiredAs('symbol', 'a string'))
          .trim()
          .min(1)
          .describe('The symbol name, e.g. apply_discount.'),
        path: z
          .string()
          .max(MAX_PATH_CHARS)
          .optional()
          .describe('Repo-relative path of the file whose definition is meant.'),
        limit: limit('files', NAVIGATE_DEFAULTS.referenceFiles),
      }),
      outputSchema: REFERENCES_OUTPUT,
    },
    (args, extra) =>
      answer(async () => {
        const path = args.path !== undefined ? repoRelativePath(args.path, 'path', workspace.folder) : undefined;
        const found = await workspace.use(
          (index) =>
            index.refs(args.symbol, {
              ...(path !== undefined ? { path } : {}),
              ...(args.limit ? { limit: args.limit } : {}),
            }),
          progressNotifier(extra),
        );
        return { content: [{ type: 'text', text: renderReferences(found) }], structuredContent: { ...found } };
      }, 'path'),
  );

  server.registerTool(
    'impact',
    {
      title: 'Impact of an edit',
      description:
        'What an edit ripples to: callers, importers, tests and files changed together in the history, ranked (the edit2ripple ranking), ' +
        'each with its links to the edited files and the reasons. Give a unified diff, the edited file, or both.',
      inputSchema: z.strictObject({
        diff: z.string().optional().describe('A unified diff of the edit (with its ---/+++ headers, or give file).'),
        file: z.string().max(MAX_PATH_CHARS).optional().describe('Repo-relative path of the edited file.'),
        top: limit('files', NAVIGATE_DEFAULTS.impactTop),
      }),
      outputSchema: IMPACT_OUTPUT,
    },
    (args, extra) =>
      answer(async () => {
        if (args.diff === undefined && args.file === undefined)
          throw new ToolInputError('diff', 'give diff, file, or both');
        const file = args.file !== undefined ? repoRelativePath(args.file, 'file', workspace.folder) : undefined;
        // the diff's files are refused as the file argument is (none is read either way)
        for (const named of args.diff !== undefined ? diffFiles(args.diff) : [])
          repoRelativePath(named, 'diff', workspace.folder);
        const impact = await workspace.use(
          (index) =>
            index.impact(
              { ...(args.diff !== undefined ? { diff: args.diff } : {}), ...(file !== undefined ? { file } : {}) },
              args.top ? { top: args.top } : {},
            ),
          progressNotifier(extra),
        );
        return { content: [{ type: 'text', text: renderImpact(impact) }], structuredContent: { ...impact } };
      }, 'file'),
  );

  server.registerTool(
    'outline',
    {
      title: 'Outline a file',
      description:
        'The signatures of a file\u2019s definitions in line order, each whole (a multi-line one up to its body), nested ones indented, within a token budget (variables, then the most nested, are left out first).',
      inputSchema: z.strictObject({
        path: z
          .string(requiredAs('path', 'a string'))
          .max(MAX_PATH_CHARS)
          .describe('Repo-relative path of the file, e.g. src/app/models.py.'),
        budget: z
          .number()
          .int()
          .min(1)
          .max(TOOL_LIMITS.maxBudget)
          .optional()
          .describe(`Token budget of the outline (default ${NAVIGATE_DEFAULTS.outlineBudget}).`),
        tokenizer: z.enum(TOKENIZERS).optional().describe(`How tokens are counted (default ${DEFAULT_TOKENIZER}).`),
      }),
      outputSchema: OUTLINE_OUTPUT,
    },
    (args, extra) =>
      answer(async () => {
        const path = repoRelativePath(args.path, 'path', workspace.folder);
        const outline = await workspace.use(
          (index) =>
            index.outline(path, {
              ...(args.budget ? { budget: args.budget } : {}),
              ...(args.tokenizer ? { tokenizer: args.tokenizer } : {}),
            }),
          progressNotifier(extra),
        );
        return { content: [{ type: 'text', text: renderOutline(outline) }], structuredContent: { ...outline } };
      }, 'path'),
  );

  server.registerTool(
    'index_status',
    {
      title: 'Index status',
      description:
        'What the index holds: files per language, parse errors, skipped files, symbols, edges, the tags cache, and when it was last refreshed.',
      inputSchema: z.strictObject({}),
      outputSchema: INDEX_STATUS_OUTPUT,
    },
    (_args, extra) =>
      answer(async () => {
        const status = await workspace.use(
          (index) => ({ ...indexStatus(index), cacheFile: workspace.cacheFile, build: workspace.lastBuild }),
          progressNotifier(extra),
        );
        const b = status.build;
        const text = renderStatus(status, [
          ['tags cache', status.cacheFile ?? 'in memory only (none on disk)'],
          ['last refresh', `${b.at} (build ${b.builds}: ${b.parsed} parsed, ${b.reused} from the cache, ${b.ms} ms)`],
        ]);
        return { content: [{ type: 'text', text }], structuredContent: { ...status } };
      }),
  );
}
