import type { Schemas } from '@portal/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataOf, useApi } from '../../../shared/api.tsx';
import { getPatientQueryOptions } from './get-patient.ts';
import { PATIENTS_KEY, type AdminPatient } from './get-patients.ts';

export type AdminPatientUpdate = Schemas['AdminPatientUpdate'];

/** Saves a patient's editable fields (PUT /api/admin/patients/{id}). */
export function useUpdatePatient(id: number) {
  const { client, $api } = useApi();
  const queryClient = useQueryClient();
  return useMutation<AdminPatient, Error, AdminPatientUpdate>({
    mutationFn: async (body) =>
      dataOf(await client.PUT('/api/admin/patients/{id}', { params: { path: { id } }, body })),
    onSuccess: (patient) => {
      queryClient.setQueryData(getPatientQueryOptions($api, id).queryKey, patient);
      void queryClient.invalidateQueries({ queryKey: PATIENTS_KEY });
    },
  });
}

/** Deletes a user account (DELETE /api/admin/patients/{id}). */
export function useDeletePatient() {
  const { client, $api } = useApi();
  const queryClient = useQueryClient();
  return useMutation<number, Error, number>({
    mutationFn: async (id) => {
      await client.DELETE('/api/admin/patients/{id}', { params: { path: { id } } });
      return id;
    },
    onSuccess: (id) => {
      queryClient.removeQueries({ queryKey: getPatientQueryOptions($api, id).queryKey });
      void queryClient.invalidateQueries({ queryKey: PATIENTS_KEY });
    },
  });
}
