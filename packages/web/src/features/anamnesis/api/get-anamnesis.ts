import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { useApi, type Api, queryKeyOf } from '../../../shared/api.tsx';

export type Anamnesis = Schemas['Anamnesis'];

/** The form's state and the patient's latest answers (GET /api/anamnesis). */
export function getAnamnesisQueryOptions($api: Api['$api']) {
  return $api.queryOptions('get', '/api/anamnesis');
}

/** Whether the form can be filled online, and the previous answers to prefill it. */
export function useAnamnesis() {
  const { $api } = useApi();
  return useQuery(getAnamnesisQueryOptions($api));
}

export const ANAMNESIS_KEY = queryKeyOf('/api/anamnesis');
