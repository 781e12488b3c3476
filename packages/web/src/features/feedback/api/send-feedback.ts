import type { Schemas } from '@portal/sdk';
import { useMutation } from '@tanstack/react-query';
import { dataOf, useApi } from '../../../shared/api.tsx';

export type FeedbackInput = Schemas['FeedbackInput'];

/** Sends the signed-in user's feedback on a branch (POST /api/feedback). */
export function useSendFeedback() {
  const { client } = useApi();
  return useMutation<Schemas['FeedbackReceipt'], Error, FeedbackInput>({
    mutationFn: async (body) => dataOf(await client.POST('/api/feedback', { body })),
  });
}
