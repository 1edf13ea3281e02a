import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isReportable, messageWithoutModule } from '../../unstable.js';
import { ToolInputError } from './paths.js';

/** Argument names an error's subject may be (it is named in the refusal). */
const TOOL_FIELDS = new Set([
  'query',
  'task',
  'top',
  'path',
  'budget',
  'tokenizer',
  'format',
  'symbol',
  'kind',
  'limit',
  'diff',
  'file',
]);

/**
 * Runs a tool body; refusals and library errors become isError results that name the
 * field at fault (the error's subject when it is an argument, bad queries → `query`,
 * files outside the corpus → `pathField`), in words without the library's module prefix.
 */
export async function answer(body: () => Promise<CallToolResult>, pathField?: string): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof ToolInputError) return failure(error.message);
    if (isReportable(error)) {
      const field =
        error.subject && TOOL_FIELDS.has(error.subject)
          ? error.subject
          : error.code === 'bad-query'
            ? 'query'
            : error.code === 'bad-option' && pathField
              ? pathField
              : null;
      const message = messageWithoutModule(error);
      return failure(field ? `${field}: ${message}` : message);
    }
    throw error;
  }
}

export function failure(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
