import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { useApi, type Api, queryKeyOf } from '../../../shared/api.tsx';

export type ConversationSummary = Schemas['ChatConversationSummary'];

/** The patient's conversations, active and archived, newest first (GET /api/chat/conversations). */
export function getConversationsQueryOptions($api: Api['$api']) {
  return $api.queryOptions('get', '/api/chat/conversations');
}

export function useConversations() {
  const { $api } = useApi();
  return useQuery(getConversationsQueryOptions($api));
}

export const CONVERSATIONS_KEY = queryKeyOf('/api/chat/conversations');
