import { useTranslation } from 'react-i18next';
import { useActingChoice } from '../../../shared/acting-for.ts';
import { usePersons } from '../../../shared/acting-person.ts';
import { useSession } from '../../../shared/session.tsx';
import { Checkbox, toast } from '../../../ui/index.ts';
import type { Reservation } from '../api/get-reservations.ts';
import { useSetVisibility } from '../api/reservation-actions.ts';

/** Whether the signed-in patient is 12 to 17 and handles their own matters (issue 55). */
export function useIsMinorForThemself(): boolean {
  const { user } = useSession();
  const choice = useActingChoice(user?.Id ?? null);
  const persons = usePersons();
  const self = persons.data?.find((person) => person.relation === 'self');
  return self?.ageBand === 'minor' && (choice?.personId ?? null) === null;
}

/**
 * "Näytä huoltajalle / Visa för vårdnadshavaren" on a 12–17-year-old's own visit (Patient Act
 * 785/1992 §9): unticked, the guardians see nothing of it and get no reminders of it.
 */
export function GuardianVisibility({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation('reservations');
  const visibility = useSetVisibility();
  return (
    <Checkbox
      className="mt-3"
      label={t('guardian.show')}
      hint={t('guardian.hint')}
      checked={!reservation.hiddenFromGuardians}
      disabled={visibility.isPending}
      onCheckedChange={(shown) =>
        visibility.mutate(
          { id: reservation.id, hidden: !shown },
          {
            onSuccess: () => toast.success(t(shown ? 'guardian.shown' : 'guardian.hidden')),
          },
        )
      }
    />
  );
}
