/**
 * What a daemon takes from its socket, checked before it acts on it: a message of the
 * protocol (./daemon-protocol.ts), every field of the right type (a zod schema), and a
 * run of one of the index commands (`DAEMON_COMMANDS`). Anything else is refused with
 * the reason. Loaded by the daemon only: a command talking to it loads no zod (the client
 * is loaded before every command, --help included).
 */
import { isAbsolute } from 'node:path';
import * as z from 'zod';
import { DAEMON_COMMANDS, type ToDaemon } from './daemon-protocol.js';

const RUN = z.strictObject({
  type: z.literal('run'),
  build: z.string(),
  argv: z.array(z.string()).min(1),
  cwd: z.string().refine(isAbsolute, 'not an absolute path'),
  env: z.record(z.string(), z.string()),
  stdoutTTY: z.boolean(),
  stderrTTY: z.boolean(),
  stdin: z.string().optional(),
});

/** A message to the daemon, field by field. */
const TO_DAEMON: z.ZodType<ToDaemon> = z.discriminatedUnion('type', [
  RUN,
  z.strictObject({ type: z.literal('status') }),
  z.strictObject({ type: z.literal('stop') }),
]);

/** The longest reason given for a refusal (an issue's message may quote a key). */
const WHY_MAX_CHARS = 200;

/** A line read from the socket as a message, or why it is refused (`field: problem` for a field, naming the first). */
export function readToDaemon(line: string): { message: ToDaemon } | { why: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return { why: clip(`not JSON (${(error as Error).message})`) };
  }
  const checked = TO_DAEMON.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    return { why: clip(`${issue.path.map(String).join('.') || 'value'}: ${issue.message}`) };
  }
  const message = checked.data;
  if (message.type === 'run' && !DAEMON_COMMANDS.includes(message.argv[0]!)) {
    return { why: clip(`it runs the index commands only (${DAEMON_COMMANDS.join(', ')}), not ${message.argv[0]}`) };
  }
  return { message };
}

function clip(why: string): string {
  return why.length > WHY_MAX_CHARS ? `${why.slice(0, WHY_MAX_CHARS - 1)}…` : why;
}
