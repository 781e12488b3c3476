import type { Schemas } from '@portal/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, useApi, type Api } from '../../../shared/api.tsx';

export type UserSettings = Schemas['UserSettings'];

/** The signed-in user's service-message consents (GET /api/user/settings). */
export function getUserSettingsQueryOptions($api: Api['$api']) {
  return $api.queryOptions('get', '/api/user/settings');
}

export function useUserSettings() {
  const { $api } = useApi();
  return useQuery(getUserSettingsQueryOptions($api));
}

/** Replaces the four consents (PUT /api/user/settings); the answer becomes the cached settings. */
export function useSaveUserSettings() {
  const { client, $api } = useApi();
  const queryClient = useQueryClient();
  return useMutation<UserSettings, Error, UserSettings>({
    mutationFn: async (body) => dataOf(await client.PUT('/api/user/settings', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(getUserSettingsQueryOptions($api).queryKey, saved);
    },
  });
}
