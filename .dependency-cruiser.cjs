/**
 * Import rules of src/, checked in CI (`npm run check:deps`, .ci/run). Each rule says
 * why it holds; a violation fails with the rule's name and the import that broke it.
 * The rules are those of STYLE.md's "Boundaries" and "Seams" that hold today; where a
 * rule has known exceptions they are listed by path, so the list can only shrink.
 */
/** The adapters over the library: the command line, the MCP server, the eval harness. */
const ADAPTERS = '^src/(cli|mcp|eval)/';
/** The package's entries into the library: the public API (`repomap`) and its unstable rest (`repomap/unstable`). */
const ENTRIES = '^src/(index|unstable)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle means a contract is in the wrong room: it belongs with its provider ' +
        '(src/cache/types.ts, src/tags/protocol.ts, pack/ declaring what it reads of an index), ' +
        'which consumers import, never the other way round. Type-only imports count.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'core-not-to-adapters',
      severity: 'error',
      comment:
        'The library (src/ but cli/, mcp/, eval/; its entries included) never depends on the command ' +
        'line, the MCP server or the eval harness: they are built on it.',
      from: { path: '^src/', pathNot: ADAPTERS },
      to: { path: ADAPTERS },
    },
    {
      name: 'eval-not-to-cli-mcp',
      severity: 'error',
      comment:
        'The eval harness (the repomap/eval subpath) uses the library; the CLI runs it, not the other way round.',
      from: { path: '^src/eval/' },
      to: { path: '^src/(cli|mcp)/' },
    },
    {
      name: 'src-not-to-test-bench',
      severity: 'error',
      comment: 'Tests and benchmarks use the package; the package never reads them (they are not shipped).',
      from: { path: '^src/' },
      to: { path: '^(test|bench|fixtures)/' },
    },
    {
      name: 'shared-records-import-nothing',
      severity: 'error',
      comment:
        'types.ts (shared records) and errors.ts (RepoMapError) are the floor every stage stands on: they import nothing of src/.',
      from: { path: '^src/(types|errors)\\.ts$' },
      to: { path: '^src/' },
    },
    {
      name: 'tree-sitter-only-in-tags',
      severity: 'error',
      comment:
        'WASM trees never leave tags/: it turns them into plain Tag records and frees them, so only tags/ imports web-tree-sitter.',
      from: { path: '^src/', pathNot: '^src/tags/' },
      to: { path: 'node_modules/web-tree-sitter/' },
    },
    {
      name: 'graphology-only-in-graph-rank',
      severity: 'error',
      comment:
        'The friendly Graph API stays in graph/ (and rank/, which may read it); the rest sees FileGraph and the CSR arrays.',
      from: { path: '^src/', pathNot: '^src/(graph|rank)/' },
      to: { path: 'node_modules/graphology' },
    },
    {
      name: 'processes-only-in-corpus',
      severity: 'error',
      comment:
        'Git runs in corpus/ (git-process.ts); the eval harness starts its worker processes; `repomap daemon start` ' +
        'starts the daemon (cli/daemon-action.ts). Nothing else spawns.',
      from: { path: '^src/', pathNot: ['^src/corpus/', '^src/eval/', '^src/cli/daemon-action\\.ts$'] },
      to: { path: '^(node:)?child_process$', dependencyTypes: ['core'] },
    },
    {
      name: 'fs-only-in-io-stages',
      severity: 'error',
      comment:
        'The file system is read by corpus/ (the files), cache/ (the store), persist/ (the ' +
        'snapshot files), tags/ (wasm and queries) and the adapters. Known exceptions, to be moved into those stages: ' +
        "languages/manifest.ts and package-root.ts (reading the package's own files).",
      from: {
        path: '^src/',
        pathNot: [
          '^src/(corpus|cache|persist|tags|cli|mcp|eval)/',
          '^src/package-root\\.ts$',
          '^src/languages/manifest\\.ts$',
        ],
      },
      to: { path: '^(node:)?fs(/promises)?$', dependencyTypes: ['core'] },
    },
    {
      name: 'options-is-a-leaf',
      severity: 'error',
      comment:
        'options/ (resolveOptions, DeepPartial) is how every stage reads its settings: it imports nothing of src/ but the error class.',
      from: { path: '^src/options/' },
      to: { path: '^src/', pathNot: ['^src/options/', '^src/errors\\.ts$'] },
    },
    {
      name: 'stages-below-build',
      severity: 'error',
      comment:
        'build/ joins the stages (corpus, tags, lexical, graph, rank, spans, explain, pack, navigate) ' +
        'into an Index; a stage never reaches up into it (navigate/ declares what it reads of an index, ' +
        'NavigableIndex). Only the entries, persist/ (which keeps an Index and opens it again) and the adapters use build/.',
      from: { path: '^src/', pathNot: ['^src/(build|persist|cli|mcp|eval)/', ENTRIES] },
      to: { path: '^src/build/' },
    },
    {
      name: 'lexical-below-rank',
      severity: 'error',
      comment:
        'lexical/ (BM25, BM25F, text terms) is the stage rank/ builds its lexical seeds on; it ' +
        'knows nothing of ranking, spans or explanations, so it stays usable alone.',
      from: { path: '^src/lexical/' },
      to: { path: '^src/(rank|spans|explain)/' },
    },
    {
      name: 'rank-below-spans-explain',
      severity: 'error',
      comment:
        'spans/ and explain/ are built on ranked files and the RankContext; rank/ never reaches ' +
        'up into them (the reasons score.ts writes live in rank/reasons.ts), so the split folders ' +
        'stay one stage each.',
      from: { path: '^src/rank/' },
      to: { path: '^src/(spans|explain)/' },
    },
    {
      name: 'only-persist-imports-codecs',
      severity: 'error',
      comment:
        'A stage that keeps state encodes and decodes it in its own codec (<stage>/codec.ts, with ' +
        'a format version); src/persist/ alone joins them into a snapshot, so nothing else knows ' +
        "a stage's persisted layout.",
      from: { path: '^src/', pathNot: '^src/persist/' },
      to: { path: '^src/[^/]+/codec\\.ts$' },
    },
    {
      name: 'persist-above-build',
      severity: 'error',
      comment:
        'persist/ keeps a built Index and opens it again: the entries and the adapters use it; ' +
        'the stages and build/ never do, but for the section encoding their codecs write to ' +
        '(persist/sections.ts, which imports nothing of src/ but the error class).',
      from: { path: '^src/', pathNot: ['^src/(persist|cli|mcp|eval)/', ENTRIES] },
      to: { path: '^src/persist/', pathNot: '^src/persist/sections\\.ts$' },
    },
    {
      name: 'sections-is-a-leaf',
      severity: 'error',
      comment:
        'persist/sections.ts is what stage codecs write to: it imports nothing of src/ but the error class, so codecs do not reach into persist/.',
      from: { path: '^src/persist/sections\\.ts$' },
      to: { path: '^src/', pathNot: '^src/errors\\.ts$' },
    },
    {
      name: 'cli-through-the-entry',
      severity: 'error',
      comment:
        'The command line is an adapter over the library: it imports src/index.ts (the package ' +
        'entry) and its own folder. The exceptions below are imports it makes today, each a ' +
        'named TODO: the list can only shrink (a new import of an internal fails this rule).',
      from: { path: '^src/cli/' },
      to: {
        path: '^src/',
        pathNot: [
          '^src/cli/',
          '^src/index\\.ts$',
          // TODO(build): the Index type and the MCP Workspace: types and a class the entry exports already
          '^src/build/index\\.ts$',
          '^src/build/live\\.ts$',
          // TODO(cache): the tags store the cache flags open (cache-store.ts, cache-action.ts): openIndex could take the flags' store options
          '^src/cache/index\\.ts$',
          '^src/cache/location\\.ts$',
          '^src/cache/sqlite\\.ts$',
          '^src/cache/store-defaults\\.ts$',
          '^src/cache/store-file\\.ts$',
          // TODO(corpus): repository checks (repo-check.ts) and content reading the entry does not export
          '^src/corpus/content\\.ts$',
          '^src/corpus/ignore-rules\\.ts$',
          '^src/corpus/index\\.ts$',
          '^src/corpus/repository-file\\.ts$',
          // TODO(cues): the query reader (query-input.ts)
          '^src/cues/query\\.ts$',
          // TODO(errors): the error class, re-exported by the entry
          '^src/errors\\.ts$',
          // TODO(eval): the eval harness: its public subpath (eval/index.ts) and internals of run/score/fuse
          '^src/eval/details\\.ts$',
          '^src/eval/fuse\\.ts$',
          '^src/eval/index\\.ts$',
          '^src/eval/metrics\\.ts$',
          '^src/eval/run-defaults\\.ts$',
          '^src/eval/run-summary\\.ts$',
          '^src/eval/run\\.ts$',
          '^src/eval/samples\\.ts$',
          '^src/eval/span-metrics\\.ts$',
          '^src/eval/split\\.ts$',
          // TODO(explain): renderExplanation, which the entry exports
          '^src/explain/render\\.ts$',
          // TODO(mcp): the MCP server the mcp command serves
          '^src/mcp/server\\.ts$',
          // TODO(navigate): navigate defaults and finders beyond the entry's exports
          '^src/navigate/defaults\\.ts$',
          '^src/navigate/find-symbol\\.ts$',
          '^src/navigate/index\\.ts$',
          // TODO(pack): pack and tokenizers, mostly exported by the entry
          '^src/pack/index\\.ts$',
          '^src/pack/tokenizers\\.ts$',
          '^src/pack/types\\.ts$',
          // TODO(package-root): the package's own version and files
          '^src/package-root\\.ts$',
          // TODO(persist): openIndex (exported by the entry), the MCP keeper and cache prune of snapshot files
          '^src/persist/kept-index\\.ts$',
          '^src/persist/open-index\\.ts$',
          '^src/persist/snapshot-file\\.ts$',
          // TODO(render): renderers, exported by the entry
          '^src/render/index\\.ts$',
          // TODO(process): the V8 heap policy and the wasm module cache that main.ts sets before a command runs
          '^src/heap\\.ts$',
          '^src/tags/wasm-modules\\.ts$',
          // TODO(types): the shared records, re-exported by the entry
          '^src/types\\.ts$',
        ],
      },
    },
    {
      name: 'parse-workers-only-through-tags',
      severity: 'error',
      comment:
        'The worker pool, its worker and their protocol are tags/ internals: other stages call extractTags (or prestartWhenListed through tags/index.ts).',
      from: { path: '^src/', pathNot: '^src/tags/' },
      to: { path: '^src/tags/(pool|parse-worker|worker|wire|batch-queue|protocol|intern)\\.ts$' },
    },
  ],
  options: {
    // TypeScript 7's package has no compiler API for dependency-cruiser to parse with,
    // so it parses with swc; type-only imports are kept (tsPreCompilationDeps).
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // NodeNext imports say `./x.js` for `./x.ts`; dependency-cruiser maps them.
    enhancedResolveOptions: {
      extensions: ['.ts', '.js'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
