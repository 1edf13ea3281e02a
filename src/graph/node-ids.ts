import type { EdgeType } from '../types.js';

/** One letter per edge type, in edge keys. */
const TYPE_LETTER: Readonly<Record<EdgeType, string>> = {
  import: 'i',
  'shared-symbol': 's',
  'source-test': 't',
  'same-module': 'm',
  'co-change': 'c',
};

/**
 * The key of a graphology edge (type, source, target), by the nodes' numbers (their
 * positions in the corpus' paths): the type's letter and the two numbers (`s12>407`). A
 * 10k-file graph holds some 180k edges, and keys that spelled out both paths took 16 MB
 * of its heap.
 */
export function edgeKey(type: EdgeType, source: number, target: number): string {
  return `${TYPE_LETTER[type]}${source}>${target}`;
}
