import type { DeepPartial } from '../options/resolve.js';

/**
 * Tunables of the graph stage, in one place so a benchmark can sweep them and
 * DESIGN.md can explain them. Edge weights here are the weights stored on the
 * graph; how strongly rank flows along each type and direction is the rank
 * stage's business (RANK_DEFAULTS.flow).
 */
export const GRAPH_DEFAULTS = {
  /** Weight of an `import` edge from a file to each file its import resolves to. */
  importWeight: 1,
  /** Weight of a `source-test` edge found by naming convention (x_test.go ↔ x.go, …). */
  conventionTestWeight: 1,
  /** Weight of a `source-test` edge derived from a test's imports of a source file. */
  importedByTestWeight: 0.5,
  /** Weight of a `same-module` edge (files in one directory). Weak on purpose. */
  sameModuleWeight: 0.1,
  /**
   * Weight scale of a `co-change` edge (files earlier commits changed together;
   * git corpora only). 0 turns the signal off and skips reading history. On the
   * dev subset, 0 → 4 raised Recall@20 from 0.81 to 0.89 (code2test) and 0.78 to
   * 0.82 (edit2ripple); 8 was no better.
   */
  coChangeWeight: 4,
  /** Directories with more files than this get no same-module clique (k² edges). */
  maxModuleSize: 64,
  sharedSymbol: {
    /** Multiplier when a name is defined in more than `manyDefiners` files (Aider: ×0.1 above 5). */
    manyDefinersFactor: 0.1,
    manyDefiners: 5,
    /** Names defined in more than this many files are too generic to link anything. */
    maxDefiners: 25,
    /** Multiplier for `_private` names. */
    privateFactor: 0.1,
    /** Multiplier for long, distinctive identifiers (snake_case/camelCase, ≥ minDistinctiveLength). */
    distinctiveFactor: 10,
    minDistinctiveLength: 8,
    /** Names shorter than this never link files. */
    minNameLength: 3,
    /** Multiplier for the names of GENERIC_NAMES (`get`, `new`, `String`, …). */
    genericFactor: 0.1,
    /**
     * Targets a file keeps, its heaviest by summed weight (0: every one). On union-10k a
     * file's 32 heaviest hold 99 % of its shared-symbol weight and 61 % of its edges. On
     * the held-in half against 0: R@20 the same, MRR +0.0001, BCY@8k −0.0014 (16: MRR
     * −0.0004, BCY@8k −0.0036; 64: identical, but 84 % of the edges kept): bench/NOTES.md.
     */
    maxTargetsPerFile: 32,
  },
};

/** Overrides of GRAPH_DEFAULTS, merged key by key (`{ sharedSymbol: { maxDefiners: 3 } }` keeps the other fields). */
export type GraphOptions = DeepPartial<typeof GRAPH_DEFAULTS>;

/**
 * Names too common across codebases to say two files are related; listed, not
 * learned, so the rule is readable. They still link, at GRAPH_DEFAULTS.sharedSymbol.genericFactor.
 */
export const GENERIC_NAMES: ReadonlySet<string> = new Set([
  'new',
  'get',
  'set',
  'put',
  'add',
  'run',
  'init',
  'main',
  'len',
  'size',
  'call',
  'apply',
  'bind',
  'map',
  'filter',
  'reduce',
  'push',
  'pop',
  'close',
  'open',
  'read',
  'write',
  'next',
  'start',
  'stop',
  'toString',
  'String',
  'equals',
  'hashCode',
  'clone',
  'default',
  'from',
  'into',
  'as_ref',
  'unwrap',
  'expect',
  'format',
  'fmt',
  'clear',
  'contains',
  'insert',
  'remove',
  'keys',
  'values',
  'items',
  'update',
  'append',
  'extend',
  'copy',
  'value',
  'name',
  'type',
  'id',
  'key',
  'data',
  'result',
  'error',
  'Error',
  'test',
  'setUp',
  'tearDown',
  'handle',
  'handler',
  'create',
  'build',
  'parse',
  'load',
  'save',
  'reset',
  'is_empty',
  'isEmpty',
  'length',
  'join',
  'split',
  'strip',
  'trim',
  'log',
  'debug',
  'info',
  'warn',
  'Println',
  'Printf',
  'Sprintf',
  'Errorf',
  'Fatalf',
  'Equal',
  'NoError',
  'Nil',
  'True',
  'False',
  'assertEquals',
  'assertTrue',
  'assertFalse',
  'assertNull',
  'assertNotNull',
  'assert_eq',
  'assert',
  'describe',
  'it',
  'require',
  'resolve',
  'reject',
  'then',
  'catch',
  'Object',
  'Array',
  'Promise',
  'Map',
  'Set',
  'Self',
  'self',
  'super',
  'Ok',
  'Err',
  'Some',
  'None',
  'Box',
  'Vec',
  'Option',
  'Result',
  'Arc',
  'Rc',
  'drop',
  'iter',
  'collect',
  'to_string',
  'Debug',
  'Display',
  'Clone',
  'Context',
  'Request',
  'Response',
  'Config',
  'Options',
]);
