import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { useApi, type Api } from '../../../shared/api.tsx';

export type Conversation = Schemas['ChatConversation'];
export type ChatMessage = Schemas['ChatMessage'];

/** One conversation with its messages (GET /api/chat/conversations/{id}). */
export function getConversationQueryOptions($api: Api['$api'], id: number) {
  return $api.queryOptions('get', '/api/chat/conversations/{id}', { params: { path: { id } } });
}

export function useConversation(id: number, options: { enabled?: boolean } = {}) {
  const { $api } = useApi();
  return useQuery({ ...getConversationQueryOptions($api, id), enabled: options.enabled ?? true });
}

/** Messages merged by id (a message may come from the stream and from a refetch), oldest first. */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of [...current, ...incoming]) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
