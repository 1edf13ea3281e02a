/**
 * The parse pool's work queue. Files are cut into batches of one language each, largest
 * files first, and a worker is handed a batch of a language it has already loaded while
 * one is left. Loading a language in a worker costs its grammar instance and compiling its
 * tags query (TypeScript and TSX: ~100 ms each), so two workers that each load every
 * language pay that twice; with this queue each language is loaded by as few workers as
 * keeps both busy. Scheduling never changes the result: outcomes are merged by input index.
 */
import type { LanguageId } from '../types.js';
import type { PoolFile, PoolSettings } from './protocol.js';
import { compareByteOrder } from '../text/order.js';

export interface Batch {
  language: LanguageId;
  /** Largest first: files[0] is the largest, for recycling. */
  files: PoolFile[];
  bytes: number;
}

export class BatchQueue {
  /** Per language, its batches largest first. */
  private readonly open = new Map<LanguageId, Batch[]>();
  private readonly left = new Map<LanguageId, number>();
  readonly total: number;

  constructor(files: readonly PoolFile[], settings: Pick<PoolSettings, 'batchBytes' | 'batchFiles'>) {
    const byLanguage = new Map<LanguageId, PoolFile[]>();
    for (const file of files) {
      const list = byLanguage.get(file.language);
      if (list) list.push(file);
      else byLanguage.set(file.language, [file]);
    }
    let total = 0;
    for (const [language, list] of byLanguage) {
      const cut = batchesOf(language, list, settings);
      this.open.set(language, cut);
      this.left.set(
        language,
        cut.reduce((n, b) => n + b.bytes, 0),
      );
      total += cut.length;
    }
    this.total = total;
  }

  get empty(): boolean {
    return this.left.size === 0;
  }

  /**
   * The next batch for a worker that has loaded `mine`, while other workers have loaded
   * `others`: from a language of its own if one has batches left, else from one no worker
   * has loaded, else from any. Within each choice, the language with the most bytes left
   * (then by name, so the order is reproducible).
   */
  take(mine: ReadonlySet<LanguageId>, others: ReadonlySet<LanguageId>): Batch | undefined {
    const languages = [...this.left.keys()];
    const language =
      mostLeft(
        languages.filter((l) => mine.has(l)),
        this.left,
      ) ??
      mostLeft(
        languages.filter((l) => !others.has(l)),
        this.left,
      ) ??
      mostLeft(languages, this.left);
    if (language === undefined) return undefined;
    const queue = this.open.get(language)!;
    const batch = queue.shift()!;
    if (queue.length === 0) this.left.delete(language);
    else this.left.set(language, this.left.get(language)! - batch.bytes);
    return batch;
  }
}

function mostLeft(languages: LanguageId[], left: ReadonlyMap<LanguageId, number>): LanguageId | undefined {
  let best: LanguageId | undefined;
  for (const language of languages) {
    if (best === undefined) best = language;
    else {
      const diff = left.get(language)! - left.get(best)!;
      if (diff > 0 || (diff === 0 && compareByteOrder(language, best) < 0)) best = language;
    }
  }
  return best;
}

/** One language's files, largest first (ties by input position), cut by `batchBytes` / `batchFiles`. */
function batchesOf(
  language: LanguageId,
  files: readonly PoolFile[],
  settings: Pick<PoolSettings, 'batchBytes' | 'batchFiles'>,
): Batch[] {
  const bySize = [...files].sort((a, b) => b.size - a.size || a.index - b.index);
  const out: Batch[] = [];
  let current: Batch = { language, files: [], bytes: 0 };
  for (const file of bySize) {
    current.files.push(file);
    current.bytes += file.size;
    if (current.bytes >= settings.batchBytes || current.files.length >= settings.batchFiles) {
      out.push(current);
      current = { language, files: [], bytes: 0 };
    }
  }
  if (current.files.length > 0) out.push(current);
  return out;
}
