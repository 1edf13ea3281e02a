/**
 * What a load given an earlier one (`CorpusOptions.previous`) may take from it as it is:
 * a record follows from its path, its bytes and the rules alone, but the diagnostic of a
 * file decoded other than as plain UTF-8 belongs to the load that read it, so such a file
 * is read again and its diagnostic given again.
 */
import type { Corpus, DiagnosticCode, FileRecord } from '../types.js';

/** The diagnostics a load gives a file it decoded other than as plain UTF-8. */
const RE_ENCODED: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>(['invalid-utf8', 'decoded-utf16']);

/** The records of `previous` a later load may take, by path: every file but those it reported as re-encoded. */
export function takeableRecords(previous: Corpus): Map<string, FileRecord> {
  const reported = new Set(previous.diagnostics.filter((d) => RE_ENCODED.has(d.code)).map((d) => d.file));
  const records = new Map<string, FileRecord>();
  for (const f of previous.files) if (!reported.has(f.path)) records.set(f.path, f);
  return records;
}
