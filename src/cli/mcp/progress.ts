import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { BuildProgress } from '../../unstable.js';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export const PROGRESS_DEFAULTS = {
  /** Least time between two notifications of one call, but for a phase's first and last. */
  intervalMs: 250,
};

/**
 * For a call whose client sent a progress token: a listener that turns how far the
 * index build is into `notifications/progress` (files read, then parsed, counted as one
 * rising number; a message says which), at most one every `intervalMs` but for each
 * phase's first and last. Undefined for a call without a token.
 */
export function progressNotifier(
  extra: ToolExtra,
  now: () => number = Date.now,
): ((progress: BuildProgress) => void) | undefined {
  const token = extra._meta?.progressToken;
  if (token === undefined) return undefined;
  let sent = -1;
  let at = -Infinity;
  let phase = '';
  return ({ reading, parsing }) => {
    const current = parsing ? 'parsing' : 'reading';
    const step = parsing ?? reading;
    const progress = reading.done + (parsing?.done ?? 0);
    const edge = current !== phase || step.done === step.total;
    if (progress <= sent || (!edge && now() - at < PROGRESS_DEFAULTS.intervalMs)) return;
    sent = progress;
    at = now();
    phase = current;
    const total = reading.total + (parsing?.total ?? 0);
    const message = `${current === 'parsing' ? 'parsing' : 'reading'} files: ${step.done}/${step.total}`;
    extra
      .sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, progress, total, message },
      })
      .catch(() => undefined);
  };
}
