import { useQuery } from '@tanstack/react-query';
import { useApi, type Api } from './api.tsx';

/**
 * Whether the health form can be filled online, and the patient's latest answers (GET
 * /api/anamnesis): read by the form itself and by the booking's thank-you screen. A module of its
 * own, so that it travels with those screens and not with every page's start.
 */
export const anamnesisQueryOptions = ($api: Api['$api']) =>
  $api.queryOptions('get', '/api/anamnesis');

/** The health form's state for the signed-in patient. */
export function useAnamnesisStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...anamnesisQueryOptions(useApi().$api), ...options });
}
