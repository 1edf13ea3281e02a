import cliProgress from 'cli-progress';
import type { CliIo } from './io.js';

/**
 * Whether progress shows is decided by the amount of work, never by how long it has run
 * so far: a slow moment on a loaded machine does not make small work look long, and the
 * output of a small job is the same on any machine.
 */
export const STDERR_PROGRESS_DEFAULTS = {
  /**
   * Share of the work done before a bar or a line shows (at least one item, and the clock
   * must have moved): its ETA is extrapolated from that much done, never from nothing
   * (cli-progress's own estimate printed `ETA LLs` and `ETA 11m50s` at the start).
   */
  shownAfter: 0.02,
  /** Seconds between plain lines when stderr is not a terminal. */
  intervalSeconds: 10,
};

/** Progress of a long command, on stderr. */
export interface Progress {
  /** `done` items of the total so far. */
  update(done: number): void;
  /** Ends the bar (or prints the last line), when one showed. */
  stop(): void;
}

export interface ProgressOptions {
  /** Seconds between plain lines when stderr is not a terminal (default `STDERR_PROGRESS_DEFAULTS.intervalSeconds`). */
  intervalSeconds?: number;
  /** Unit shown after the counts (default `samples`). */
  unit?: string;
  /** Clock in milliseconds (tests). */
  now?: () => number;
}

/** A time left as people read it: `49s`, `18m00s`, `1h22m`. */
function formatSeconds(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  const minutes = Math.round(s / 60);
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

/**
 * Shows progress on stderr once `STDERR_PROGRESS_DEFAULTS.shownAfter` of the work is done: a
 * cli-progress bar (done/total, rate, ETA) when stderr is a terminal, else a plain line
 * every ~10 s (`[eval] 120/433 samples, 3.0/s, ETA 1m44s`) and one at the end. The ETA
 * is the time left at the rate so far. Nothing shows for work that ends before that share.
 */
export function startProgress(io: CliIo, label: string, total: number, options: ProgressOptions = {}): Progress {
  const now = options.now ?? (() => performance.now());
  const unit = options.unit ?? 'samples';
  const started = now();
  const enough = Math.max(1, Math.ceil(total * STDERR_PROGRESS_DEFAULTS.shownAfter));
  /** The rate and time left at `done`, or null before an estimate can be made. */
  const estimate = (done: number): { seconds: number; rate: string; eta: string } | null => {
    const seconds = (now() - started) / 1000;
    if (done < enough || !(seconds > 0)) return null;
    return {
      seconds,
      rate: (done / seconds).toFixed(1),
      eta: formatSeconds((seconds * Math.max(0, total - done)) / done),
    };
  };
  if (io.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream: io.stderr as unknown as NodeJS.WritableStream,
        format: `${label} [{bar}] {value}/{total} ${unit} | {rate}/s | ETA {left}`,
        hideCursor: false,
      },
      cliProgress.Presets.legacy,
    );
    let shown = false;
    return {
      update(done) {
        const at = estimate(done);
        if (!at) return;
        const payload = { rate: at.rate, left: at.eta };
        if (shown) bar.update(done, payload);
        else bar.start(total, done, payload);
        shown = true;
      },
      stop: () => bar.stop(),
    };
  }
  const interval = (options.intervalSeconds ?? STDERR_PROGRESS_DEFAULTS.intervalSeconds) * 1000;
  let last = started;
  let latest = 0;
  let shown = false;
  return {
    update(done) {
      latest = done;
      const at = estimate(done);
      if (!at || now() - last < interval) return;
      last = now();
      shown = true;
      io.stderr.write(`[${label}] ${done}/${total} ${unit}, ${at.rate}/s, ETA ${at.eta}\n`);
    },
    stop() {
      const at = estimate(latest);
      if (!shown && !at) return;
      const seconds = (now() - started) / 1000;
      io.stderr.write(`[${label}] ${latest}/${total} ${unit}, ${at?.rate ?? '0.0'}/s, ${seconds.toFixed(1)} s\n`);
    },
  };
}

export const INDEX_PROGRESS_DEFAULTS = {
  /**
   * A phase of an index build over at most this many files shows no progress: about a
   * second of work on 2 shared cores (bench/perf/TABLE.md, a cold index as `rank` runs:
   * ~10,000 files read and ~1,000 parsed a second). Most repositories an agent works in
   * then show none; a build an agent or a person waits on does.
   */
  minFiles: { reading: 10_000, parsing: 1_000 },
};

type IndexPhase = keyof typeof INDEX_PROGRESS_DEFAULTS.minFiles;

/** Progress of an index build: the files read, then the files parsed. */
export interface IndexProgress {
  read(done: number, total: number): void;
  parse(done: number, total: number): void;
  /** Ends the phase shown, if any. */
  stop(): void;
}

/**
 * Shows an index build's progress on stderr, per phase (`reading`, `parsing`) of more
 * files than `INDEX_PROGRESS_DEFAULTS.minFiles`: a bar when stderr is a terminal, else
 * plain lines (see startProgress). Nothing when `quiet`.
 */
export function indexProgress(io: CliIo, label: string, quiet = false): IndexProgress {
  const now = io.now ?? (() => performance.now());
  let phase: IndexPhase | null = null;
  let shown: Progress | null = null;
  const at = (next: IndexPhase, done: number, total: number): void => {
    if (phase !== next) {
      phase = next;
      shown?.stop();
      shown =
        quiet || total <= INDEX_PROGRESS_DEFAULTS.minFiles[next]
          ? null
          : startProgress(io, `${label} ${next}`, total, { unit: 'files', now });
    }
    shown?.update(done);
  };
  return {
    read: (done, total) => at('reading', done, total),
    parse: (done, total) => at('parsing', done, total),
    stop() {
      shown?.stop();
      shown = null;
      phase = null;
    },
  };
}
