/** Counts the ERROR and MISSING nodes of a parse tree. */
import type { Node } from 'web-tree-sitter';

/** Number of ERROR plus MISSING nodes under `root` (0 without walking when the tree is clean). */
export function countErrorNodes(root: Node): number {
  if (!root.hasError) return 0;
  let count = 0;
  const cursor = root.walk();
  try {
    for (;;) {
      const node = cursor.currentNode;
      if (node.isError || node.isMissing) count += 1;
      // Only subtrees that contain an error are worth entering.
      if (node.hasError && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return count;
      }
    }
  } finally {
    cursor.delete();
  }
}
