/**
 * The per-file budget of the tags stage: what one file may cost to parse and query before
 * it is left without tags. Deeply nested code (tens of thousands of chained calls or
 * nested literals) makes tree-sitter's query cursor quadratic, and past 32,767 levels it
 * also drops matches; two deterministic guards catch that before or while the query
 * runs, and a clock catches whatever else may stall a parse.
 */
import type { Node } from 'web-tree-sitter';
import { RepoMapError } from '../errors.js';
import { collectTags, type CollectedTags } from './collect.js';
import type { LanguageTools } from './language-tools.js';
import { countErrorNodes } from './syntax-errors.js';

export interface TagsBudget {
  /**
   * A syntax tree deeper than this many levels is not queried: the file is `too-complex`.
   * Hand-written code stays under a few hundred levels; tree-sitter's query cursor slows
   * down with depth and drops matches past 32,767.
   */
  maxTreeDepth: number;
  /**
   * In-progress matches of the tags query held at once (web-tree-sitter's `matchLimit`);
   * a file that needs more is `too-complex`. A chain of calls keeps one open per link:
   * 40,000 chained Java calls took 42 s to query without a limit. Not an option: the
   * runtime keeps the match lists of its one query cursor per thread, so a thread that
   * once ran with a larger limit would go on allowing that many.
   */
  matchLimit: number;
  /**
   * Wall-clock milliseconds parse and query of one file may take together; a file that
   * takes longer is left unparsed (`parse-failed`, tried again by the next build: unlike
   * the two limits above, the clock depends on the machine and its load).
   */
  timeMs: number;
}

/**
 * Changing `maxTreeDepth` or `matchLimit` changes which files have tags: bump
 * TAGS_INDEX_VERSION (src/cache/tags-version.ts) with them.
 */
/** What `TagsOptions.budget` may change. */
export type TagsBudgetOptions = Partial<Pick<TagsBudget, 'maxTreeDepth' | 'timeMs'>>;

export const TAGS_BUDGET: Readonly<TagsBudget> = Object.freeze({
  maxTreeDepth: 10_000,
  matchLimit: 1024,
  timeMs: 10_000,
});

/**
 * Whether a node lies more than `max` levels below `root` (the root is level 0).
 * @internal
 */
export function deeperThan(root: Node, max: number): boolean {
  // A subtree of n nodes is at most n - 1 levels deep: only large subtrees are entered,
  // so a typical file costs one call, and a large one a walk over its large subtrees' children.
  if (root.descendantCount - 1 <= max) return false;
  const cursor = root.walk();
  try {
    let depth = 0;
    for (;;) {
      const enter = depth + cursor.currentNode.descendantCount - 1 > max;
      if (enter && depth >= max && cursor.gotoFirstChild()) return true;
      if (enter && cursor.gotoFirstChild()) {
        depth++;
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return false;
        depth--;
      }
    }
  } finally {
    cursor.delete();
  }
}

/** A clock that says once `ms` milliseconds have passed since it was made; checked every 64 calls. */
export function deadline(ms: number): () => boolean {
  const until = performance.now() + ms;
  let calls = 0;
  let passed = false;
  return () => {
    if (!passed && (++calls & 63) === 0) passed = performance.now() > until;
    return passed;
  };
}

/**
 * Parses `text` and runs the tags query within `budget`: its tags and error nodes, or why
 * the budget left it without: a tree deeper than `maxTreeDepth`, a query needing more
 * than `matchLimit` matches at once, or (`late`) parse and query together running past
 * `timeMs`. Every parse of the tags stage and every snippet read goes through it, so no
 * query in the thread runs with a larger match limit (see `matchLimit`). Throws when the
 * parser fails.
 * @internal
 */
export function parseWithinBudget(
  tools: LanguageTools,
  text: string,
  budget: TagsBudget = TAGS_BUDGET,
): { tags: CollectedTags & { errorNodes: number } } | { message: string; late: boolean } {
  const late = deadline(budget.timeMs);
  const overTime = { message: `parse and tags query took over ${budget.timeMs} ms (the per-file budget)`, late: true };
  const tree = tools.parser.parse(text, null, { progressCallback: late });
  if (!tree) {
    if (!late())
      throw new RepoMapError(
        'parse-failed',
        `repomap/tags: the ${tools.language} parser returned no tree`,
        tools.language,
      );
    // a cancelled parse resumes where it stopped unless the parser is reset
    tools.parser.reset();
    return overTime;
  }
  try {
    const root = tree.rootNode;
    if (deeperThan(root, budget.maxTreeDepth))
      return { message: `its syntax tree is over ${budget.maxTreeDepth} levels deep`, late: false };
    const collected = collectTags(tools.query, root, text, { matchLimit: budget.matchLimit, progressCallback: late });
    if (late()) return overTime;
    if (tools.query.didExceedMatchLimit()) {
      return {
        message: `its tags query needs over ${budget.matchLimit} partial matches at once (deeply nested code)`,
        late: false,
      };
    }
    return { tags: { ...collected, errorNodes: countErrorNodes(root) } };
  } finally {
    tree.delete();
  }
}
