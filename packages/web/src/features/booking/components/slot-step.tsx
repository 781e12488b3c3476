import { useTranslation } from 'react-i18next';
import { NotificationBox } from '../../../ui/index.ts';
import { FamilyTimes } from './family-times.tsx';
import { SlotPicker } from '../../../shared/slot-picker.tsx';
import { useBranches } from '../../../shared/resources.ts';
import { StepActions } from './step-actions.tsx';
import { useOwnTimes } from '../../../shared/own-times.ts';
import type { StepProps } from './wizard-types.ts';
import { STEP_TEXTS, STEP_TEXTS_OPTIONS } from '../api/step-texts.ts';

/**
 * Step 5: a day in the month calendar, then a free slot of that day (the shared slot picker).
 * Choosing a time goes on to the details at once, as the list says; Next stays for a time chosen
 * before (back from a later step).
 */
export function SlotStep({ state, send }: StepProps) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  const branches = useBranches();
  const picker = state.children.slotPicker;
  const ownTimes = useOwnTimes(state.context.signedIn);
  const severalBranches = (state.context.branch?.branchIds.length ?? 0) > 1;
  const branchName = (id: number): string =>
    branches.data?.find((candidate) => candidate.Id === id)?.Name ?? '';

  const { familyIds, familySlots, family, familyProblem, error } = state.context;
  // A family booking (issue 55): the day's times as the family can take them.
  const members = familyIds.flatMap((id) => family.filter((person) => person.id === id));
  const forFamily = state.context.familyIds.length >= 2;
  const problemPerson = familyProblem === null ? undefined : members[familyProblem];
  return (
    <div className="flex flex-col gap-5">
      {forFamily && problemPerson !== undefined && error !== null && (
        <NotificationBox variant="danger" role="alert" title={t('familyTimes.problemTitle')}>
          {t(
            error === 'reservation.overlapsOwn' ? 'familyTimes.overlapsOwn' : 'familyTimes.taken',
            { name: problemPerson.firstName },
          )}
        </NotificationBox>
      )}
      {picker !== undefined && (
        <SlotPicker
          picker={picker}
          branchName={severalBranches ? branchName : undefined}
          chosenContinues={t('slotContinues')}
          ownTimes={ownTimes}
          onChosen={() => send({ type: 'wizard.next' })}
          renderTimes={
            forFamily
              ? (slots, professionOf) => (
                  <FamilyTimes
                    slots={slots}
                    members={members}
                    chosen={familySlots.map((slot) => slot.key)}
                    professionOf={professionOf}
                    onChoose={(times) => {
                      send({ type: 'family.choose', slots: times });
                      const [first] = times;
                      if (first) picker.send({ type: 'slot.select', slot: first });
                      send({ type: 'wizard.next' });
                    }}
                  />
                )
              : undefined
          }
        />
      )}
      <StepActions
        onBack={() => send({ type: 'wizard.back' })}
        // A tap on a time goes on: Next only for one chosen before (issue 54: no
        // dead Next while nothing is chosen).
        onNext={state.context.slot === null ? undefined : () => send({ type: 'wizard.next' })}
      />
    </div>
  );
}
