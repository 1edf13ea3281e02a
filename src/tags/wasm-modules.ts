/**
 * The WebAssembly modules of the tags stage, each compiled once per process: the
 * web-tree-sitter runtime and the grammars. Every parser instance in the process (this
 * thread's and the parse workers') is instantiated from them, so V8 compiles and tiers up
 * their code once, not once per thread.
 *
 * `useOneShotCompilation` tunes that compilation for a process that parses each file once,
 * `useBaselineCompilation` for one that parses a few files.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { RepoMapError } from '../errors.js';

/**
 * A compiled wasm file, as handed to workers: they match the bytes web-tree-sitter asks
 * to instantiate against `bytes` and instantiate `module` instead.
 */
export interface SharedWasm {
  bytes: Uint8Array;
  /** A WebAssembly.Module (this project's TypeScript libs do not declare the WebAssembly namespace). */
  module: object;
}

/** The part of the WebAssembly global the tags stage uses. */
export interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(source: unknown, imports?: unknown): Promise<unknown>;
}

/** The WebAssembly global, typed. */
export const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

const compiled = new Map<string, Promise<SharedWasm | undefined>>();
/**
 * The runtime's compilation under `useOneShotCompilation`'s flags, until it settles: V8
 * reads the flags while a module compiles, so any other file compiled meanwhile would get
 * them too (a grammar's lexer compiled eagerly by TurboFan: seconds, not milliseconds).
 */
let flagged: Promise<unknown> = Promise.resolve();

/** The web-tree-sitter runtime's wasm file. */
export function runtimeWasmPath(): string {
  return createRequire(import.meta.url).resolve('web-tree-sitter/tree-sitter.wasm');
}

/** The wasm files compiled in this process, or being compiled. */
export function compiledWasmPaths(): Set<string> {
  return new Set(compiled.keys());
}

/**
 * The module of a wasm file, compiled on first use; undefined when the file cannot be
 * read or compiled (whoever loads it the usual way then reports the error).
 */
export function compiledWasm(path: string): Promise<SharedWasm | undefined> {
  let pending = compiled.get(path);
  if (!pending) {
    pending = flagged
      .then(() => readFile(path))
      .then(
        (buffer) => compileOrUndefined(new Uint8Array(buffer)),
        () => undefined,
      );
    compiled.set(path, pending);
  }
  return pending;
}

async function compileOrUndefined(bytes: Uint8Array): Promise<SharedWasm | undefined> {
  try {
    return { bytes, module: await wasmApi.compile(bytes) };
  } catch {
    return undefined;
  }
}

/**
 * Sets up V8's WebAssembly compilation for a process that parses each file once, as the
 * CLI's `rank`, `pack` and `explain` do. Must be called before anything in the process
 * compiles WebAssembly; it changes V8 flags for the whole process.
 *
 * The runtime (where parsing and query matching run) is compiled ahead with the
 * optimizing compiler, TurboFan: ~0.1 s on a background thread. The grammars are compiled
 * with the baseline compiler, Liftoff, and never tiered up (`--liftoff-only`): their
 * lexers are single functions of up to 200 KB that TurboFan takes up to a second each to
 * compile, which a single pass over the files never repays. By default V8 tiers up both
 * as they run; before this mode, the CLI made everything Liftoff-only, which left the
 * runtime ~30% slower.
 */
export function useOneShotCompilation(): void {
  if (compiled.size > 0) {
    throw new RepoMapError(
      'bad-option',
      'repomap/tags: useOneShotCompilation must be called before any file is parsed',
      'useOneShotCompilation',
    );
  }
  const path = runtimeWasmPath();
  const bytes = new Uint8Array(readFileSync(path));
  setFlagsFromString('--no-liftoff-only');
  setFlagsFromString('--no-liftoff');
  setFlagsFromString('--no-wasm-lazy-compilation');
  const restore = (): void => {
    setFlagsFromString('--liftoff');
    setFlagsFromString('--wasm-lazy-compilation');
    setFlagsFromString('--liftoff-only');
  };
  // The flags are read while the compilation runs, so they are restored when it settles;
  // everything that loads a grammar first awaits the runtime, hence this reaction.
  const pending = compileOrUndefined(bytes).finally(restore);
  compiled.set(path, pending);
  flagged = pending;
}

/** Up to this many files to parse, `useBaselineCompilation` is the quicker (measured at 1, 40, 100 and 250 files). */
export const BASELINE_COMPILATION_MAX_FILES = 100;

/**
 * Sets up V8's WebAssembly compilation for a process that parses a few files, as the
 * CLI's `rank` does when it updates a kept index after an edit: the runtime and the
 * grammars are compiled by the baseline compiler, Liftoff, and never tiered up
 * (`--liftoff-only`), so no optimizing compile runs beside a parse that is over in
 * milliseconds. On the mixed corpus a fresh `rank` after one changed file took ~60 ms
 * less, after 100 ~30 ms less, and after 250 ~55 ms more than with V8's default tier-up
 * (bench/NOTES.md). Must be called before anything in the process compiles WebAssembly;
 * it changes V8 flags for the whole process.
 */
export function useBaselineCompilation(): void {
  if (compiled.size > 0) {
    throw new RepoMapError(
      'bad-option',
      'repomap/tags: useBaselineCompilation must be called before any file is parsed',
      'useBaselineCompilation',
    );
  }
  setFlagsFromString('--liftoff-only');
}
