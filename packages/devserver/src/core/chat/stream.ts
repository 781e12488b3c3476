import type { Schemas } from '@portal/sdk';
import { invalid, ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import { SESSIONS_ENDED } from '../users/sessions.ts';
import {
  CHAT_EVENT,
  conversationRow,
  materialiseDueReplies,
  messagesAfter,
  ownConversation,
  pendingReplyOf,
  type ChatEvent,
} from './chat.ts';

/** What a conversation's live stream carries (the transports turn these into SSE frames). */
export type ChatStreamEvent =
  | { type: 'message'; message: Schemas['ChatMessage'] }
  | { type: 'status'; status: 'active' | 'archived' }
  | { type: 'typing'; senderName: string | null }
  | { type: 'ping' };

export type ChatEventStream = (signal: AbortSignal) => AsyncIterable<ChatStreamEvent>;

/** Real-time cadence of a stream (tests shorten it). */
export interface StreamTiming {
  /** How often the stream looks at the clock for answers that have come due. */
  pollMs: number;
  /** A `ping` after this long without any other event. */
  heartbeatMs: number;
  /** `typing` is repeated this often while the professional types. */
  typingMs: number;
}

export const STREAM_TIMING: StreamTiming = { pollMs: 500, heartbeatMs: 20_000, typingMs: 3_000 };

/** `Last-Event-ID` as the contract allows it (a message id), or null when absent. */
export function parseLastEventId(value: string | undefined): Result<number | null> {
  if (value === undefined || value === '') return ok(null);
  if (!/^[1-9][0-9]{0,9}$/.test(value)) {
    return invalid({ field: 'Last-Event-ID', message: 'validation.format' });
  }
  return ok(Number(value));
}

/** Resolves after `ms` of real time, when woken, or when the signal aborts. */
function pause(ms: number, signal: AbortSignal, onWake: (wake: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    onWake(done);
  });
}

/**
 * The live events of one of the caller's conversations (404/403 before it starts). With
 * `lastEventId` it first replays the messages after it; without, it sends only what comes
 * after it opened. Messages arrive when stored (an event on `state.events`) and when the
 * professional's answer comes due by the clock (looked at every `pollMs` of real time). An
 * archived conversation sends `status: archived` and ends; so does a stream whose conversation
 * is archived while it runs. The stream also ends when the client leaves (the signal), the
 * state is reset, or the caller's session ends (`alive`, asked at every look: a logout, or the
 * idle or absolute limit passed by the clock), so that nothing reaches a page signed out.
 */
export function openConversationStream(
  state: DevState,
  userId: number,
  conversationId: number,
  lastEventId: number | null,
  timing: StreamTiming = STREAM_TIMING,
  alive: () => boolean = () => true,
): Result<ChatEventStream> {
  const own = ownConversation(state, userId, conversationId);
  if (!own.ok) return own;
  const openedAfter =
    lastEventId ??
    messagesAfter(state, conversationId, 0).reduce((max, m) => Math.max(max, m.id), 0);

  return ok(async function* events(signal: AbortSignal): AsyncGenerator<ChatStreamEvent> {
    if (conversationRow(state, conversationId)?.status === 'archived') {
      // Connecting to an archived conversation: this one event, then the end.
      yield { type: 'status', status: 'archived' };
      return;
    }
    let afterId = openedAfter;
    let changed = false;
    let ended = false;
    let wake: (() => void) | null = null;
    const onChat = (event: ChatEvent): void => {
      if (event.conversationId !== conversationId) return;
      changed = true;
      wake?.();
    };
    const onReset = (): void => {
      ended = true;
      wake?.();
    };
    const onSessionsEnded = (): void => {
      wake?.();
    };
    state.events.on(CHAT_EVENT, onChat);
    state.events.on('reset', onReset);
    state.events.on(SESSIONS_ENDED, onSessionsEnded);
    let quietMs = 0;
    let typingShownFor: number | null = null;
    let sinceTypingMs = 0;
    try {
      while (!signal.aborted && !ended) {
        if (!alive()) return;
        changed = false;
        if (conversationRow(state, conversationId)?.status === 'active') {
          materialiseDueReplies(state, conversationId);
        }
        for (const message of messagesAfter(state, conversationId, afterId)) {
          yield { type: 'message', message };
          afterId = message.id;
          quietMs = 0;
        }
        const row = conversationRow(state, conversationId);
        if (!row) return;
        if (row.status === 'archived') {
          yield { type: 'status', status: 'archived' };
          return;
        }
        const typing = pendingReplyOf(state, conversationId);
        if (!typing) {
          typingShownFor = null;
        } else if (typingShownFor !== typing.dueAtMs || sinceTypingMs >= timing.typingMs) {
          yield { type: 'typing', senderName: typing.senderName };
          typingShownFor = typing.dueAtMs;
          sinceTypingMs = 0;
          quietMs = 0;
        }
        if (quietMs >= timing.heartbeatMs) {
          yield { type: 'ping' };
          quietMs = 0;
        }
        if (changed || signal.aborted || ended) continue;
        const started = performance.now();
        await pause(timing.pollMs, signal, (done) => {
          wake = done;
        });
        wake = null;
        const waited = performance.now() - started;
        quietMs += waited;
        sinceTypingMs += waited;
      }
    } finally {
      state.events.off(CHAT_EVENT, onChat);
      state.events.off('reset', onReset);
      state.events.off(SESSIONS_ENDED, onSessionsEnded);
    }
  });
}
