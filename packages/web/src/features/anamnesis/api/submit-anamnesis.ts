import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataOf, useApi } from '../../../shared/api.tsx';
import type { AnamnesisAnswers } from './anamnesis-draft.ts';
import { ANAMNESIS_KEY, type Anamnesis } from './get-anamnesis.ts';

/** Stores a new set of answers (POST /api/anamnesis); the new one becomes `latest`. */
export function useSubmitAnamnesis() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation<Anamnesis, Error, AnamnesisAnswers>({
    mutationFn: async (body) => dataOf(await client.POST('/api/anamnesis', { body })),
    onSuccess: (saved) =>
      queryClient.setQueryData(ANAMNESIS_KEY, (old: { enabled: boolean } | undefined) => ({
        enabled: old?.enabled ?? true,
        latest: saved,
      })),
  });
}
