/**
 * The MCP server's stdio transport: one JSON-RPC message a line, as the SDK's own
 * StdioServerTransport reads them, except that a line that is not JSON, or not a JSON-RPC
 * message, is answered (-32700 parse error, -32600 invalid request, as JSON-RPC 2.0 asks)
 * instead of being dropped in silence while a client waits on its id; so is a line too
 * long to hold, which closed the SDK's transport.
 */
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export const TRANSPORT_DEFAULTS = {
  /** Longest line read, in bytes; a longer one is discarded and answered as an invalid request. As the SDK's transport. */
  maxLineBytes: 10 * 1024 * 1024,
};

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Inside a line over the limit: its bytes are dropped up to its end. */
  private overlong = false;
  private readonly ondata = (chunk: Buffer): void => this.take(chunk);
  private readonly onfail = (error: Error): void => this.onerror?.(error);

  /** `onNote` hears, in one sentence, of each message refused (for the server's stderr). */
  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    private readonly onNote: (message: string) => void = () => {},
    private readonly maxLineBytes = TRANSPORT_DEFAULTS.maxLineBytes,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.ondata);
    this.stdin.on('error', this.onfail);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(JSON.stringify(message) + '\n')) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.ondata);
    this.stdin.off('error', this.onfail);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.pending = [];
    this.onclose?.();
  }

  private take(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      this.pending.push(chunk.subarray(start, end));
      this.line(Buffer.concat(this.pending));
      this.pending = [];
      this.pendingBytes = 0;
      start = end + 1;
    }
    if (start < chunk.length && !this.overlong) {
      this.pending.push(chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
      if (this.pendingBytes > this.maxLineBytes) {
        this.pending = [];
        this.pendingBytes = 0;
        this.overlong = true;
      }
    }
  }

  private line(bytes: Buffer): void {
    if (this.overlong || bytes.length > this.maxLineBytes) {
      this.overlong = false;
      this.refuse(ErrorCode.InvalidRequest, `Invalid Request: message longer than ${this.maxLineBytes} bytes`, null);
      return;
    }
    const text = bytes.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      this.refuse(ErrorCode.ParseError, `Parse error: ${(error as Error).message}`, null);
      return;
    }
    const checked = JSONRPCMessageSchema.safeParse(value);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
      this.refuse(ErrorCode.InvalidRequest, `Invalid Request: not a JSON-RPC 2.0 message${where}`, idOf(value));
      return;
    }
    this.onmessage?.(checked.data);
  }

  private refuse(code: ErrorCode, message: string, id: string | number | null): void {
    this.onNote(`refused a message: ${message}`);
    // JSON-RPC 2.0: an error whose request id cannot be told has a null id (the SDK's types insist on one)
    void this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }
}

/** The id of a malformed request, when it has a usable one. */
function idOf(value: unknown): string | number | null {
  const id =
    typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}
