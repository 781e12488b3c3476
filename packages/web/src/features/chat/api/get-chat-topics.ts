import { useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../shared/api.tsx';

/** The topics to choose from when starting a conversation (GET /api/chat/topics). */
export function getChatTopicsQueryOptions($api: Api['$api']) {
  return $api.queryOptions('get', '/api/chat/topics');
}

export function useChatTopics() {
  const { $api } = useApi();
  return useQuery(getChatTopicsQueryOptions($api));
}
