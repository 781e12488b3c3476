import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataOf, useApi, queryKeyOf } from '../../../shared/api.tsx';
import type { Rule, RuleInput } from './get-rules.ts';

/** The key prefix of every rules query (each status filter). */
const RULES_KEY = queryKeyOf('/api/admin/rules');

function useRefreshRules() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: RULES_KEY });
}

/** Creates a rule (POST /api/admin/rules) or replaces one, status included (PUT …/{id}). */
export function useSaveRule() {
  const { client } = useApi();
  const refresh = useRefreshRules();
  return useMutation<Rule, Error, { id?: number; input: RuleInput }>({
    mutationFn: async ({ id, input }) =>
      id === undefined
        ? dataOf(await client.POST('/api/admin/rules', { body: input }))
        : dataOf(
            await client.PUT('/api/admin/rules/{id}', { params: { path: { id } }, body: input }),
          ),
    onSettled: refresh,
  });
}

/** Deletes a rule for good (DELETE /api/admin/rules/{id}). */
export function useDeleteRule() {
  const { client } = useApi();
  const refresh = useRefreshRules();
  return useMutation<null, Error, number>({
    mutationFn: async (id) => {
      await client.DELETE('/api/admin/rules/{id}', { params: { path: { id } } });
      return null;
    },
    onSettled: refresh,
  });
}
