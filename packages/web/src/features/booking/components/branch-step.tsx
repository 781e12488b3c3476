import { compareFi, employeesWhoPerform } from '@portal/machines';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationBox, SelectField, Spinner, jobTitleFor } from '../../../ui/index.ts';
import { isGeolocationSupported } from '../api/booking-actors.ts';
import { firstFreeText, useFirstFree } from '../api/first-free.ts';
import { BranchPicker } from './branch-picker.tsx';
import { FirstAvailable } from './first-available.tsx';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './wizard-types.ts';
import { useBranchGroups, useBranches, useEmployees } from '../../../shared/resources.ts';
import { useLanguage } from '../../../shared/language.ts';
import { useSession } from '../../../shared/session.tsx';
import { STEP_TEXTS, STEP_TEXTS_OPTIONS } from '../api/step-texts.ts';

/**
 * Step 3: the clinic, or every clinic of a city, or the closest one, from a searchable list; the
 * chosen place's first available time in one tap; then, optionally, a practitioner first (spec §4
 * Employee picker): their clinics are then listed first.
 */
export function BranchStep({ state, send }: StepProps) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  const branches = useBranches();
  const groups = useBranchGroups();
  const employees = useEmployees();
  const { branch, reason, preferredEmployee } = state.context;
  const language = useLanguage();
  // Which practitioners do the service, and when each option is first free (one request).
  const firstFree = useFirstFree(
    state.context,
    preferredEmployee === null ? {} : { employeeId: preferredEmployee.Id },
  );
  // The patient's own clinic (their profile's favourite) comes chosen: one tap to go on.
  const ownBranchId = useSession().user?.OwnBranchId ?? null;
  useEffect(() => {
    if (branch !== null || ownBranchId === null) return;
    const own = branches.data?.find((candidate) => candidate.Id === ownBranchId);
    if (own?.Enabled) {
      send({ type: 'branch.select', selection: { branchIds: [own.Id], city: own.Address.City } });
    }
  }, [branch, ownBranchId, branches.data, send]);

  if (branches.isPending || groups.isPending) return <Spinner label={t('loading')} />;
  if (branches.isError || groups.isError) {
    return (
      <NotificationBox variant="danger" role="alert">
        {t('loadFailed')}
      </NotificationBox>
    );
  }
  const bookable = employeesWhoPerform(
    (employees.data ?? []).filter((employee) => employee.Enabled),
    firstFree,
  ).sort((a, b) => compareFi(a.Name, b.Name));
  const employeeLabel = (employee: (typeof bookable)[number]): string => {
    const label = t('branch.employeeOption', {
      name: employee.Name,
      title: jobTitleFor(employee.JobTitles, language),
    });
    if (firstFree === null) return label;
    const first = firstFree.practitioners.get(employee.Id) ?? null;
    return t('firstFree.option', { choice: label, first: firstFreeText(t, first, language) });
  };
  return (
    <div className="flex flex-col gap-5">
      <BranchPicker
        branches={branches.data}
        groups={groups.data}
        reason={reason}
        selection={branch}
        employee={preferredEmployee}
        firstFree={firstFree}
        ownBranchId={ownBranchId}
        position={state.context.position}
        geolocationSupported={isGeolocationSupported()}
        locating={state.matches({ wizard: { branch: 'locating' } })}
        onSelect={(selection) => send({ type: 'branch.select', selection })}
        onLocate={(candidates) => send({ type: 'branch.locate', branches: candidates })}
      />
      {branch !== null && firstFree !== null && (
        <FirstAvailable
          selection={branch}
          branches={branches.data}
          firstFree={firstFree}
          employee={preferredEmployee}
          onChoose={({ branchIds, city, date }) =>
            send({ type: 'branch.firstAvailable', selection: { branchIds, city }, date })
          }
        />
      )}
      {bookable.length > 0 && (
        // After the clinic (issue 54): optional, and their clinics then come first in the list.
        <SelectField
          label={t('branch.employeeFirst')}
          hint={t('branch.employeeFirstHint')}
          placeholder={false}
          options={[
            { value: '', label: t('branch.anyEmployee') },
            ...bookable.map((employee) => ({
              value: String(employee.Id),
              label: employeeLabel(employee),
            })),
          ]}
          value={preferredEmployee === null ? '' : String(preferredEmployee.Id)}
          onChange={(value) =>
            send({
              type: 'practitioner.prefer',
              employee: bookable.find((employee) => String(employee.Id) === value) ?? null,
            })
          }
        />
      )}
      <StepActions
        onBack={() => send({ type: 'wizard.back' })}
        nextDisabled={branch === null}
        onNext={() => send({ type: 'wizard.next' })}
      />
    </div>
  );
}
