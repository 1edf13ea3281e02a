/**
 * The tags store's tunables and its tables' version, in a module of their own: the CLI
 * shows the cap in --help, and a look at a store's file checks its version, without
 * loading the store (and the schema of its entries).
 */
/** Version of the store's tables; a file with another `user_version` is rebuilt. 3: rows record their last use (`used`); 4: and a checksum (`sum`). */
export const STORE_SCHEMA_VERSION = 4;

export const STORE_DEFAULTS = {
  /** How long a statement waits for another process' lock before failing (ms). */
  busyTimeoutMs: 30_000,
  /** Keys per `IN (…)` lookup: few round trips, far below SQLite's 32766 parameters. */
  chunk: 500,
  /** Size cap of the file's live pages (bytes, 2 GiB): a write that passes it prunes the least recently used rows. */
  maxBytes: 2 * 1024 ** 3,
  /** A prune after a write goes down to this fraction of the cap, so the next writes do not prune again at once. */
  pruneToFraction: 0.9,
  /** Rows removed per prune transaction: the write lock is never held long. */
  pruneBatch: 500,
  /** Resolution of the `used` stamps (ms): one hour, so a row's stamp is rewritten at most once an hour. */
  usedClockMs: 3_600_000,
  /** Write-ahead log kept on disk after a checkpoint (bytes); a prune's log is cut back to this. */
  walLimitBytes: 64 * 1024 ** 2,
} as const;
