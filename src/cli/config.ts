/**
 * Defaults a repository keeps for the commands run on it: `repomap.config.json` at its
 * root, else the `repomap` key of its package.json. A command-line flag wins over the
 * file, and the file over the built-in default. Unknown keys and wrong types are errors
 * naming the file and the key.
 */
import type { Command } from 'commander';
import * as z from 'zod';
import { TOKENIZERS } from '../unstable.js';
import { CliExit } from './io.js';

const patterns = z.array(z.string().min(1)).describe('patterns in gitignore syntax');

/** Every key a config may hold; each is the default of the option of the same name. */
export const CONFIG_SCHEMA = z.strictObject({
  /** rank: files to show. */
  top: z.number().int().min(1).optional(),
  /** pack, outline: token budget. */
  budget: z.number().int().min(1).optional(),
  /** pack, outline: how tokens are counted. */
  tokenizer: z.enum(TOKENIZERS).optional(),
  /** Files to leave out, on top of .gitignore and .repomapignore. */
  exclude: patterns.optional(),
  /** When given, only files matching one of these are read. */
  include: patterns.optional(),
});
export type RepomapConfig = z.infer<typeof CONFIG_SCHEMA>;

/**
 * Sets the config's values on `command` as the values of its options that the command
 * line left at their defaults (commander then reports their source as 'config').
 * Keys the command has no option for are left alone.
 */
export function applyConfig(command: Command, config: RepomapConfig): void {
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined || !command.options.some((o) => o.attributeName() === key)) continue;
    const source = command.getOptionValueSource(key);
    if (source === undefined || source === 'default') command.setOptionValueWithSource(key, value, 'config');
  }
}

/** A config value as read from `where`, checked against the schema (a CliExit naming the key when it does not fit). */
export function checkedConfig(value: unknown, where: string): RepomapConfig {
  const result = CONFIG_SCHEMA.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const known = Object.keys(CONFIG_SCHEMA.shape).join(', ');
    throw new CliExit(2, `${where}: unknown key ${issue.keys.map((k) => `"${k}"`).join(', ')} (known: ${known})`);
  }
  const key = issue.path.length > 0 ? `"${issue.path.join('.')}"` : 'the config';
  throw new CliExit(2, `${where}: ${key}: ${issue.message}`);
}
