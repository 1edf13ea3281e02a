import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Command, Option } from 'commander';
import { buildIndex } from '../repomap.js';
import { loadCorpus } from '../corpus/index.js';
import { packageRoot } from '../package-root.js';
import { renderExplanation } from '../render/explain.js';
import { TASKS, type Task } from '../types.js';
import type { CliIo } from './io.js';
import { queryFromFlags } from './query-input.js';
import { DEFAULT_REPO, positiveInt } from './rank.js';
import { repoSource } from './repo-source.js';

interface ExplainFlags {
  repo?: string;
  commit?: string;
  query?: string;
  queryFile?: string;
  task?: Task;
  paths: number;
  format: 'text' | 'json';
  includeGiven?: boolean;
}

export function registerExplain(program: Command, io: CliIo): void {
  program
    .command('explain')
    .description('Explain why a file ranks where it does for a query: score parts, cues matched, strongest edge paths from seeded files.')
    .argument('<file>', 'repo-relative path of the file to explain')
    .option('--repo <dir>', 'repository folder or git directory (default: the bundled fixture repository)')
    .option('--commit <sha>', 'read the tree at this commit straight from git (no checkout); a bare repository defaults to HEAD')
    .option('--query <text>', 'query text')
    .option('--query-file <file>', 'file holding the query: plain text, an ARB query object, or an ARB sample row')
    .addOption(new Option('--task <task>', 'task mode (inferred from the query when absent)').choices(TASKS))
    .option('--paths <n>', 'edge paths to show', positiveInt, 3)
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--include-given', 'rank given files where they fall instead of last')
    .action(async (file: string, flags: ExplainFlags) => {
      const input = await queryFromFlags(flags, io, 'explain');
      const repo = flags.repo ? resolve(io.cwd, flags.repo) : join(packageRoot(), DEFAULT_REPO);
      const source = repoSource(repo, flags.commit);
      const index = await buildIndex(await loadCorpus(source));
      const explanation = index.explain(input.query, repoRelative(file, 'folder' in source ? repo : null), {
        task: flags.task ?? input.task,
        includeGiven: flags.includeGiven,
        paths: flags.paths,
      });
      io.stdout.write(flags.format === 'json' ? JSON.stringify(explanation) + '\n' : renderExplanation(explanation));
    });
}

/** An absolute path inside the folder becomes repo-relative; anything else is taken as written, in POSIX form. */
function repoRelative(file: string, folder: string | null): string {
  const inside = folder !== null && isAbsolute(file) ? relative(folder, file) : null;
  const path = inside !== null && !inside.startsWith('..') && !isAbsolute(inside) ? inside : file;
  return path.split(sep).join('/').replace(/^\.\//, '');
}
