// Child process for test/unit/cache/processes.test.ts: writes index snapshots of the same
// key over and over through the compiled package, each a few MB, and reports each write.
//
//   node snapshot-writer.mjs <build dir> <snapshot folder> <key> <megabytes>
//
// Snapshot n holds `data`, <megabytes> MB all equal to n % 251, so a reader can tell a
// whole one from a mix of two.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [build, folder, key, megabytes] = process.argv.slice(2);
const { writeSnapshotFile } = await import(pathToFileURL(join(build, 'src', 'persist', 'snapshot-file.js')).href);
for (let n = 0; ; n++) {
  writeSnapshotFile(folder, key, { n, data: new Uint8Array(Number(megabytes) * 1024 * 1024).fill(n % 251) });
  process.stdout.write(`wrote ${n}\n`);
}
