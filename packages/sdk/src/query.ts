import createQueryHooks from 'openapi-react-query';
import type { PortalClient } from './client.ts';

/**
 * TanStack Query bindings typed by the contract:
 * `const $api = createPortalQueryHooks(client); $api.useQuery('get', '/api/branches')`.
 * Failed calls surface as the client's ApiError in `error`.
 */
export function createPortalQueryHooks(client: PortalClient) {
  return createQueryHooks(client);
}

export type PortalQueryHooks = ReturnType<typeof createPortalQueryHooks>;
