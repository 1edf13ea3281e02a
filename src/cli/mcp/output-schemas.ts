/**
 * The `outputSchema` of each tool: the shape of the `structuredContent` it returns. The
 * SDK checks every result against it and lists it to clients, which check it too (the
 * JSON Schema of an object allows no other keys). Each schema built on a library type is
 * checked by the compiler to be that type exactly, so a field added to the type and not
 * here fails the typecheck rather than a client's call.
 */
import * as z from 'zod';
import type { FileExplanation, Impact, Outline, ReferenceSearch, SymbolSearch } from '../../index.js';
import {
  type BuildInfo,
  CUE_KINDS,
  DEFINITION_KINDS,
  EDGE_TYPES,
  FILE_KINDS,
  type IndexStatus,
  LANGUAGES,
  REFERENCE_KINDS,
  RELATION_KINDS,
  SKIP_REASONS,
  SYMBOL_MATCHES,
  TASKS,
  TOKENIZERS,
} from '../../unstable.js';

/** `true` when A and B are one type as the compiler compares them (not merely assignable either way). */
type Same<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;
/** `schema`, when its output is the type `T` exactly; a compile error otherwise. */
const exactly =
  <T>() =>
  <S extends z.ZodType>(schema: S & (Same<z.output<S>, T> extends true ? unknown : { notExactly: T })): S =>
    schema;

const buildInfo = exactly<BuildInfo>()(
  z.object({
    builds: z.number(),
    files: z.number(),
    parsed: z.number(),
    reused: z.number(),
    ms: z.number(),
    at: z.string().nullable(),
  }),
);
const definitionKind = z.enum(DEFINITION_KINDS);
const task = z.enum(TASKS);

export const RANK_FILES_OUTPUT = z.object({
  task,
  confidence: z.number(),
  files: z.array(
    z.object({
      path: z.string(),
      score: z.number(),
      reasons: z.array(z.string()),
      functions: z
        .array(z.object({ name: z.string(), kind: definitionKind, start: z.number(), end: z.number() }))
        .optional(),
    }),
  ),
  index: buildInfo,
});

export const CONTEXT_PACK_OUTPUT = z.object({
  tokens: z.number(),
  budget: z.number(),
  tokenizer: z.enum(TOKENIZERS),
  files: z.array(z.string()),
  omitted: z.array(z.string()),
  omittedMore: z.number(),
});

const hopEdge = z.object({
  type: z.enum(EDGE_TYPES),
  direction: z.enum(['forward', 'backward']),
  weight: z.number(),
  flow: z.number(),
  label: z.string(),
});
const share = z.object({ raw: z.number(), share: z.number(), weight: z.number() });
export const EXPLAIN_FILE_OUTPUT = exactly<FileExplanation>()(
  z.object({
    path: z.string(),
    kind: z.enum(FILE_KINDS),
    task,
    rank: z.number(),
    files: z.number(),
    given: z.boolean(),
    score: z.number(),
    parts: z.object({
      direct: share,
      ppr: share,
      kindPrior: z.number(),
      evidence: z.number(),
      size: z.object({ bytes: z.number(), factor: z.number() }),
      feedback: z.object({ share: z.number(), weight: z.number() }).optional(),
    }),
    cues: z.array(
      z.object({
        kind: z.enum(CUE_KINDS),
        value: z.string(),
        field: z.string(),
        strength: z.number(),
        line: z.number().optional(),
        match: z.enum(['path', 'defines', 'uses', 'path-word']),
        weight: z.number(),
        text: z.string(),
      }),
    ),
    lexical: z.number(),
    reasons: z.array(z.string()),
    learned: z
      .object({
        tunedRank: z.number(),
        tunedScore: z.number(),
        model: z.number().nullable(),
        features: z.record(z.string(), z.number()).nullable(),
      })
      .optional(),
    paths: z.array(
      z.object({
        seed: z.object({ path: z.string(), reason: z.string() }),
        flow: z.number(),
        hops: z.array(z.object({ from: z.string(), to: z.string(), probability: z.number(), edges: z.array(hopEdge) })),
      }),
    ),
    functions: z
      .array(
        z.object({
          name: z.string(),
          kind: definitionKind,
          start: z.number(),
          end: z.number(),
          score: z.number(),
          parts: z
            .object({
              named: z.number(),
              nameWords: z.number(),
              lines: z.number(),
              words: z.number(),
              classWeight: z.number().optional(),
            })
            .optional(),
        }),
      )
      .optional(),
  }),
);

export const FIND_SYMBOL_OUTPUT = exactly<SymbolSearch>()(
  z.object({
    query: z.string(),
    matches: z.array(
      z.object({
        name: z.string(),
        kind: definitionKind,
        path: z.string(),
        startLine: z.number(),
        endLine: z.number(),
        match: z.enum(SYMBOL_MATCHES),
      }),
    ),
    total: z.number(),
  }),
);

export const REFERENCES_OUTPUT = exactly<ReferenceSearch>()(
  z.object({
    symbol: z.string(),
    definitions: z.array(
      z.object({ path: z.string(), kind: definitionKind, startLine: z.number(), endLine: z.number() }),
    ),
    files: z.array(
      z.object({
        path: z.string(),
        calls: z.number(),
        references: z.number(),
        via: z.enum(['same-file', 'import', 'same-module']).nullable(),
        through: z.string().optional(),
        lines: z.array(z.object({ line: z.number(), kinds: z.array(z.enum(REFERENCE_KINDS)), text: z.string() })),
        moreLines: z.number(),
      }),
    ),
    totalFiles: z.number(),
  }),
);

export const IMPACT_OUTPUT = exactly<Impact>()(
  z.object({
    edited: z.array(z.string()),
    confidence: z.number(),
    files: z.array(
      z.object({
        path: z.string(),
        score: z.number(),
        relations: z.array(z.object({ kind: z.enum(RELATION_KINDS), of: z.string(), label: z.string() })),
        reasons: z.array(z.string()),
      }),
    ),
  }),
);

export const OUTLINE_OUTPUT = exactly<Outline>()(
  z.object({
    path: z.string(),
    language: z.enum(LANGUAGES),
    entries: z.array(
      z.object({
        name: z.string(),
        kind: definitionKind,
        startLine: z.number(),
        endLine: z.number(),
        depth: z.number(),
        signature: z.string(),
      }),
    ),
    definitions: z.number(),
    omitted: z.number(),
    tokens: z.number(),
    budget: z.number(),
    tokenizer: z.enum(TOKENIZERS),
    text: z.string(),
  }),
);

const indexStatus = exactly<IndexStatus>()(
  z.object({
    root: z.string(),
    source: z.enum(['folder', 'git']),
    commit: z.string().optional(),
    files: z.number(),
    languages: z.partialRecord(z.enum(LANGUAGES), z.number()),
    parseErrors: z.number(),
    parseErrorFiles: z.array(z.string()),
    tooComplex: z.number(),
    tooComplexFiles: z.array(z.string()),
    skipped: z.record(z.enum(SKIP_REASONS), z.number()),
    definitions: z.number(),
    references: z.number(),
    edges: z.record(z.enum(EDGE_TYPES), z.number()),
    cache: z.object({ hits: z.number(), misses: z.number() }).optional(),
  }),
);
export const INDEX_STATUS_OUTPUT = indexStatus.extend({ cacheFile: z.string().nullable(), build: buildInfo });
