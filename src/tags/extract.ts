/**
 * The tags stage: parse each file with its language's grammar, run the tags query, and
 * return plain records. WASM trees are freed after every file and never leave this folder.
 */
import type { Diagnostic, FileRecord, FileTags, LanguageId } from '../types.js';
import { collectTags } from './collect.js';
import { messageOf } from './grammar.js';
import { languageTools, renewParser, type LanguageTools } from './language-tools.js';
import { countErrorNodes } from './syntax-errors.js';

export interface TagsOptions {
  /** Called with (files done, files to parse): once with done = 0, then after every file. */
  onProgress?: (done: number, total: number) => void;
}

export interface TagsResult {
  /** One entry per file with a language, sorted by path (byte order); files that failed to parse are absent. */
  tags: FileTags[];
  /** `parse-error` for files with syntax errors (tags kept), `parse-failed` for files that could not be parsed. */
  diagnostics: Diagnostic[];
}

/**
 * Extracts definitions, references and imports from every file that has a language.
 * One bad file never throws: it becomes a diagnostic. A grammar that cannot load
 * (`grammar-load-failed`) or a broken query (`query-error`) does throw.
 */
export async function extractTags(files: readonly FileRecord[], options: TagsOptions = {}): Promise<TagsResult> {
  const parseable = files
    .filter((file): file is FileRecord & { language: LanguageId } => file.language !== null)
    .sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)));
  const tags: FileTags[] = [];
  const diagnostics: Diagnostic[] = [];
  options.onProgress?.(0, parseable.length);

  for (const [i, file] of parseable.entries()) {
    const tools = await languageTools(file.language, file.path);
    try {
      const fileTags = parseWith(tools, file.path, file.text);
      tags.push(fileTags);
      if (fileTags.errorNodes > 0) {
        diagnostics.push({
          code: 'parse-error',
          file: file.path,
          message: `${fileTags.errorNodes} syntax error nodes; tags kept from the parts that parsed`,
        });
      }
    } catch (cause) {
      renewParser(tools);
      diagnostics.push({ code: 'parse-failed', file: file.path, message: `cannot parse: ${messageOf(cause)}` });
    }
    options.onProgress?.(i + 1, parseable.length);
  }
  return { tags, diagnostics };
}

/** Tags of one source text; a convenience for tests and tools. Throws when the text cannot be parsed. */
export async function tagsFromSource(language: LanguageId, path: string, text: string): Promise<FileTags> {
  const tools = await languageTools(language, path);
  try {
    return parseWith(tools, path, text);
  } catch (cause) {
    renewParser(tools);
    throw cause;
  }
}

function parseWith(tools: LanguageTools, path: string, text: string): FileTags {
  const tree = tools.parser.parse(text);
  if (!tree) throw new Error(`the ${tools.language} parser returned no tree`);
  try {
    const root = tree.rootNode;
    const { definitions, references, imports } = collectTags(tools.query, root);
    return { path, language: tools.language, definitions, references, imports, errorNodes: countErrorNodes(root) };
  } finally {
    tree.delete();
  }
}
