import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { useApi, type Api, queryKeyOf } from '../../../shared/api.tsx';

export type ChatStatus = Schemas['ChatStatus'];

/** Re-read the opening state every minute, so the page opens and closes on time. */
const STATUS_REFRESH_MS = 60_000;

/** Whether the chat is open now, and its hours (GET /api/chat/status). */
export function getChatStatusQueryOptions($api: Api['$api']) {
  return $api.queryOptions('get', '/api/chat/status');
}

export function useChatStatus() {
  const { $api } = useApi();
  return useQuery({ ...getChatStatusQueryOptions($api), refetchInterval: STATUS_REFRESH_MS });
}

export const CHAT_STATUS_KEY = queryKeyOf('/api/chat/status');
