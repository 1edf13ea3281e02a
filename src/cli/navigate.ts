/**
 * The agent tools as commands (what `repomap mcp` serves as find_symbol, references,
 * impact, outline and index_status): `symbols`, `refs`, `impact`, `outline`, `status`.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { editImpact, findReferences, findSymbols, indexStatus, NAVIGATE_DEFAULTS, outlineFile, SYMBOL_KINDS, type SymbolKind } from '../navigate/index.js';
import { DEFAULT_TOKENIZER, TOKENIZERS, type TokenizerName } from '../pack/index.js';
import { renderImpact, renderOutline, renderReferences, renderStatus, renderSymbols } from '../render/index.js';
import type { Index } from '../build/index.js';
import { positiveInt } from './arguments.js';
import { diagnosticsField, reportDiagnostics } from './diagnostics.js';
import { CliExit, readStdin, type CliIo } from './io.js';
import { addRepoOptions, openIndex, repoRelative, type RepoFlags } from './repo-source.js';

type Format = 'text' | 'json';

const formatOption = (): Option => new Option('--format <format>', 'output format').choices(['text', 'json']).default('text');

/**
 * Prints a result as JSON (with the index's `diagnostics`) or as its text rendering, then
 * says on stderr what the index skipped or could not fully parse (./diagnostics.ts).
 */
function print<T extends object>(io: CliIo, flags: RepoFlags & { format: Format }, index: Index, result: T, text: (r: T) => string): void {
  io.stdout.write(flags.format === 'json' ? JSON.stringify({ ...result, diagnostics: diagnosticsField(index.diagnostics) }) + '\n' : text(result));
  reportDiagnostics(io, index.diagnostics, flags, flags.format === 'text');
}

export function registerNavigate(program: Command, io: CliIo): void {
  addRepoOptions(
    program
      .command('symbols')
      .description('Find definitions by name: exact, prefix, substring or fuzzy (a typo), with kind, path and line span.')
      .argument('<query>', 'a symbol name or part of one'),
  )
    .addOption(new Option('--kind <kind>', 'only definitions of this kind').choices(SYMBOL_KINDS))
    .option('--limit <n>', 'definitions to show', positiveInt, NAVIGATE_DEFAULTS.symbolLimit)
    .addOption(formatOption())
    .action(async (query: string, flags: RepoFlags & { kind?: SymbolKind; limit: number; format: Format }) => {
      const { index } = await openIndex(flags, io, 'symbols');
      print(io, flags, index, findSymbols(index, query, { limit: flags.limit, ...(flags.kind ? { kind: flags.kind } : {}) }), renderSymbols);
    });

  addRepoOptions(
    program
      .command('refs')
      .description('Files and lines that reference a symbol, callers first, each with how it reaches the definition (same file, import, module).')
      .argument('<symbol>', 'the symbol name'),
  )
    .option('--path <file>', 'the file whose definition is meant, when several define the name')
    .option('--limit <n>', 'files to show', positiveInt, NAVIGATE_DEFAULTS.referenceFiles)
    .addOption(formatOption())
    .action(async (symbol: string, flags: RepoFlags & { path?: string; limit: number; format: Format }) => {
      const { index, source } = await openIndex(flags, io, 'refs');
      const path = flags.path !== undefined ? repoRelative(flags.path, source) : undefined;
      print(io, flags, index, findReferences(index, symbol, { limit: flags.limit, ...(path !== undefined ? { path } : {}) }), renderReferences);
    });

  addRepoOptions(
    program
      .command('impact')
      .description('What an edit ripples to (the edit2ripple ranking): callers, importers, tests and co-changed files, with their links to the edit and reasons.'),
  )
    .option('--diff <file>', 'a unified diff of the edit (- for standard input)')
    .option('--file <path>', 'the edited file (or the file a diff without headers edits)')
    .option('--top <n>', 'files to show', positiveInt, NAVIGATE_DEFAULTS.impactTop)
    .addOption(formatOption())
    .action(async (flags: RepoFlags & { diff?: string; file?: string; top: number; format: Format }) => {
      if (flags.diff === undefined && flags.file === undefined) throw new CliExit(2, 'impact needs --diff FILE (- for standard input) or --file PATH');
      const diff = flags.diff === undefined ? undefined : flags.diff === '-' ? await readStdin(io, '--diff') : await readDiff(resolve(io.cwd, flags.diff));
      const { index, source } = await openIndex(flags, io, 'impact');
      const file = flags.file !== undefined ? repoRelative(flags.file, source) : undefined;
      print(io, flags, index, editImpact(index, { ...(diff !== undefined ? { diff } : {}), ...(file !== undefined ? { file } : {}) }, { top: flags.top }), renderImpact);
    });

  addRepoOptions(
    program
      .command('outline')
      .description('The signatures of a file in line order, within a token budget (the most nested left out first).')
      .argument('<file>', 'repo-relative path of the file'),
  )
    .option('--budget <n>', 'token budget of the outline', positiveInt, NAVIGATE_DEFAULTS.outlineBudget)
    .addOption(new Option('--tokenizer <name>', 'how tokens are counted').choices(TOKENIZERS).default(DEFAULT_TOKENIZER))
    .addOption(formatOption())
    .action(async (file: string, flags: RepoFlags & { budget: number; tokenizer: TokenizerName; format: Format }) => {
      const { index, source } = await openIndex(flags, io, 'outline');
      print(io, flags, index, await outlineFile(index, repoRelative(file, source), { budget: flags.budget, tokenizer: flags.tokenizer }), renderOutline);
    });

  addRepoOptions(program.command('status').description('What the index of a repository holds: files per language, parse errors, what was skipped, symbols, edges, the tags cache.'))
    .addOption(formatOption())
    .action(async (flags: RepoFlags & { format: Format }) => {
      const { index, cacheFile } = await openIndex(flags, io, 'status');
      const status = { ...indexStatus(index), cacheFile: cacheFile ?? null, builtAt: new Date().toISOString() };
      const cache = index.stats.cache;
      print(io, flags, index, status, (s) =>
        renderStatus(s, [
          ['tags cache', cacheFile !== undefined ? `${cacheFile}${cache ? ` (${cache.hits} files from it, ${cache.misses} parsed)` : ''}` : 'none'],
          ['built', s.builtAt],
        ]),
      );
    });
}

async function readDiff(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new CliExit(1, `cannot read --diff ${file}: ${(error as Error).message}`);
  }
}
