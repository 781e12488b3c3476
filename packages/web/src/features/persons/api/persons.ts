import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  actingPersonOf,
  chooseActingFor,
  forgetActingChoice,
  isPersonalQuery as isPersonal,
} from '../../../shared/acting-for.ts';
import { useSession } from '../../../shared/session.tsx';

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
      void queryClient.cancelQueries({ predicate: isPersonal });
      void queryClient.resetQueries({ predicate: isPersonal });
    },
    [queryClient, user],
  );
}
