/**
 * Details rows (eval contract section 2): one ranking per sample, written by
 * any retriever. Reading validates every field that is present; formatting
 * writes a stable key order. The row's type, `DetailsRow`, lives with `toDetailsRow`
 * (src/render/details.ts), which writes it.
 */
import { RepoMapError } from '../errors.js';
import type { DetailsRow } from '../render/details.js';
import { compareByteOrder } from '../text/order.js';
import { isPlainObject, parseJsonl, readTextFile } from './jsonl.js';

export type { DetailsRow };

/** Key order of `formatDetailsRow`; other keys follow in byte order. */
export const DETAILS_KEY_ORDER = [
  'sample_id',
  'repo',
  'base_commit',
  'task_type',
  'top_files',
  'scores',
  'confidence',
  'abstain',
  'spans',
  'timing_ms',
] as const;

/**
 * Reads a details JSONL file. Throws `RepoMapError('bad-details', "repomap/eval: <file>:<line>: <reason>")`
 * for malformed JSON, an invalid field, or a `sample_id` seen before in the file.
 */
export async function readDetails(file: string): Promise<DetailsRow[]> {
  return parseDetails(await readTextFile(file, 'bad-details'), file);
}

/** Parses details rows from JSONL text; `file` names the source in messages. */
export function parseDetails(text: string, file: string): DetailsRow[] {
  const seen = new Map<string, number>();
  const out: DetailsRow[] = [];
  for (const { line, value } of parseJsonl(text, file, 'bad-details')) {
    const where = `${file}:${line}`;
    const row = validateDetailsRow(value, where);
    const first = seen.get(row.sample_id);
    if (first !== undefined) {
      throw new RepoMapError(
        'bad-details',
        `repomap/eval: ${where}: duplicate sample_id "${row.sample_id}" (first at ${file}:${first})`,
        where,
      );
    }
    seen.set(row.sample_id, line);
    out.push(row);
  }
  return out;
}

/** Checks one parsed value against the details schema and returns it typed; `where` prefixes messages. */
export function validateDetailsRow(value: unknown, where: string): DetailsRow {
  const fail = (reason: string): never => {
    throw new RepoMapError('bad-details', `repomap/eval: ${where}: ${reason}`, where);
  };
  if (!isPlainObject(value)) return fail('expected a JSON object');
  const v = value;
  if (!('sample_id' in v)) fail('missing required field "sample_id"');
  if (typeof v.sample_id !== 'string' || v.sample_id === '') fail('field "sample_id" must be a non-empty string');
  if (!('top_files' in v)) fail('missing required field "top_files"');
  const top = v.top_files;
  if (!Array.isArray(top)) return fail('field "top_files" must be an array of strings');
  const files = new Set<string>();
  top.forEach((f, i) => {
    if (typeof f !== 'string' || f === '') fail(`top_files[${i}] must be a non-empty string`);
    if (files.has(f as string)) fail(`top_files[${i}] duplicates "${f as string}"`);
    files.add(f as string);
  });
  for (const field of ['repo', 'base_commit', 'task_type'] as const) {
    if (v[field] !== undefined && typeof v[field] !== 'string') fail(`field "${field}" must be a string`);
  }
  if (v.scores !== undefined) {
    const s = v.scores;
    if (!Array.isArray(s) || !s.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      fail('field "scores" must be an array of finite numbers');
    }
    if ((s as number[]).length !== top.length) {
      fail(`field "scores" has ${(s as number[]).length} entries for ${top.length} top_files`);
    }
  }
  if (v.confidence !== undefined) {
    const c = v.confidence;
    if (typeof c !== 'number' || !(c >= 0 && c <= 1))
      fail(`field "confidence" must be a number in [0, 1], got ${JSON.stringify(c)}`);
  }
  if (v.abstain !== undefined && typeof v.abstain !== 'boolean') fail('field "abstain" must be a boolean');
  if (v.spans !== undefined) {
    if (!isPlainObject(v.spans)) fail('field "spans" must be an object');
    for (const [path, spans] of Object.entries(v.spans as Record<string, unknown>)) {
      const ok =
        Array.isArray(spans) &&
        spans.every((s) => Array.isArray(s) && s.length === 2 && s.every((n) => Number.isInteger(n)));
      if (!ok) fail(`spans["${path}"] must be an array of [start, end] integer pairs`);
    }
  }
  if (v.functions !== undefined) {
    const f = v.functions;
    if (!Array.isArray(f) || !f.every((x) => typeof x === 'string' && x !== ''))
      fail('field "functions" must be an array of non-empty strings');
  }
  if (v.timing_ms !== undefined) {
    if (!isPlainObject(v.timing_ms)) fail('field "timing_ms" must be an object');
    for (const [phase, ms] of Object.entries(v.timing_ms as Record<string, unknown>)) {
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)
        fail(`timing_ms["${phase}"] must be a non-negative number`);
    }
  }
  return v as DetailsRow;
}

/**
 * One details row as a JSON line (without the newline): keys in
 * `DETAILS_KEY_ORDER`, then any other keys in byte order; undefined values left out.
 */
export function formatDetailsRow(row: DetailsRow): string {
  const ordered: Record<string, unknown> = {};
  for (const key of DETAILS_KEY_ORDER) {
    if (row[key] !== undefined) ordered[key] = row[key];
  }
  const rest = Object.keys(row)
    .filter((k) => !(DETAILS_KEY_ORDER as readonly string[]).includes(k) && row[k] !== undefined)
    .sort(compareByteOrder);
  for (const key of rest) ordered[key] = row[key];
  return JSON.stringify(ordered);
}
