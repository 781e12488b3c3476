import {
  closeConversation,
  getConversation,
  listChatTopics,
  listConversations,
  sendChatMessage,
  startConversation,
} from '../../core/chat/chat.ts';
import { getChatStatus } from '../../core/chat/hours.ts';
import {
  openConversationStream,
  parseLastEventId,
  type ChatEventStream,
  type ChatStreamEvent,
} from '../../core/chat/stream.ts';
import { ok } from '../../core/result.ts';
import { sessionLive } from '../../core/users/sessions.ts';
import { reply } from '../pipeline.ts';
import type { EventStream, OperationHandlers } from '../types.ts';

/** One server-sent-event frame of the contract's `streamConversation`. */
export function sseFrame(event: ChatStreamEvent): string {
  switch (event.type) {
    case 'message':
      return `id: ${event.message.id}\nevent: message\ndata: ${JSON.stringify(event.message)}\n\n`;
    case 'status':
      return `event: status\ndata: ${JSON.stringify({ status: event.status })}\n\n`;
    case 'typing':
      return `event: typing\ndata: ${JSON.stringify({ sender: 'professional', senderName: event.senderName })}\n\n`;
    case 'ping':
      return ': ping\n\n';
  }
}

/** The frames of a conversation's stream: `retry: 5000`, then its events. */
export function sseFrames(events: ChatEventStream): EventStream {
  return async function* frames(signal) {
    yield 'retry: 5000\n\n';
    for await (const event of events(signal)) yield sseFrame(event);
  };
}

/** Handlers of the chat operations: request → core → reply. */
export const chatHandlers: OperationHandlers = {
  getChatStatus: ({ state }) => reply.json(200, getChatStatus(state)),
  listChatTopics: ({ state, language }) => reply.json(200, listChatTopics(state, language)),
  listConversations: (ctx) =>
    reply.json(200, listConversations(ctx.state, ctx.user.id, ctx.language)),
  startConversation: (ctx) => {
    const result = startConversation(ctx.state, ctx.user.id, ctx.body, ctx.language);
    return result.ok ? reply.json(201, result.value) : result;
  },
  getConversation: (ctx) => {
    const result = getConversation(ctx.state, ctx.user.id, ctx.path.id, ctx.language);
    return result.ok ? reply.json(200, result.value) : result;
  },
  sendChatMessage: (ctx) => {
    const result = sendChatMessage(ctx.state, ctx.user.id, ctx.path.id, ctx.body, ctx.language);
    return result.ok ? reply.json(201, result.value) : result;
  },
  streamConversation: (ctx) => {
    const lastEventId = parseLastEventId(ctx.headers['last-event-id']);
    if (!lastEventId.ok) return lastEventId;
    const { state, token } = ctx;
    const opened = openConversationStream(
      state,
      ctx.user.id,
      ctx.path.id,
      lastEventId.value,
      undefined,
      // The stream ends with the session: a logout, or its idle or absolute limit.
      () => token !== null && sessionLive(state, token),
    );
    if (!opened.ok) return opened;
    return ok({
      status: 200,
      contentType: 'text/event-stream',
      headers: { 'Cache-Control': 'no-cache' },
      stream: sseFrames(opened.value),
    });
  },
  closeConversation: (ctx) => {
    const result = closeConversation(ctx.state, ctx.user.id, ctx.path.id, ctx.language);
    return result.ok ? reply.json(200, result.value) : result;
  },
};
