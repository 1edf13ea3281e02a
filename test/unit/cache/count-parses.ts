import type * as Tags from '../../../src/tags/index.js';
import type { FileRecord } from '../../../src/types.js';

/**
 * The tags stage module with `extractTags` counting the files it is asked to parse into
 * `parsed.files`; for `vi.mock('…/src/tags/index.js', …)` in tests of the tags cache.
 */
export function countingTags(original: typeof Tags, parsed: { files: number }): typeof Tags {
  return {
    ...original,
    extractTags: (files: readonly FileRecord[], options?: Parameters<typeof original.extractTags>[1]) => {
      parsed.files += files.filter((f) => f.language !== null).length;
      return original.extractTags(files, options);
    },
  };
}
