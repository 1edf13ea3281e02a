import { classifyPath } from './classify.js';
import { examineContent } from './content.js';
import type { ResolvedCorpusOptions } from './options.js';
import { compareByteOrder } from '../text/order.js';
import { languageOf } from '../languages/index.js';
import { SKIP_REASONS, type Corpus, type Diagnostic, type FileRecord, type SkipReason } from '../types.js';

/** Skip reasons that produce one diagnostic per file. */
type ReportedReason = Exclude<SkipReason, 'vendored' | 'ignored'>;

const CODES = {
  binary: 'skipped-binary',
  'too-large': 'skipped-too-large',
  minified: 'skipped-minified',
  symlink: 'skipped-symlink',
  submodule: 'skipped-submodule',
  unreadable: 'skipped-unreadable',
  special: 'skipped-special',
  'unrepresentable-name': 'skipped-unrepresentable-name',
  'missing-object': 'skipped-missing-object',
  'not-fetched': 'skipped-not-fetched',
  'lfs-pointer': 'skipped-lfs-pointer',
} as const satisfies Record<ReportedReason, Diagnostic['code']>;

/**
 * Collects the verdicts of one corpus load (kept files, skip counts, diagnostics) and turns
 * them into a `Corpus` whose files and diagnostics are in byte order of path, whatever the
 * order the verdicts arrived in.
 */
export class CorpusBuilder {
  private readonly files: FileRecord[] = [];
  private readonly skipped = Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as Record<SkipReason, number>;
  private readonly diagnostics: { at: string; diagnostic: Diagnostic }[] = [];
  private readonly vendored = new Map<string, number>();
  /** `reason\0path` of each file skipped with a diagnostic: one verdict per file. */
  private readonly reported = new Set<string>();

  constructor(private readonly options: ResolvedCorpusOptions) {}

  /** A file under the vendored folder `folder`: counted, and summarised once per folder. */
  skipVendored(folder: string): void {
    this.skipped.vendored++;
    this.vendored.set(folder, (this.vendored.get(folder) ?? 0) + 1);
  }

  /** A gitignored file: counted only. */
  skipIgnored(): void {
    this.skipped.ignored++;
  }

  /** A file (or folder) skipped for `reason`, with a diagnostic naming it; a second verdict on the same path is dropped. */
  skip(reason: ReportedReason, path: string, message: string): void {
    const key = `${reason}\0${path}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.skipped[reason]++;
    this.report({ code: CODES[reason], file: path, message });
  }

  /** A diagnostic about a file that is not skipped for it (an ignore file with lines left out). */
  note(diagnostic: Diagnostic & { file: string }): void {
    this.report(diagnostic);
  }

  /** Keeps a record examined by an earlier load (unchanged since). */
  keep(record: FileRecord): void {
    this.files.push(record);
  }

  /** Applies the content rules to a file and keeps it or skips it. */
  examine(path: string, size: number, bytes: Buffer, blobId?: string): void {
    const verdict = examineContent(path, size, bytes, this.options);
    if (verdict.skip !== null) {
      this.skip(verdict.skip, path, verdict.message);
      return;
    }
    const record: FileRecord = {
      path,
      size,
      text: verdict.text,
      language: languageOf(path, verdict.text),
      kind: classifyPath(path),
    };
    if (blobId !== undefined) record.blobId = blobId;
    this.files.push(record);
    if (verdict.utf16) {
      const replaced = verdict.invalidUtf8 ? '; invalid code units were replaced with U+FFFD' : '';
      this.report({
        code: 'decoded-utf16',
        file: path,
        message: `${path} is UTF-16 (${verdict.utf16} byte-order mark); decoded to text${replaced}`,
      });
    } else if (verdict.invalidUtf8) {
      this.report({
        code: 'invalid-utf8',
        file: path,
        message: `${path} is not valid UTF-8; invalid bytes were replaced with U+FFFD`,
      });
    }
  }

  finish(root: string, source: Corpus['source'], commit?: string): Corpus {
    for (const [folder, count] of this.vendored) {
      const segment = folder.slice(folder.lastIndexOf('/') + 1);
      this.diagnostics.push({
        at: folder,
        diagnostic: {
          code: 'skipped-vendored',
          message: `skipped ${count} file${count === 1 ? '' : 's'} under ${folder}/ (vendored or dependency folder "${segment}")`,
        },
      });
    }
    this.files.sort((a, b) => compareByteOrder(a.path, b.path));
    const files = this.files.filter((file, i) => i === 0 || this.files[i - 1]!.path !== file.path);
    this.diagnostics.sort(
      (a, b) => compareByteOrder(a.at, b.at) || compareByteOrder(a.diagnostic.code, b.diagnostic.code),
    );
    const corpus: Corpus = {
      root,
      source,
      files,
      skipped: { ...this.skipped },
      diagnostics: this.diagnostics.map((d) => d.diagnostic),
    };
    if (commit !== undefined) corpus.commit = commit;
    return corpus;
  }

  private report(diagnostic: Diagnostic & { file: string }): void {
    this.diagnostics.push({ at: diagnostic.file, diagnostic });
  }
}
