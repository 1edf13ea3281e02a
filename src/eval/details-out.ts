/**
 * The details file of a run as it is written (`repomap eval --out`): each new row
 * is appended as its sample finishes, one write a line, so a killed run leaves the
 * rows it made (./resume.ts reads them back); once the run is done, the file is
 * rewritten with every row in input order (a temporary file renamed over it, so a
 * kill then leaves the appended file whole). The finished file is thus the same
 * whether the run was resumed or not.
 */
import { closeSync, mkdirSync, openSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { RepoMapError } from '../errors.js';
import { formatDetailsRow, type DetailsRow } from './details.js';

export class DetailsOut {
  private fd: number | undefined;

  private constructor(
    readonly file: string,
    fd: number,
  ) {
    this.fd = fd;
  }

  /** Opens `file` (creating its folder) to append rows to; without `keep`, it is emptied first. */
  static open(file: string, keep: boolean): DetailsOut {
    mkdirSync(dirname(file), { recursive: true });
    return new DetailsOut(file, openSync(file, keep ? 'a' : 'w'));
  }

  /** Appends one row as a line. */
  append(row: DetailsRow): void {
    if (this.fd === undefined) throw new RepoMapError('internal', `repomap/eval: ${this.file} is closed`, this.file);
    writeSync(this.fd, `${formatDetailsRow(row)}\n`);
  }

  /** Rewrites the file with `rows`, in that order, and closes it. */
  finish(rows: readonly DetailsRow[]): void {
    this.close();
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, rows.map((r) => `${formatDetailsRow(r)}\n`).join(''));
    renameSync(temporary, this.file);
  }

  /** Closes the file as it is (a run that failed: its rows stay for `--resume`). */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
