/**
 * Entry point of a parse worker thread (started by `parseInWorkers`): parses the batches
 * it is sent with the same per-file code as the in-thread path, keeping one parser and
 * one compiled query per language for its whole life. Not meant to be run by hand.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isReportable, RepoMapError } from '../errors.js';
import { parseFile } from './extract.js';
import { initRuntime, messageOf } from './grammar.js';
import { languageTools } from './language-tools.js';
import type { BatchRequest, FileOutcome, WorkerReply, WorkerSetup } from './protocol.js';
import { wasmApi, type SharedWasm } from './wasm-modules.js';
import { packOutcomes } from './wire.js';

const port = parentPort;
if (!port)
  throw new RepoMapError(
    'internal',
    'repomap/tags: worker.js must run in a worker thread started by parseInWorkers',
    'worker.js',
  );
/** The modules the pool compiled: the runtime from the start, each grammar with the first batch that needs it. */
const shared: SharedWasm[] = [...(workerData as WorkerSetup).wasm];
useSharedWasm(shared);
// The runtime is set up now, while the pool (or the corpus read, for a worker started ahead) is busy;
// a failure here is thrown again where the first file needs the runtime.
void initRuntime().catch(() => undefined);

port.on('message', (request: BatchRequest) => {
  void parseBatch(request).then((reply) =>
    port.postMessage(reply satisfies WorkerReply, reply.type === 'batch' ? [reply.outcomes.numbers.buffer] : []),
  );
});

async function parseBatch({ files, budget, wasm }: BatchRequest): Promise<WorkerReply> {
  if (wasm) shared.push(...wasm);
  const outcomes: { index: number; outcome: FileOutcome }[] = [];
  for (const file of files) {
    try {
      const tools = await languageTools(file.language, file.path);
      outcomes.push({ index: file.index, outcome: parseFile(tools, file.path, file.text, budget) });
    } catch (error) {
      // Only loading a grammar or query throws here; a file that fails to parse is an outcome.
      if (isReportable(error))
        return { type: 'fatal', error: { code: error.code, message: error.message, subject: error.subject } };
      return {
        type: 'fatal',
        error: { message: error instanceof Error ? (error.stack ?? error.message) : messageOf(error) },
      };
    }
  }
  return { type: 'batch', outcomes: packOutcomes(outcomes) };
}

/**
 * web-tree-sitter compiles the bytes it reads (`Parser.init`, `Language.load` take no
 * compiled module). This thread's `WebAssembly.instantiate` is wrapped so that bytes equal
 * to a file the pool compiled are instantiated from that shared module instead; anything
 * else (a grammar the pool could not compile) goes through unchanged.
 */
function useSharedWasm(shared: readonly SharedWasm[]): void {
  const instantiate = wasmApi.instantiate.bind(wasmApi);
  const compiled = (source: unknown): object | undefined => {
    if (!ArrayBuffer.isView(source)) return undefined;
    const bytes = Buffer.from(source.buffer, source.byteOffset, source.byteLength);
    return shared.find((w) => bytes.equals(w.bytes))?.module;
  };
  const wrapped = (source: unknown, imports?: unknown): Promise<unknown> => {
    const module = compiled(source);
    if (!module) return instantiate(source, imports);
    // Instantiating a Module resolves to the Instance alone; from bytes, to { module, instance }.
    return instantiate(module, imports).then((instance) => ({ module, instance }));
  };
  wasmApi.instantiate = wrapped;
}
