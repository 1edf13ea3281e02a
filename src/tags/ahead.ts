/**
 * A head start for the tags stage: files known to need parsing (the few a folder's edit
 * changed since its index snapshot) are parsed on a worker thread while the caller does
 * other work (loading the snapshot, making the index's record from it), and the tags
 * stage takes their outcomes instead of parsing them in its own thread. An outcome is
 * taken only for the same path, grammar, text and budget, so the tags are those the
 * stage would have made; any other file is parsed as usual.
 */
import type { FileRecord, LanguageId } from '../types.js';
import { TAGS_BUDGET, type TagsBudget } from './budget.js';
import { StringPool } from './intern.js';
import { ParseWorker, workerModule } from './parse-worker.js';
import type { FileOutcome, PoolFile } from './protocol.js';
import { unpackOutcomes } from './wire.js';

/** A file parsed ahead, with what it was parsed from. */
interface Parsed {
  language: LanguageId;
  text: string;
  outcome: FileOutcome;
}

/** Files being parsed on a worker thread ahead of the build that needs their tags (`parseAhead`). */
export class ParsedAhead {
  /** By path; empty when the worker failed (the stage then parses the files, and reports what failed). */
  private readonly parsed: Promise<ReadonlyMap<string, Parsed>>;

  constructor(
    files: readonly FileRecord[],
    private readonly budget: TagsBudget,
  ) {
    const pooled: PoolFile[] = [];
    for (const f of files)
      if (f.language !== null)
        pooled.push({ index: pooled.length, path: f.path, language: f.language, text: f.text, size: f.size });
    this.parsed = pooled.length === 0 ? Promise.resolve(new Map()) : parseOnWorker(pooled, budget);
  }

  /** Per file of `files`, its outcome when it was parsed ahead from the same grammar and text under `budget`, else undefined. */
  async outcomesOf(
    files: readonly { path: string; language: LanguageId; text: string }[],
    budget: TagsBudget,
  ): Promise<(FileOutcome | undefined)[]> {
    if (files.length === 0 || !sameBudget(budget, this.budget)) return files.map(() => undefined);
    const parsed = await this.parsed;
    return files.map((f) => {
      const p = parsed.get(f.path);
      return p && p.language === f.language && p.text === f.text ? p.outcome : undefined;
    });
  }
}

/**
 * Starts parsing the files of `files` that have a grammar on one worker thread, under
 * `budget` (the tags stage's default unless given); a build takes the outcomes through
 * `IndexOptions.parsedAhead`. The caller's thread only starts the worker, which loads
 * the runtime and the grammars itself.
 */
export function parseAhead(files: readonly FileRecord[], budget: TagsBudget = TAGS_BUDGET): ParsedAhead {
  return new ParsedAhead(files, budget);
}

/**
 * The files' outcomes from one worker thread started now, which loads the runtime and
 * the grammars itself: this thread does nothing more for it until the outcomes come back
 * (it is busy meanwhile: nothing here waits for it to yield). Empty when the worker fails.
 */
async function parseOnWorker(files: PoolFile[], budget: TagsBudget): Promise<ReadonlyMap<string, Parsed>> {
  const parsed = new Map<string, Parsed>();
  let worker: ParseWorker | undefined;
  try {
    worker = new ParseWorker(workerModule(), { wasm: [] });
    const packed = await worker.run(files, budget);
    unpackOutcomes(packed, new StringPool(), (index, outcome) => {
      const f = files[index]!;
      parsed.set(f.path, { language: f.language, text: f.text, outcome });
    });
    return parsed;
  } catch {
    return new Map();
  } finally {
    void worker?.terminate();
  }
}

function sameBudget(a: TagsBudget, b: TagsBudget): boolean {
  const keys = Object.keys(a) as (keyof TagsBudget)[];
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
