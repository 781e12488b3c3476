import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApi } from '../../../shared/api.tsx';
import { followConversation } from './conversation-events.ts';
import {
  getConversationQueryOptions,
  mergeMessages,
  type ChatMessage,
  type Conversation,
} from './get-conversation.ts';
import { CONVERSATIONS_KEY } from './get-conversations.ts';

/** Hide the typing indicator after this long without a new `typing` event (the contract). */
export const TYPING_TIMEOUT_MS = 5_000;

function parse<T>(data: string): T | null {
  try {
    return JSON.parse(data) as T;
  } catch {
    return null;
  }
}

/**
 * Live updates of an active conversation over server-sent events (operation
 * `streamConversation`, read by `followConversation` with the spec's headers and no token in the
 * URL): `message` events are merged into the cached conversation by id, `typing` shows who is
 * typing for 5 s, and `status: archived` ends the stream. On every (re)open the conversation is
 * refetched, so nothing sent in between is lost; a reconnection resumes with `Last-Event-ID`.
 * Returns the name of the professional who is typing (`''` when the name is unknown), or null.
 */
export function useConversationStream(conversationId: number, active: boolean): string | null {
  const { client, $api } = useApi();
  const queryClient = useQueryClient();
  const [typing, setTyping] = useState<string | null>(null);

  useEffect(() => {
    if (!active) return;
    const { queryKey } = getConversationQueryOptions($api, conversationId);
    const refetch = () => void queryClient.invalidateQueries({ queryKey, exact: true });
    const controller = new AbortController();
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const stopTyping = () => {
      clearTimeout(typingTimer);
      setTyping(null);
    };

    void followConversation(client, conversationId, controller.signal, {
      onOpen: refetch,
      onEvent: ({ event, data }) => {
        if (event === 'message') {
          const message = parse<ChatMessage>(data);
          if (message === null) return undefined;
          queryClient.setQueryData(queryKey, (old: Conversation | undefined) =>
            old ? { ...old, messages: mergeMessages(old.messages, [message]) } : old,
          );
          if (message.sender !== 'patient') stopTyping();
        } else if (event === 'typing') {
          const typed = parse<{ senderName: string | null }>(data);
          if (typed === null) return undefined;
          setTyping(typed.senderName ?? '');
          clearTimeout(typingTimer);
          typingTimer = setTimeout(() => setTyping(null), TYPING_TIMEOUT_MS);
        } else if (event === 'status' && parse<{ status: string }>(data)?.status === 'archived') {
          stopTyping();
          refetch();
          void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
          return 'stop';
        }
        return undefined;
      },
    });
    return () => {
      controller.abort();
      stopTyping();
    };
  }, [client, $api, queryClient, conversationId, active]);

  return typing;
}
