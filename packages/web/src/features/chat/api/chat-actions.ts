import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataOf, useApi } from '../../../shared/api.tsx';
import {
  getConversationQueryOptions,
  mergeMessages,
  type ChatMessage,
  type Conversation,
} from './get-conversation.ts';
import { CONVERSATIONS_KEY } from './get-conversations.ts';

/** Starts a conversation on a topic with the first message (POST /api/chat/conversations). */
export function useStartConversation() {
  const { client, $api } = useApi();
  const queryClient = useQueryClient();
  return useMutation<Conversation, Error, { topicId: number; message: string }>({
    mutationFn: async (body) => dataOf(await client.POST('/api/chat/conversations', { body })),
    onSuccess: async (conversation) => {
      queryClient.setQueryData(
        getConversationQueryOptions($api, conversation.id).queryKey,
        conversation,
      );
      await queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });
}

/** Sends a message (POST …/messages) and adds it to the conversation at once. */
export function useSendMessage(conversationId: number) {
  const { client, $api } = useApi();
  const queryClient = useQueryClient();
  return useMutation<ChatMessage, Error, string>({
    mutationFn: async (text) =>
      dataOf(
        await client.POST('/api/chat/conversations/{id}/messages', {
          params: { path: { id: conversationId } },
          body: { text },
        }),
      ),
    onSuccess: (message) => {
      queryClient.setQueryData(
        getConversationQueryOptions($api, conversationId).queryKey,
        (old: Conversation | undefined) =>
          old ? { ...old, messages: mergeMessages(old.messages, [message]) } : old,
      );
    },
  });
}

/** Archives the conversation: 'back to beginning' (POST …/close). */
export function useCloseConversation() {
  const { client, $api } = useApi();
  const queryClient = useQueryClient();
  return useMutation<Conversation, Error, number>({
    mutationFn: async (id) =>
      dataOf(await client.POST('/api/chat/conversations/{id}/close', { params: { path: { id } } })),
    onSuccess: async (conversation) => {
      queryClient.setQueryData(
        getConversationQueryOptions($api, conversation.id).queryKey,
        conversation,
      );
      await queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });
}
