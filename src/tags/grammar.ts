/**
 * Loads the web-tree-sitter runtime once and each language grammar lazily, from the
 * package and file grammars/manifest.json names for it (an installed dependency: the
 * language's own grammar package, or tree-sitter-wasms).
 */
import { Language, LANGUAGE_VERSION, MIN_COMPATIBLE_VERSION, Parser } from 'web-tree-sitter';
import { RepoMapError } from '../errors.js';
import type { LanguageId } from '../types.js';
import { compiledWasm, runtimeWasmPath, wasmApi } from './wasm-modules.js';
import { grammarWasmPath, messageOf } from './grammar-files.js';

export { grammarPackageFolder, grammarWasmPath, messageOf } from './grammar-files.js';

let runtime: Promise<void> | undefined;
const grammars = new Map<LanguageId, Promise<Language>>();

/**
 * Initializes the web-tree-sitter runtime (once; later calls share the first), from the
 * process's compiled runtime module (./wasm-modules.ts) when it compiled.
 */
export function initRuntime(): Promise<void> {
  runtime ??= startRuntime().catch((cause: unknown) => {
    runtime = undefined;
    throw new RepoMapError(
      'grammar-load-failed',
      `repomap/tags: cannot start the web-tree-sitter runtime: ${messageOf(cause)}`,
      'web-tree-sitter',
    );
  });
  return runtime;
}

async function startRuntime(): Promise<void> {
  const shared = await compiledWasm(runtimeWasmPath());
  // Without it, web-tree-sitter compiles the file itself and reports what is wrong with it.
  if (!shared) return Parser.init();
  let failed!: (cause: unknown) => void;
  const failure = new Promise<never>((_, reject) => (failed = reject));
  const init = Parser.init({
    // Emscripten's hook: the instance is made here, from the module compiled once per process.
    // It has no way to fail, so a failure rejects `failure` instead.
    instantiateWasm(imports: unknown, receive: (instance: unknown, module: object) => void): object {
      wasmApi.instantiate(shared.module, imports).then((instance) => receive(instance, shared.module), failed);
      return {};
    },
  });
  return Promise.race([init, failure]);
}

/**
 * The grammar of a language, loaded on first use and cached.
 * `forFile` names the file that needed it, for the error message.
 */
export function loadGrammar(language: LanguageId, forFile?: string): Promise<Language> {
  let pending = grammars.get(language);
  if (!pending) {
    pending = loadGrammarUncached(language, forFile);
    grammars.set(language, pending);
    pending.catch(() => grammars.delete(language));
  }
  return pending;
}

async function loadGrammarUncached(language: LanguageId, forFile: string | undefined): Promise<Language> {
  await initRuntime();
  let wasm: string | undefined;
  try {
    wasm = grammarWasmPath(language);
    const grammar = await Language.load(wasm);
    const abi = grammar.abiVersion;
    if (abi < MIN_COMPATIBLE_VERSION || abi > LANGUAGE_VERSION) {
      throw new RepoMapError(
        'grammar-load-failed',
        `repomap/tags: ABI ${abi} is outside ${MIN_COMPATIBLE_VERSION}..${LANGUAGE_VERSION} supported by web-tree-sitter`,
        wasm,
      );
    }
    return grammar;
  } catch (cause) {
    const from = wasm === undefined ? '' : ` from ${wasm}`;
    const needed = forFile === undefined ? '' : ` (needed by ${forFile})`;
    throw new RepoMapError(
      'grammar-load-failed',
      `repomap/tags: cannot load the ${language} grammar${from}${needed}: ${messageOf(cause)}`,
      // Without a wasm path, the grammar package that is missing (or the language, when the manifest has no entry).
      wasm ??
        (cause instanceof RepoMapError && cause.subject !== undefined ? cause.subject : `the ${language} grammar`),
    );
  }
}
