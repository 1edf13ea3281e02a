import { RepoMapError } from '../errors.js';
import { gitFailed, gitUnavailable, spawnGit } from './git-process.js';

/** A blob as read from `git cat-file --batch`; null when absent from the object store. */
export type GitBlob = { size: number; bytes: Buffer } | null;

/**
 * Reads blobs with ONE `git cat-file --batch --buffer` process, parsing its
 * `<oid> blob <size>\n<content>\n` stream as bytes. `onBlob(i, blob)` is called in the
 * order of `oids`. A blob larger than `maxWholeBytes` is passed with only its first
 * `headBytes` bytes (and its full size), so huge blobs are never held in memory.
 */
export function readBlobs(
  gitDir: string,
  oids: readonly string[],
  limits: { maxWholeBytes: number; headBytes: number },
  onBlob: (index: number, blob: GitBlob) => void,
): Promise<void> {
  if (oids.length === 0) return Promise.resolve();
  const args = ['cat-file', '--batch', '--buffer'];
  return new Promise((resolve, reject) => {
    const child = spawnGit(gitDir, args);
    const parser = new BatchParser(oids, limits, onBlob);
    const stderr: Buffer[] = [];
    let failure: Error | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      if (failure) return;
      try {
        parser.push(chunk);
      } catch (error) {
        failure = error as Error;
        child.kill();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stdin.on('error', () => {}); // EPIPE when git exits early; reported on 'close'
    child.on('error', (error) => {
      failure ??= gitUnavailable(error);
    });
    child.on('close', (code) => {
      if (failure) return reject(failure);
      if (code !== 0)
        return reject(gitFailed(gitDir, args, Buffer.concat(stderr).toString('utf8').trim() || `exit code ${code}`));
      if (!parser.complete())
        return reject(gitFailed(gitDir, args, `output ended after ${parser.index} of ${oids.length} objects`));
      resolve();
    });
    child.stdin.end(oids.join('\n') + '\n');
  });
}

const NEWLINE = 10;
const EMPTY = Buffer.alloc(0);

/** Incremental parser of `git cat-file --batch` output (exported for tests). */
export class BatchParser {
  index = 0;
  private state: 'header' | 'body' | 'newline' = 'header';
  private headerParts: Buffer[] = [];
  private size = 0;
  /** Bytes of the current object that are kept (all of it, or its head), filled so far. */
  private kept = 0;
  private body: Buffer | null = null;
  private filled = 0;
  private remaining = 0;

  constructor(
    private readonly oids: readonly string[],
    private readonly limits: { maxWholeBytes: number; headBytes: number },
    private readonly onBlob: (index: number, blob: GitBlob) => void,
  ) {}

  complete(): boolean {
    return this.index === this.oids.length && this.state === 'header' && this.headerParts.length === 0;
  }

  push(chunk: Buffer): void {
    let pos = 0;
    while (pos < chunk.length) {
      if (this.state === 'header') {
        const end = chunk.indexOf(NEWLINE, pos);
        if (end === -1) {
          this.headerParts.push(chunk.subarray(pos));
          return;
        }
        const line =
          this.headerParts.length === 0
            ? chunk.toString('latin1', pos, end)
            : Buffer.concat([...this.headerParts, chunk.subarray(pos, end)]).toString('latin1');
        this.headerParts = [];
        pos = end + 1;
        this.startObject(line);
      } else if (this.state === 'body') {
        const available = Math.min(this.remaining, chunk.length - pos);
        if (this.body === null && available >= this.kept) {
          this.body = chunk.subarray(pos, pos + this.kept); // the kept part lies in this chunk: no copy
          this.filled = this.kept;
        } else if (this.filled < this.kept) {
          this.body ??= Buffer.allocUnsafe(this.kept);
          this.filled += chunk.copy(this.body, this.filled, pos, pos + Math.min(available, this.kept - this.filled));
        }
        pos += available;
        this.remaining -= available;
        if (this.remaining === 0) this.state = 'newline';
      } else {
        if (chunk[pos] !== NEWLINE)
          throw new RepoMapError(
            'git-failed',
            `repomap/corpus: malformed git cat-file output after object ${this.oids[this.index]}`,
            'git cat-file',
          );
        pos++;
        this.state = 'header';
        this.emit({ size: this.size, bytes: this.body ?? EMPTY });
      }
    }
  }

  private startObject(line: string): void {
    const expected = this.oids[this.index];
    const [oid, type, size] = line.split(' ');
    if (expected === undefined || oid !== expected) {
      throw new RepoMapError(
        'git-failed',
        `repomap/corpus: git cat-file answered "${line}" where ${expected ?? 'nothing'} was expected`,
        'git cat-file',
      );
    }
    if (type === 'missing') {
      this.emit(null);
      return;
    }
    if (size === undefined || !/^\d+$/.test(size))
      throw new RepoMapError('git-failed', `repomap/corpus: malformed git cat-file header "${line}"`, 'git cat-file');
    this.size = Number(size);
    this.kept = this.size <= this.limits.maxWholeBytes ? this.size : Math.min(this.size, this.limits.headBytes);
    this.body = null;
    this.filled = 0;
    this.remaining = this.size;
    this.state = this.size === 0 ? 'newline' : 'body';
  }

  private emit(blob: GitBlob): void {
    this.onBlob(this.index++, blob);
  }
}
