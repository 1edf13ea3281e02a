/**
 * The agent tools as commands (what `repomap mcp` serves as find_symbol, references,
 * impact, outline and index_status): `symbols`, `refs`, `impact`, `outline`, `status`.
 * Their arguments and help; ./navigate-actions.ts, loaded when one runs, does the work.
 */
import { Option, type Command } from 'commander';
// leaf modules, not the stages' entries: --help shows these names without loading the engine
import { DEFAULT_TOKENIZER, NAVIGATE_DEFAULTS, SYMBOL_KINDS, TOKENIZERS } from '../unstable.js';
import { positiveInt } from './arguments.js';
import type { CliIo } from './io.js';
import type { ImpactFlags, OutlineFlags, RefsFlags, StatusFlags, SymbolsFlags } from './navigate-actions.js';
import { addRepoOptions } from './repo-source.js';

const formatOption = (): Option =>
  new Option('--format <format>', 'output format').choices(['text', 'json']).default('text');

const actions = (): Promise<typeof import('./navigate-actions.js')> => import('./navigate-actions.js');

export function registerNavigate(program: Command, io: CliIo): void {
  addRepoOptions(
    program
      .command('symbols')
      .description(
        'Find definitions by name: exact, prefix, substring or fuzzy (a typo), with kind, path and line span.',
      )
      .argument('<query>', 'a symbol name or part of one'),
  )
    .addOption(new Option('--kind <kind>', 'only definitions of this kind').choices(SYMBOL_KINDS))
    .option('--limit <n>', 'definitions to show', positiveInt, NAVIGATE_DEFAULTS.symbolLimit)
    .addOption(formatOption())
    .action(async (query: string, flags: SymbolsFlags) => (await actions()).symbolsAction(io, query, flags));

  addRepoOptions(
    program
      .command('refs')
      .description(
        'Files and lines that reference a symbol, callers first, each with how it reaches the definition (same file, import, module).',
      )
      .argument('<symbol>', 'the symbol name'),
  )
    .option('--path <file>', 'the file whose definition is meant, when several define the name')
    .option('--limit <n>', 'files to show', positiveInt, NAVIGATE_DEFAULTS.referenceFiles)
    .addOption(formatOption())
    .action(async (symbol: string, flags: RefsFlags) => (await actions()).refsAction(io, symbol, flags));

  addRepoOptions(
    program
      .command('impact')
      .description(
        'What an edit ripples to (the edit2ripple ranking): callers, importers, tests and co-changed files, with their links to the edit and reasons.',
      ),
  )
    .option('--diff <file>', 'a unified diff of the edit (- for standard input)')
    .option('--file <path>', 'the edited file (or the file a diff without headers edits)')
    .option('--top <n>', 'files to show', positiveInt, NAVIGATE_DEFAULTS.impactTop)
    .addOption(formatOption())
    .action(async (flags: ImpactFlags) => (await actions()).impactAction(io, flags));

  addRepoOptions(
    program
      .command('outline')
      .description(
        'The signatures of a file in line order, each whole (a multi-line one up to its body), within a token budget (variables, then the most nested, left out first).',
      )
      .argument('<file>', 'repo-relative path of the file'),
  )
    .option('--budget <n>', 'token budget of the outline', positiveInt, NAVIGATE_DEFAULTS.outlineBudget)
    .addOption(
      new Option('--tokenizer <name>', 'how tokens are counted').choices(TOKENIZERS).default(DEFAULT_TOKENIZER),
    )
    .addOption(formatOption())
    .action(async (file: string, flags: OutlineFlags) => (await actions()).outlineAction(io, file, flags));

  addRepoOptions(
    program
      .command('status')
      .description(
        'What the index of a repository holds: files per language, parse errors, what was skipped, symbols, edges, the tags cache.',
      ),
  )
    .addOption(formatOption())
    .action(async (flags: StatusFlags) => (await actions()).statusAction(io, flags));
}
