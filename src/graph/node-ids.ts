import { RepoMapError } from '../errors.js';
import type { EdgeType } from '../types.js';
import type { EdgeSpec } from './edge.js';

/** One letter per edge type, in edge keys. */
const TYPE_LETTER: Readonly<Record<EdgeType, string>> = { import: 'i', 'shared-symbol': 's', 'source-test': 't', 'same-module': 'm', 'co-change': 'c' };

/**
 * The numbers a graph's edge keys are made of: one per node, given in corpus order at a
 * build and, to files an update adds, the next ones never given; a removed file's number
 * is not given again while the graph lives.
 *
 * Keys are the type's letter and the two numbers (`s12>407`): a 10k-file graph holds
 * some 180k edges, and keys that spelled out both paths took 16 MB of its heap. A graph
 * that an update changed and a fresh build of the same corpus have the same edges under
 * other keys.
 */
export class NodeIds {
  private readonly ids = new Map<string, number>();
  private next = 0;

  constructor(paths: Iterable<string>) {
    for (const path of paths) this.add(path);
  }

  add(path: string): void {
    this.ids.set(path, this.next++);
  }

  delete(path: string): void {
    this.ids.delete(path);
  }

  /** The key of the edge (type, source, target); both must be nodes of the graph. */
  key(e: Pick<EdgeSpec, 'type' | 'source' | 'target'>): string {
    return this.keyOfNumbers(e.type, this.id(e.source), this.id(e.target));
  }

  /**
   * The key of the edge (type, source, target) by the nodes' numbers: for a graph whose
   * nodes were all given at construction, a node's number is its position in those paths.
   */
  keyOfNumbers(type: EdgeType, source: number, target: number): string {
    return `${TYPE_LETTER[type]}${source}>${target}`;
  }

  /** The key the edge (type, source, target) has or would have; undefined when either path is no node. */
  find(type: EdgeType, source: string, target: string): string | undefined {
    return this.ids.has(source) && this.ids.has(target) ? this.key({ type, source, target }) : undefined;
  }

  private id(path: string): number {
    const id = this.ids.get(path);
    if (id === undefined) throw new RepoMapError('internal', `repomap/graph: an edge names ${path}, which is not a node of the graph`, path);
    return id;
  }
}
