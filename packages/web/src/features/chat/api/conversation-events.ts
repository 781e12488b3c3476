import { isApiError, type PortalClient } from '@portal/sdk';
import type { EventSourceMessage } from 'eventsource-parser';
import { EventSourceParserStream } from 'eventsource-parser/stream';

/** The contract's stream starts with `retry: 5000`; until it has, a broken stream waits this long. */
export const DEFAULT_RETRY_MS = 5_000;

export interface ConversationEventHandlers {
  /** The stream is open (again): the caller refetches the conversation so that nothing is missed. */
  onOpen: () => void;
  /** One server-sent event. Returning `'stop'` ends the stream for good (the conversation ended). */
  onEvent: (event: EventSourceMessage) => 'stop' | undefined;
}

export interface FollowOptions {
  /** Waits between reconnections; tests pass their own. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Follows a conversation's live events (operation `streamConversation`) with the API client, as
 * every other call: the spec's headers (X-Requested-With, Accept-Language, the bearer token in
 * Authorization, never in the URL), its 30 s timeout to the answer, `x-dev-mode` capture, and the
 * client's error handling (a 401 signs out). The frames are parsed by `eventsource-parser`.
 *
 * Like `EventSource`, it resumes after a dropped stream: it waits the stream's `retry:` time and
 * reconnects with `Last-Event-ID` (the last message id seen). An error answer (4xx: no token,
 * not one's own conversation, not found) is final. It ends when `onEvent` says `'stop'` or the
 * signal aborts.
 */
export async function followConversation(
  client: PortalClient,
  conversationId: number,
  signal: AbortSignal,
  handlers: ConversationEventHandlers,
  { sleep = abortableSleep }: FollowOptions = {},
): Promise<void> {
  let lastEventId: string | undefined;
  let retryMs = DEFAULT_RETRY_MS;
  while (!signal.aborted) {
    try {
      const { data } = await client.GET('/api/chat/conversations/{id}/events', {
        params: {
          path: { id: conversationId },
          header: lastEventId === undefined ? undefined : { 'Last-Event-ID': lastEventId },
        },
        headers: { Accept: 'text/event-stream' },
        parseAs: 'stream',
        signal,
      });
      if (!data) throw new Error('The event stream has no body');
      handlers.onOpen();
      const events = data
        .pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream({ onRetry: (ms) => (retryMs = ms) }))
        .getReader();
      const cancel = () => void events.cancel().catch(() => undefined);
      signal.addEventListener('abort', cancel, { once: true });
      try {
        for (;;) {
          const { done, value } = await events.read();
          if (done) break;
          if (value.id) lastEventId = value.id;
          if (handlers.onEvent(value) === 'stop') {
            cancel();
            return;
          }
        }
      } finally {
        signal.removeEventListener('abort', cancel);
      }
    } catch (error) {
      if (signal.aborted) return;
      // An answer such as 401, 403 or 404 will not change by asking again.
      if (isApiError(error) && error.status >= 400 && error.status < 500) return;
    }
    await sleep(retryMs, signal);
  }
}
