import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApi } from '../../../shared/api.tsx';
import { useSession } from '../../../shared/session.tsx';
import {
  getConversationQueryOptions,
  mergeMessages,
  type ChatMessage,
  type Conversation,
} from './get-conversation.ts';
import { CONVERSATIONS_KEY } from './get-conversations.ts';

/** Hide the typing indicator after this long without a new `typing` event (the contract). */
export const TYPING_TIMEOUT_MS = 5_000;
/** Without EventSource (old browsers, jsdom) the conversation is re-read this often instead. */
export const POLL_MS = 3_000;

/** The URL of the conversation's event stream, with the token in `access_token` (EventSource sends no headers). */
export function streamUrl(conversationId: number, token: string | null): string {
  const path = `/api/chat/conversations/${conversationId}/events`;
  return token ? `${path}?access_token=${encodeURIComponent(token)}` : path;
}

function parse<T>(event: Event): T | null {
  if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return null;
  try {
    return JSON.parse(event.data) as T;
  } catch {
    return null;
  }
}

/**
 * Live updates of an active conversation over server-sent events (operation
 * `streamConversation`): `message` events are merged into the cached conversation by id, `typing`
 * shows who is typing for 5 s, and `status: archived` closes the EventSource (otherwise the browser
 * would reconnect). On every (re)open the conversation is refetched, so nothing sent in between is
 * lost; the browser itself resumes with `Last-Event-ID`. Returns the name of the professional who
 * is typing (`''` when the name is unknown), or null.
 */
export function useConversationStream(conversationId: number, active: boolean): string | null {
  const { $api } = useApi();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const [typing, setTyping] = useState<string | null>(null);

  useEffect(() => {
    if (!active) return;
    const { queryKey } = getConversationQueryOptions($api, conversationId);
    const refetch = () => void queryClient.invalidateQueries({ queryKey, exact: true });

    if (typeof EventSource === 'undefined') {
      const timer = setInterval(refetch, POLL_MS);
      return () => clearInterval(timer);
    }

    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const source = new EventSource(streamUrl(conversationId, token()));
    source.addEventListener('open', refetch);
    source.addEventListener('message', (event) => {
      const message = parse<ChatMessage>(event);
      if (message === null) return;
      queryClient.setQueryData(queryKey, (old: Conversation | undefined) =>
        old ? { ...old, messages: mergeMessages(old.messages, [message]) } : old,
      );
      if (message.sender !== 'patient') {
        clearTimeout(typingTimer);
        setTyping(null);
      }
    });
    source.addEventListener('typing', (event) => {
      const data = parse<{ senderName: string | null }>(event);
      if (data === null) return;
      setTyping(data.senderName ?? '');
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => setTyping(null), TYPING_TIMEOUT_MS);
    });
    source.addEventListener('status', (event) => {
      const data = parse<{ status: 'active' | 'archived' }>(event);
      if (data?.status !== 'archived') return;
      source.close();
      clearTimeout(typingTimer);
      setTyping(null);
      refetch();
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    });
    return () => {
      source.close();
      clearTimeout(typingTimer);
      setTyping(null);
    };
  }, [$api, queryClient, conversationId, active, token]);

  return typing;
}
