import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import type { RepoMapResult } from '../../index.js';
import {
  DEFAULT_TOKENIZER,
  PACK_FORMATS,
  rankedFileLines,
  renderExplanation,
  TASKS,
  TOKENIZERS,
  type Workspace,
} from '../../unstable.js';
import { answer, failure } from './answer.js';
import { CONTEXT_PACK_OUTPUT, EXPLAIN_FILE_OUTPUT, RANK_FILES_OUTPUT } from './output-schemas.js';
import { MAX_PATH_CHARS, repoRelativePath } from './paths.js';
import { progressNotifier } from './progress.js';

/** Bounds of the tools' numeric arguments. */
export const TOOL_LIMITS = {
  /** rank_files returns this many files unless `top` says otherwise. */
  defaultTop: 20,
  maxTop: 1000,
  /** context_pack refuses budgets above this many tokens. */
  maxBudget: 1_000_000,
  /** An argument said back in a result (find_symbol's query) keeps this many characters, then `…`. */
  echoChars: 200,
};

/** `text` as a result says it back: its first `TOOL_LIMITS.echoChars` characters (code points), then `…` when there were more. */
export function echoed(text: string): string {
  const points = Array.from(text.slice(0, 2 * TOOL_LIMITS.echoChars + 2));
  return points.length > TOOL_LIMITS.echoChars ? `${points.slice(0, TOOL_LIMITS.echoChars).join('')}\u2026` : text;
}

/**
 * Zod's `error` option of a required argument: a missing one is named as required, with
 * its type (`query is required (a string)`), rather than as zod's `Invalid input`.
 */
export function requiredAs(field: string, type: string): { error: (issue: { input?: unknown }) => string | undefined } {
  return { error: (issue) => (issue.input === undefined ? `${field} is required (${type})` : undefined) };
}

const query = z
  .union([z.string().trim().min(1), z.record(z.string(), z.unknown())], requiredAs('query', 'a string'))
  .describe(
    'What the agent is working on: free text (an issue, a stack trace, a failing test, a review comment) ' +
      'or an ARB query object (raw_signal, anchor_file/anchor_diff, review_comment/path, changed_files/change_summary, …).',
  );
const task = z.enum(TASKS).optional().describe('Task mode; inferred from the query when absent.');

/** Registers rank_files, context_pack and explain_file, each answering from the workspace's current index. */
export function registerTools(server: McpServer, workspace: Workspace): void {
  server.registerTool(
    'rank_files',
    {
      title: 'Rank repository files',
      description:
        'Ranks the files of the repository for a query, most useful first, each with the reasons it is there ' +
        '(cues it matches, graph links to files the query names) and, for a bug report, the functions most likely to change ' +
        'with their lines. Structural: definitions, imports, tests, co-change; no embeddings.',
      inputSchema: z.strictObject({
        query,
        task,
        top: z
          .number()
          .int()
          .min(1)
          .max(TOOL_LIMITS.maxTop)
          .optional()
          .describe(`How many files to return (default ${TOOL_LIMITS.defaultTop}).`),
      }),
      outputSchema: RANK_FILES_OUTPUT,
    },
    (args, extra) =>
      answer(() =>
        workspace.use(async (index) => {
          await index.prepare(args.query, { task: args.task });
          const result = index.rank(args.query, { task: args.task, top: args.top ?? TOOL_LIMITS.defaultTop });
          return {
            content: [{ type: 'text' as const, text: renderRanking(result, workspace) }],
            structuredContent: {
              task: result.task,
              confidence: result.confidence,
              files: result.files.map((f) => ({
                path: f.path,
                score: f.score,
                reasons: f.reasons,
                ...(f.functions && f.functions.length > 0
                  ? { functions: f.functions.map(({ name, kind, start, end }) => ({ name, kind, start, end })) }
                  : {}),
              })),
              index: { ...workspace.lastBuild },
            } satisfies z.output<typeof RANK_FILES_OUTPUT>,
          };
        }, progressNotifier(extra)),
      ),
  );

  server.registerTool(
    'explain_file',
    {
      title: 'Explain a file\u2019s rank',
      description:
        'Explains why one file ranks where it does for a query: its score and the parts behind it, the query cues it matches, ' +
        'and the strongest edge paths (imports, shared symbols, tests, co-change) from files the query names to it; ' +
        'for a bug report, its functions most likely to change and what each one\u2019s score sums.',
      inputSchema: z.strictObject({
        query,
        path: z
          .string(requiredAs('path', 'a string'))
          .max(MAX_PATH_CHARS)
          .describe('Repo-relative path of the file, e.g. src/app/models.py.'),
        task,
      }),
      outputSchema: EXPLAIN_FILE_OUTPUT,
    },
    (args, extra) =>
      answer(async () => {
        const path = repoRelativePath(args.path, 'path', workspace.folder);
        const explanation = await workspace.use(async (index) => {
          await index.prepare(args.query, { task: args.task });
          return index.explain(args.query, path, { task: args.task });
        }, progressNotifier(extra));
        return {
          content: [{ type: 'text', text: renderExplanation(explanation) }],
          structuredContent: { ...explanation },
        };
      }, 'path'),
  );

  server.registerTool(
    'context_pack',
    {
      title: 'Pack ranked context',
      description:
        'Packs the most relevant code for a query (the ranked files\u2019 relevant spans) into a hard token budget, ' +
        'ready to paste into a prompt (markdown) or to read as data (json).',
      inputSchema: z.strictObject({
        query,
        budget: z
          .number(requiredAs('budget', 'a number of tokens'))
          .int()
          .min(1)
          .max(TOOL_LIMITS.maxBudget)
          .describe('Hard token budget of the pack.'),
        tokenizer: z.enum(TOKENIZERS).optional().describe(`How tokens are counted (default ${DEFAULT_TOKENIZER}).`),
        format: z.enum(PACK_FORMATS).optional().describe('markdown (default) or json.'),
        task,
      }),
      outputSchema: CONTEXT_PACK_OUTPUT,
    },
    (args, extra) =>
      answer(async () => {
        const pack = await workspace.use(async (index) => {
          await index.prepare(args.query, args.task ? { task: args.task } : {});
          return index.pack(args.query, {
            budget: args.budget,
            tokenizer: args.tokenizer ?? DEFAULT_TOKENIZER,
            format: args.format ?? 'markdown',
            ...(args.task ? { task: args.task } : {}),
          });
        }, progressNotifier(extra));
        if (pack.files.length === 0 && pack.omitted.length + pack.omittedMore > 0) {
          return failure(
            `budget: nothing packed: no ranked file fits in ${pack.budget} ${pack.tokenizer} token${pack.budget === 1 ? '' : 's'}`,
          );
        }
        return {
          content: [{ type: 'text', text: pack.text }],
          structuredContent: {
            tokens: pack.tokens,
            budget: pack.budget,
            tokenizer: pack.tokenizer,
            files: pack.files.map((f) => f.path),
            omitted: pack.omitted,
            omittedMore: pack.omittedMore,
          } satisfies z.output<typeof CONTEXT_PACK_OUTPUT>,
        };
      }),
  );
}

/** A ranking as an agent reads it: a header, then each file with its reasons. */
function renderRanking(result: RepoMapResult, workspace: Workspace): string {
  const build = workspace.lastBuild;
  const lines = [
    `task ${result.task} · confidence ${result.confidence.toFixed(2)} · ${build.files} files` +
      ` · index build ${build.builds} (${build.parsed} parsed, ${build.reused} from cache)`,
    '',
  ];
  return [...lines, ...rankedFileLines(result.files)].join('\n') + '\n';
}
