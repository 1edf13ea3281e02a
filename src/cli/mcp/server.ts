import type { Readable, Writable } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { packageVersion, type Workspace } from '../../unstable.js';
import { registerNavigationTools } from './navigation-tools.js';
import { LineTransport } from './stdio-transport.js';
import { registerTools } from './tools.js';

/** An MCP server answering rank_files, context_pack, explain_file and the agent tools (find_symbol, references, impact, outline, index_status) from one workspace. */
export function createMcpServer(workspace: Workspace): McpServer {
  const server = new McpServer(
    { name: 'repomap', version: packageVersion() },
    {
      instructions:
        `repomap ranks the files of the repository at ${workspace.root} for what you are working on ` +
        '(an issue, a stack trace, a failing test, a diff, a review comment), by structure rather than embeddings. ' +
        'Call rank_files before reading code; explain_file says why a file ranks where it does. ' +
        'find_symbol, references, outline and impact navigate definitions, their callers, a file\u2019s signatures and what an edit ripples to.',
    },
  );
  registerTools(server, workspace);
  registerNavigationTools(server, workspace);
  return server;
}

/**
 * Serves the workspace over stdio until stdin ends. The index build starts at once, in
 * the background, so the first call finds it warm; a build failure is reported by the calls.
 * A malformed message is answered with a JSON-RPC error and told to `onNote`. Once stdin
 * ends, it returns when the build and calls under way are over (their writes to the tags
 * store and the snapshot done: the caller closes the store then).
 */
export async function serveStdio(
  workspace: Workspace,
  stdin: Readable,
  stdout: Writable,
  onNote?: (message: string) => void,
): Promise<void> {
  workspace.index().catch(() => undefined);
  const server = createMcpServer(workspace);
  const closed = new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
  });
  await server.connect(new LineTransport(stdin, stdout, onNote));
  await closed;
  await workspace.settled();
  await server.close();
}
