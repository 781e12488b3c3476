import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { useApi } from './api.tsx';
import {
  actingPersonOf,
  chooseActingFor,
  forgetActingChoice,
  dropPersonalAnswers,
  useActingChoice,
} from './acting-for.ts';
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
  const { user, token } = useSession();
  return useQuery({
    ...$api.queryOptions('get', '/api/persons'),
    // Not once the token is gone while the user is still shown (an account just deleted,
    // counting down to the front page): a call without it would end at the login page.
    enabled: user !== null && roleOf(user) === 'patient' && token() !== null,
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

/**
 * Acts for another person (or oneself, null) from now on: the answers kept for the previous
 * person are dropped, and a page that shows one fetches it anew for the person chosen; a call
 * still on its way for the previous person is cancelled, so its answer never shows. With `ask`,
 * the choice is forgotten instead (the pages are the user's own) and asked again.
 */
export function useSwitchPerson(): (personId: number | null, options?: { ask?: boolean }) => void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useCallback(
    (personId, options) => {
      if (user === null) return;
      const previous = actingPersonOf(user.Id);
      if (options?.ask === true) forgetActingChoice();
      else chooseActingFor(user.Id, personId);
      if (previous === personId) return;
      dropPersonalAnswers(queryClient);
    },
    [queryClient, user],
  );
}
