import cliProgress from 'cli-progress';
import type { CliIo } from './io.js';

/** Progress of a long command, on stderr. */
export interface Progress {
  /** `done` items of the total so far. */
  update(done: number): void;
  /** Ends the bar (or prints the last line). */
  stop(): void;
}

export interface ProgressOptions {
  /** Seconds between plain lines when stderr is not a terminal (default 10). */
  intervalSeconds?: number;
  /** Unit shown after the counts (default `samples`). */
  unit?: string;
  /** Clock in milliseconds (tests). */
  now?: () => number;
}

/**
 * Shows progress on stderr: a cli-progress bar (done/total, rate, ETA) when
 * stderr is a terminal, else a plain line every ~10 s
 * (`[eval] 120/433 samples, 3.1/s`) and one at the end.
 */
export function startProgress(io: CliIo, label: string, total: number, options: ProgressOptions = {}): Progress {
  const now = options.now ?? (() => performance.now());
  const unit = options.unit ?? 'samples';
  const started = now();
  const rate = (done: number): string => {
    const seconds = (now() - started) / 1000;
    return seconds > 0 ? (done / seconds).toFixed(1) : '0.0';
  };
  if (io.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream: io.stderr as unknown as NodeJS.WritableStream,
        format: `${label} [{bar}] {value}/{total} ${unit} | {rate}/s | ETA {eta_formatted}`,
        etaBuffer: 50,
        hideCursor: false,
      },
      cliProgress.Presets.legacy,
    );
    bar.start(total, 0, { rate: '0.0' });
    return {
      update: (done) => bar.update(done, { rate: rate(done) }),
      stop: () => bar.stop(),
    };
  }
  const interval = (options.intervalSeconds ?? 10) * 1000;
  let last = started;
  let latest = 0;
  const line = (done: number, tail = ''): void => {
    io.stderr.write(`[${label}] ${done}/${total} ${unit}, ${rate(done)}/s${tail}\n`);
  };
  return {
    update(done) {
      latest = done;
      if (now() - last >= interval) {
        last = now();
        line(done);
      }
    },
    stop() {
      line(latest, `, ${((now() - started) / 1000).toFixed(1)} s`);
    },
  };
}

export const INDEX_PROGRESS_DEFAULTS = {
  /** A build shorter than this shows nothing: only builds an agent or a person waits on do. */
  afterMs: 1000,
};

/** Progress of an index build: the files read, then the files parsed. */
export interface IndexProgress {
  read(done: number, total: number): void;
  parse(done: number, total: number): void;
  /** Ends the phase shown, if any. */
  stop(): void;
}

/**
 * Shows an index build's progress on stderr once it has run `afterMs`: per phase
 * (`reading`, `parsing`) a bar when stderr is a terminal, else plain lines (see
 * startProgress). Nothing when `quiet`.
 */
export function indexProgress(io: CliIo, label: string, quiet = false): IndexProgress {
  const now = io.now ?? (() => performance.now());
  const started = now();
  let shown: { phase: string; progress: Progress } | null = null;
  const at = (phase: string, done: number, total: number): void => {
    if (shown?.phase !== phase) {
      if (quiet || total === 0 || now() - started < INDEX_PROGRESS_DEFAULTS.afterMs) return;
      shown?.progress.stop();
      shown = { phase, progress: startProgress(io, `${label} ${phase}`, total, { unit: 'files', now }) };
    }
    shown.progress.update(done);
  };
  return {
    read: (done, total) => at('reading', done, total),
    parse: (done, total) => at('parsing', done, total),
    stop() {
      shown?.progress.stop();
      shown = null;
    },
  };
}
