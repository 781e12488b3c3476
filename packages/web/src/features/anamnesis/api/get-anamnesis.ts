import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { useApi, queryKeyOf } from '../../../shared/api.tsx';
import { anamnesisQueryOptions } from '../../../shared/anamnesis-status.ts';

export type Anamnesis = Schemas['Anamnesis'];

/** Whether the form can be filled online, and the previous answers to prefill it. */
export function useAnamnesis() {
  const { $api } = useApi();
  return useQuery(anamnesisQueryOptions($api));
}

export const ANAMNESIS_KEY = queryKeyOf('/api/anamnesis');
