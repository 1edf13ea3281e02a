/**
 * The shape of a stored tags entry, checked field by field when it is read: a value that
 * still parses as JSON but lost or changed a field (bit rot, another tool's writes) is
 * dropped and the file parsed again, never handed to the graph half-valid.
 */
import * as z from 'zod';
import { DEFINITION_KINDS, LANGUAGES, MESSAGE_MAX_CHARS, REFERENCE_KINDS } from '../types.js';

/** A 1-based line number. */
const line = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const name = z.string().min(1);

const definition = z.strictObject({ name, kind: z.enum(DEFINITION_KINDS), startLine: line, endLine: line });
const reference = z.strictObject({ name, kind: z.enum(REFERENCE_KINDS), line });
const importSpec = z.strictObject({ specifier: name, line, names: z.array(name) });
const message = z.strictObject({ text: z.string().min(1).max(MESSAGE_MAX_CHARS), line });

/** The tags stage's own diagnostics that a stored entry may carry (`parse-failed` is never stored). */
const STORED_CODES = ['parse-error', 'too-complex'] as const;

/**
 * A stored entry: a file's tags without its path, and its diagnostics without their file.
 * A definition ending before it starts is checked in one pass over the entry: a refinement
 * per definition tripled the cost of a cold read (~170 against ~60 ms for tokio's 98k records).
 */
export const TAGS_ENTRY_SCHEMA = z
  .strictObject({
    tags: z.strictObject({
      language: z.enum(LANGUAGES),
      definitions: z.array(definition),
      references: z.array(reference),
      imports: z.array(importSpec),
      messages: z.array(message),
      errorNodes: z.number().int().min(0),
    }),
    diagnostics: z.array(z.strictObject({ code: z.enum(STORED_CODES), message: z.string() })),
  })
  .refine((entry) => entry.tags.definitions.every((d) => d.endLine >= d.startLine), {
    message: 'a definition ends before it starts',
    path: ['tags', 'definitions'],
  });
