// Child process for test/unit/cache/processes.test.ts: writes tags entries into a
// TagsStore through the compiled package, in batches, and reports each committed batch.
//
//   node writer.mjs <build dir> <db file> <prefix> <batches|forever|die-after-N> <batch size> [shared keys] [max bytes]
//
// die-after-N writes N batches, then SIGKILLs itself halfway through batch N's transaction.
// Each batch b writes keys `python:<prefix>-<b>-<i>`; with [shared keys] n, every batch
// also rewrites `python:shared-<(b*size+i) mod n>`, which other writers write too.
// With [max bytes], the store's cap: writes prune, here and in the other writers, so a batch
// read back may have lost rows (each row read must still be whole); the notes saying a
// write pruned are expected.
// Any other message from the store (a failed read or write, a rebuild) is fatal: exit 3.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [build, file, prefix, batchesArg, sizeArg, sharedArg, maxBytesArg] = process.argv.slice(2);
const pruning = maxBytesArg !== undefined;
const { TagsStore } = await import(pathToFileURL(join(build, 'src', 'cache', 'index.js')).href);

/** Must match `entryFor` in helpers.ts. */
function entryFor(key, size = 3) {
  return {
    tags: {
      language: 'python',
      definitions: Array.from({ length: size }, (_, i) => ({
        name: `${key}#d${i}`,
        kind: 'function',
        startLine: i + 1,
        endLine: i + 2,
      })),
      references: Array.from({ length: size }, (_, i) => ({ name: `${key}#r${i}`, kind: 'call', line: i + 1 })),
      imports: [{ specifier: `mod.${key}`, line: 1, names: [key] }],
      messages: [],
      errorNodes: 0,
    },
    diagnostics: [],
  };
}

const store = TagsStore.open(file, {
  ...(pruning ? { maxBytes: Number(maxBytesArg) } : {}),
  onMessage: (m) => {
    if (pruning && / passed its cap of /.test(m)) return;
    process.stderr.write(`store message: ${m}\n`);
    process.exit(3);
  },
});
const dieAfter = batchesArg.startsWith('die-after-') ? Number(batchesArg.slice('die-after-'.length)) : undefined;
const batches = batchesArg === 'forever' || dieAfter !== undefined ? Infinity : Number(batchesArg);
const size = Number(sizeArg);
const shared = sharedArg === undefined ? 0 : Number(sharedArg);
for (let b = 0; b < batches; b++) {
  const entries = [];
  for (let i = 0; i < size; i++) {
    const key = `python:${prefix}-${b}-${i}`;
    entries.push([key, entryFor(key, 20)]);
    if (shared > 0) {
      const s = `python:shared-${(b * size + i) % shared}`;
      entries.push([s, entryFor(s)]);
    }
  }
  if (b === dieAfter) {
    // putMany reads the entries inside its transaction: dying here leaves it half done.
    store.putMany(
      (function* () {
        for (const [i, entry] of entries.entries()) {
          if (i === entries.length >> 1) process.kill(process.pid, 'SIGKILL');
          yield entry;
        }
      })(),
    );
  }
  store.putMany(entries);
  // Reads while the other process writes: must see whole batches only.
  const back = store.getMany(entries.map(([k]) => k));
  if (!pruning && back.size !== new Set(entries.map(([k]) => k)).size) {
    process.stderr.write(`batch ${b}: read back ${back.size} of ${entries.length}\n`);
    process.exit(4);
  }
  process.stdout.write(`committed ${b}\n`);
}
store.close();
