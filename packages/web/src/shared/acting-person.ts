import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { useApi } from './api.tsx';
import { useActingChoice } from './acting-for.ts';
import { roleOf } from './roles.ts';
import { useSession } from './session.tsx';

export type ActingPerson = Schemas['ActingPerson'];

/**
 * Whom the signed-in patient may act for (GET /api/persons): themself first, then their
 * children under 18 and the adults whose mandate they hold (issue 55). Staff act for themselves
 * only: no call.
 */
export function usePersons() {
  const { $api } = useApi();
  const { user } = useSession();
  return useQuery({
    ...$api.queryOptions('get', '/api/persons'),
    enabled: user !== null && roleOf(user) === 'patient',
  });
}

/**
 * The person the user acts for now, or null for themself (or before the persons are known): the
 * booking fills the person's name and identity code, pages name them.
 */
export function useActingPerson(): ActingPerson | null {
  const { user } = useSession();
  const choice = useActingChoice(user?.Id ?? null);
  const persons = usePersons();
  const personId = choice?.personId ?? null;
  if (personId === null) return null;
  return persons.data?.find((person) => person.id === personId) ?? null;
}
