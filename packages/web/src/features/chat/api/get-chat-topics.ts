import type { Schemas } from '@portal/sdk';
import { useApi, type Api } from '../../../shared/api.tsx';

export type ChatTopic = Schemas['ChatTopic'];

/** The topics to choose from when starting a conversation (GET /api/chat/topics). */
export function getChatTopicsQueryOptions($api: Api['$api']) {
  return $api.queryOptions('get', '/api/chat/topics');
}

export function useChatTopics() {
  const { $api } = useApi();
  return $api.useQuery('get', '/api/chat/topics');
}
