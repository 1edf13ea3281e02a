/**
 * Import rules of src/, checked in CI (`npm run check:deps`, .ci/run). Each rule says
 * why it holds; a violation fails with the rule's name and the import that broke it.
 * The rules are those of STYLE.md's "Boundaries" and "Seams" that hold today; where a
 * rule has known exceptions they are listed by path, so the list can only shrink.
 */
/** The adapters over the library: the command line (with the MCP server, cli/mcp/), the eval harness. */
const ADAPTERS = '^src/(cli|eval)/';
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
        'The library (src/ but cli/ and eval/; its entries included) never depends on the command ' +
        'line, the MCP server or the eval harness: they are built on it.',
      from: { path: '^src/', pathNot: ADAPTERS },
      to: { path: ADAPTERS },
    },
    {
      name: 'eval-not-to-cli',
      severity: 'error',
      comment:
        'The eval harness (the repomap/eval subpath) uses the library; the CLI runs it, not the other way round.',
      from: { path: '^src/eval/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'eval-opens-indexes-through-persist',
      severity: 'error',
      comment:
        "The eval opens each commit's index through openIndex (src/persist/), as the command " +
        'line, the daemon and the MCP server do: one way to open or update an index. It reads ' +
        'corpora (texts for BCY, BM25 over the files) but never builds an index itself. (A rule ' +
        'sees modules, not names: the entry, which eval/config.ts and run-pack.ts import, ' +
        're-exports buildIndex too.)',
      from: { path: '^src/eval/' },
      to: { path: '^src/build/build-index\\.ts$' },
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
          '^src/(corpus|cache|persist|tags|cli|eval)/',
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
      from: { path: '^src/', pathNot: ['^src/(build|persist|cli|eval)/', ENTRIES] },
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
      from: { path: '^src/', pathNot: ['^src/(persist|cli|eval)/', ENTRIES] },
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
        'The command line (and the MCP server it serves, cli/mcp/) is an adapter over the library: it ' +
        "imports the package's entries, src/index.ts (repomap), src/unstable.ts (repomap/unstable) and " +
        'src/eval/index.ts (repomap/eval), and its own folder. What it needs of an internal, an entry exports.',
      from: { path: '^src/cli/' },
      to: {
        path: '^src/',
        pathNot: ['^src/cli/', '^src/index\\.ts$', '^src/unstable\\.ts$', '^src/eval/index\\.ts$'],
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
