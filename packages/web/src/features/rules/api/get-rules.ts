import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { useApi, type Api } from '../../../shared/api.tsx';

export type Rule = Schemas['Rule'];
export type RuleInput = Schemas['RuleInput'];
export type RuleStatus = Schemas['RuleStatus'];

function listInit(status: RuleStatus | undefined) {
  return { params: { query: status === undefined ? {} : { status } } };
}

/** Every rule, or those with a status, most recently updated first (GET /api/admin/rules). */
export function getRulesQueryOptions($api: Api['$api'], status?: RuleStatus) {
  return $api.queryOptions('get', '/api/admin/rules', listInit(status));
}

export function useRules(status?: RuleStatus) {
  const { $api } = useApi();
  return useQuery(getRulesQueryOptions($api, status));
}
