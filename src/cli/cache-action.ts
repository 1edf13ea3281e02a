/** What `repomap cache stats` and `repomap cache prune` do once their arguments are parsed (./cache.ts defines them). */
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { RepoMapError } from '../index.js';
import {
  lookAtStore,
  messageWithoutModule,
  pruneSnapshots,
  snapshotFiles,
  snapshotFolder,
  snapshotTempFiles,
  sqliteDriver,
  type StoreStats,
  TagsStore,
  tagsStorePath,
} from '../unstable.js';
import { cacheDirOf, MIB } from './cache-flags.js';
import { CliExit, type CliIo } from './io.js';

export interface CacheCommandFlags {
  cache?: string;
  cacheMaxMb?: number;
  maxMb?: number;
  json?: boolean;
}

export function cacheStatsAction(io: CliIo, flags: CacheCommandFlags): void {
  // read-only: a look rebuilds nothing, records nothing and checkpoints nothing
  const stats = lookAtStore(
    existingStore(io, flags),
    flags.cacheMaxMb !== undefined ? { maxBytes: flags.cacheMaxMb * MIB } : {},
  );
  const folder = snapshotFolder(dirname(stats.file));
  const snapshots = snapshotFiles(folder);
  const snapshotBytes = snapshots.reduce((n, f) => n + f.bytes, 0);
  // writers' temporary files: under way, or left by one that died (a prune removes those after ten minutes)
  const temp = snapshotTempFiles(folder);
  const tempBytes = temp.reduce((n, f) => n + f.bytes, 0);
  if (flags.json) {
    io.stdout.write(
      JSON.stringify({
        ...statsJson(stats),
        snapshots: { files: snapshots.length, bytes: snapshotBytes },
        snapshot_temp_files: { files: temp.length, bytes: tempBytes },
      }) + '\n',
    );
    return;
  }
  const { tags, terms } = stats.rows;
  io.stdout.write(
    [
      `tags cache  ${stats.file}`,
      `on disk     ${mib(stats.fileBytes)} (live ${mib(stats.liveBytes)})`,
      `cap         ${mib(stats.maxBytes)}`,
      `rows        ${tags} tags ${tags === 1 ? 'entry' : 'entries'}, ${terms} text terms`,
      `used        ${stats.oldestUse === undefined ? 'never (empty)' : `${hour(stats.oldestUse)} … ${hour(stats.newestUse!)}`}`,
      `snapshots   ${snapshots.length} index ${snapshots.length === 1 ? 'snapshot' : 'snapshots'}, ${mib(snapshotBytes)} (in ${folder}; the cap counts them too)`,
      ...(temp.length > 0
        ? [
            `            and ${temp.length} temporary ${temp.length === 1 ? 'file' : 'files'} of snapshot writers, ${mib(tempBytes)} (a prune removes those older than ten minutes)`,
          ]
        : []),
    ].join('\n') + '\n',
  );
}

export function cachePruneAction(io: CliIo, flags: CacheCommandFlags): void {
  const store = openExisting(io, flags);
  try {
    const before = store.stats();
    const limit = flags.maxMb !== undefined ? flags.maxMb * MIB : before.maxBytes;
    const folder = snapshotFolder(dirname(store.file));
    // the newest index snapshot always stays: the store gets what it leaves of the cap
    const newest = snapshotFiles(folder)[0]?.bytes ?? 0;
    const report = store.prune(Math.max(1, limit - newest));
    // the prune's deletes went to the write-ahead log: copied into the file and cut, the disk holds what the cap allows
    const logCut = store.truncateLog();
    const fileBefore = before.fileBytes;
    const fileAfter = store.stats().fileBytes;
    // index snapshots get what the store leaves of the cap, least recently used out first (the newest stays)
    const snapshots = pruneSnapshots(folder, Math.max(0, limit - fileAfter));
    const left = fileAfter + sum(snapshotFiles(folder)) + sum(snapshotTempFiles(folder));
    const over = left > limit ? overCap(store.file, fileAfter, logCut, folder) : [];
    if (flags.json) {
      const { removed, liveBytesBefore, liveBytesAfter, newestRemovedUse } = report;
      io.stdout.write(
        JSON.stringify({
          file: store.file,
          max_bytes: limit,
          removed,
          live_bytes: { before: liveBytesBefore, after: liveBytesAfter },
          file_bytes: { before: fileBefore, after: fileAfter },
          newest_removed_use: newestRemovedUse === undefined ? null : new Date(newestRemovedUse).toISOString(),
          snapshots_removed: { files: snapshots.removed, bytes: snapshots.bytes },
          snapshot_temp_files_removed: { files: snapshots.temp.removed, bytes: snapshots.temp.bytes },
          bytes_left: left,
          over_cap: over,
        }) + '\n',
      );
      return;
    }
    const { tags, terms } = report.removed;
    if (snapshots.removed > 0)
      io.stdout.write(
        `removed ${snapshots.removed} index ${snapshots.removed === 1 ? 'snapshot' : 'snapshots'} (${mib(snapshots.bytes)}), least recently used first\n`,
      );
    const { temp } = snapshots;
    if (temp.removed > 0)
      io.stdout.write(
        `removed ${temp.removed} temporary ${temp.removed === 1 ? 'file' : 'files'} of snapshot writers that died (${mib(temp.bytes)})\n`,
      );
    if (tags + terms === 0) {
      io.stdout.write(`nothing to prune: ${store.file} holds ${mib(report.liveBytesAfter)}, within ${mib(limit)}\n`);
    } else {
      io.stdout.write(
        `pruned ${store.file} to ${mib(limit)}: removed ${tags} tags ${tags === 1 ? 'entry' : 'entries'} and ${terms} text terms, last used ${hour(report.newestRemovedUse!)} or before\n` +
          `live ${mib(report.liveBytesBefore)} → ${mib(report.liveBytesAfter)}; on disk ${mib(fileBefore)} → ${mib(fileAfter)}\n`,
      );
    }
    if (over.length > 0) io.stdout.write(`${mib(left)} left on disk, over the ${mib(limit)} cap: ${over.join('; ')}\n`);
  } finally {
    store.close();
  }
}

/** Bytes of a folder's files. */
function sum(files: readonly { bytes: number }[]): number {
  return files.reduce((n, f) => n + f.bytes, 0);
}

/** Why a prune left more than the cap on disk: what stays, and why it stays. */
function overCap(file: string, fileBytes: number, logCut: boolean, folder: string): string[] {
  const log = statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  const [newest] = snapshotFiles(folder);
  const temp = snapshotTempFiles(folder);
  return [
    ...(newest ? [`the newest index snapshot (${mib(newest.bytes)}) always stays`] : []),
    ...(!logCut && log > 0
      ? [`the write-ahead log (${mib(log)}) could not be cut: another process is using the store`]
      : []),
    ...(temp.length > 0
      ? [
          `${temp.length} temporary ${temp.length === 1 ? 'file' : 'files'} of snapshot writers (${mib(sum(temp))}) ${temp.length === 1 ? 'is' : 'are'} under way or under ten minutes old`,
        ]
      : []),
    `the store keeps ${mib(fileBytes - log)} (its pages in use, and SQLite's own)`,
  ];
}

/**
 * The file of the store the flags name; a missing file is an error naming it (these
 * commands never create one), and a missing driver one naming the driver first (without
 * it nothing is ever cached).
 */
function existingStore(io: CliIo, flags: CacheCommandFlags): string {
  const file = tagsStorePath(cacheDirOf({ cache: flags.cache }, io, true)!.dir);
  try {
    sqliteDriver();
  } catch (error) {
    if (!(error instanceof RepoMapError)) throw error;
    throw new CliExit(
      1,
      `${messageWithoutModule(error)}: no tags cache is kept without it (npm install better-sqlite3)${existsSync(file) ? '' : `, and there is none at ${file}`}`,
    );
  }
  if (!existsSync(file))
    throw new CliExit(1, `no tags cache at ${file} (nothing was cached there yet; --cache DIR names another folder)`);
  return file;
}

/** The store the flags name, opened to prune it (see `existingStore`). */
function openExisting(io: CliIo, flags: CacheCommandFlags): TagsStore {
  const file = existingStore(io, flags);
  return TagsStore.open(file, {
    onMessage: (m) => void io.stderr.write(`repomap: note: ${m}\n`),
    ...(flags.cacheMaxMb !== undefined ? { maxBytes: flags.cacheMaxMb * MIB } : {}),
  });
}

function statsJson(stats: StoreStats): Record<string, unknown> {
  return {
    file: stats.file,
    file_bytes: stats.fileBytes,
    live_bytes: stats.liveBytes,
    max_bytes: stats.maxBytes,
    rows: stats.rows,
    oldest_use: stats.oldestUse === undefined ? null : new Date(stats.oldestUse).toISOString(),
    newest_use: stats.newestUse === undefined ? null : new Date(stats.newestUse).toISOString(),
  };
}

function mib(bytes: number): string {
  return `${(bytes / MIB).toFixed(1)} MiB`;
}

/** A use stamp (a whole hour) as `2026-12-02 15:00 UTC`. */
function hour(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
