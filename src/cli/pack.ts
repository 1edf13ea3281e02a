import { join, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { loadCorpus } from '../corpus/index.js';
import { packageRoot } from '../package-root.js';
import { DEFAULT_TOKENIZER, PACK_FORMATS, TOKENIZERS, type PackFormat, type TokenizerName } from '../pack/index.js';
import { buildIndex } from '../repomap.js';
import { TASKS, type Task } from '../types.js';
import type { CliIo } from './io.js';
import { queryFromFlags } from './query-input.js';
import { DEFAULT_REPO, positiveInt } from './rank.js';
import { repoSource } from './repo-source.js';

/** Default budget: the contract's BCY@8k point, a common context share for retrieved code. */
export const DEFAULT_BUDGET = 8000;

interface PackFlags {
  repo?: string;
  commit?: string;
  query?: string;
  queryFile?: string;
  task?: Task;
  budget: number;
  tokenizer: TokenizerName;
  format: PackFormat;
}

export function registerPack(program: Command, io: CliIo): void {
  program
    .command('pack')
    .description('Pack the ranked spans of a repository for a query into a token budget (Markdown for a prompt, or JSON).')
    .option('--repo <dir>', 'repository folder or git directory (default: the bundled fixture repository)')
    .option('--commit <sha>', 'read the tree at this commit straight from git (no checkout); a bare repository defaults to HEAD')
    .option('--query <text>', 'query text')
    .option('--query-file <file>', 'file holding the query: plain text, an ARB query object, or an ARB sample row')
    .addOption(new Option('--task <task>', 'task mode (inferred from the query when absent)').choices(TASKS))
    .option('--budget <n>', 'hard token budget of the whole output (headers and trailer included)', positiveInt, DEFAULT_BUDGET)
    .addOption(new Option('--tokenizer <name>', 'how tokens are counted').choices(TOKENIZERS).default(DEFAULT_TOKENIZER))
    .addOption(new Option('--format <format>', 'output format').choices(PACK_FORMATS).default('markdown'))
    .action(async (flags: PackFlags) => {
      const input = await queryFromFlags(flags, io, 'pack');
      const repo = flags.repo ? resolve(io.cwd, flags.repo) : join(packageRoot(), DEFAULT_REPO);
      const index = await buildIndex(await loadCorpus(repoSource(repo, flags.commit)));
      const pack = await index.pack(input.query, {
        budget: flags.budget,
        tokenizer: flags.tokenizer,
        format: flags.format,
        ...((flags.task ?? input.task) ? { task: flags.task ?? input.task } : {}),
      });
      if (pack.files.length === 0) {
        const why = pack.omitted.length + pack.omittedMore === 0 ? 'the query ranks no file' : `no ranked file fits in --budget ${flags.budget} (${flags.tokenizer} tokens)`;
        io.stderr.write(`repomap: note: nothing packed: ${why}\n`);
      }
      io.stdout.write(pack.text);
    });
}
