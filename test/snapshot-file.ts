import { readSnapshotFile, writeSnapshotFile } from '../src/persist/snapshot-file.js';
import type { Snapshot, SnapshotSections } from '../src/persist/snapshot.js';

/**
 * A snapshot written to a snapshot file in `folder` under `key` and opened again, as the CLI
 * keeps it: each section is read from the file at its first use, each file's tags and each
 * flow's CSR one at a time.
 */
export function throughSnapshotFile(snapshot: SnapshotSections | null, folder: string, key: string): Snapshot {
  if (!snapshot) throw new Error('no snapshot to write');
  writeSnapshotFile(folder, key, { ...snapshot });
  const read = readSnapshotFile(folder, key);
  if (!('file' in read)) throw new Error(`the snapshot ${key} did not read back: ${JSON.stringify(read)}`);
  return read.file.sections() as unknown as Snapshot;
}
