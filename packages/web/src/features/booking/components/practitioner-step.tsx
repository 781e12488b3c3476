import {
  employeePickerMachine,
  employeesOfBranches,
  employeesWhoPerform,
  filterEmployees,
} from '@portal/machines';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Schemas } from '@portal/sdk';
import {
  Button,
  EmployeeCard,
  NotificationBox,
  Popover,
  Spinner,
  TextField,
} from '../../../ui/index.ts';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './wizard-types.ts';
import { useBranches, useEmployees } from '../../../shared/resources.ts';
import { STEP_TEXTS, STEP_TEXTS_OPTIONS } from '../api/step-texts.ts';
import { byFirstFree, firstFreeLine, useFirstFree } from '../api/first-free.ts';
import { useLanguage } from '../../../shared/language.ts';

type Employee = Schemas['Employee'];

/**
 * Step 4 (optional): a practitioner, chosen in a popup (spec §4, §9: at most 400 px high, two
 * columns from 520 px of width, closed by a choice). The popup lists the chosen location's
 * practitioners; its search (300 ms debounce, the employee-picker machine, whose open state is
 * the popup's) finds any employee by the start of the name (spec §4: all employees). Only
 * practitioners who perform the chosen service (`getFirstFreeTimes`) can be chosen, each with
 * their first free time at the chosen location; a search shows the others after them, each saying
 * that they do not offer the service, not a button. The choice shows under the button; pressing
 * the chosen card again clears it. Skipping books anyone.
 */
export function PractitionerStep({ state, send }: StepProps) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  const employees = useEmployees();
  const branches = useBranches();
  const [picker, sendPicker] = useMachine(employeePickerMachine);
  const { employee, branch } = state.context;
  const language = useLanguage();
  const firstFree = useFirstFree(state.context, { branchIds: branch?.branchIds ?? [] });

  if (employees.isPending) return <Spinner label={t('loading')} />;
  if (employees.isError) {
    return (
      <NotificationBox variant="danger" role="alert">
        {t('loadFailed')}
      </NotificationBox>
    );
  }
  const query = picker.context.appliedQuery.trim();
  const performers = employeesWhoPerform(employees.data, firstFree);
  const performs = new Set(performers);
  const found = filterEmployees(employees.data, query);
  const shown =
    query === ''
      ? byFirstFree(employeesOfBranches(performers, branch?.branchIds ?? []), firstFree)
      : [
          ...found.filter((candidate) => performs.has(candidate)),
          ...found.filter((candidate) => !performs.has(candidate)),
        ];
  /** Their first free time at the chosen location, once the times are in. */
  const firstFreeOf = (candidate: Employee) =>
    firstFree === null ? null : (
      <span className="mt-1 block text-sm font-medium text-brand-800">
        {firstFreeLine(t, firstFree.practitioners.get(candidate.Id) ?? null, language)}
      </span>
    );
  const branchName = (id: number): string =>
    branches.data?.find((candidate) => candidate.Id === id)?.Name ?? '';
  const branchNames = (candidate: Employee): string[] =>
    candidate.Branches.map(branchName).filter((name) => name !== '');

  const search = (
    <div className="mb-3 flex flex-col gap-3">
      <TextField
        label={t('practitioner.search')}
        type="search"
        value={picker.context.query}
        onChange={(event) => sendPicker({ type: 'picker.search', query: event.target.value })}
      />
      <h3 className="text-base font-semibold">
        {query === '' ? t('practitioner.atBranch') : t('practitioner.results')}
      </h3>
    </div>
  );

  return (
    <div className="flex flex-col gap-5">
      <p className="text-slate-700">{t('practitioner.intro')}</p>
      <div>
        <Popover
          label={t('practitioner.popup')}
          open={picker.matches('open')}
          onOpenChange={(open) => sendPicker({ type: open ? 'picker.open' : 'picker.close' })}
          columns
          header={search}
          className="w-[min(40rem,calc(100vw-1rem))]"
          trigger={
            <Button variant="secondary">
              {employee === null ? t('practitioner.choose') : t('practitioner.change')}
            </Button>
          }
        >
          {shown.length === 0 ? (
            <p role="status" className="p-2 text-slate-700 @[520px]:col-span-2">
              {t('practitioner.none')}
            </p>
          ) : (
            shown.map((candidate) =>
              !performs.has(candidate) ? (
                <EmployeeCard
                  key={candidate.Id}
                  employee={candidate}
                  branches={branchNames(candidate)}
                  className="bg-slate-50"
                  detail={
                    <span className="mt-1 block text-sm font-medium text-slate-800">
                      {t('practitioner.notForService')}
                    </span>
                  }
                />
              ) : (
                <EmployeeCard
                  key={candidate.Id}
                  employee={candidate}
                  branches={branchNames(candidate)}
                  selected={employee?.Id === candidate.Id}
                  detail={firstFreeOf(candidate)}
                  onSelect={() => {
                    const next = employee?.Id === candidate.Id ? null : candidate;
                    // The machine closes the popup; Radix then returns focus to its button.
                    sendPicker({ type: 'picker.select', employee: next });
                    send({ type: 'employee.select', employee: next });
                  }}
                />
              ),
            )
          )}
        </Popover>
      </div>
      {employee !== null && (
        <section aria-labelledby="chosen-practitioner-title">
          <h3 id="chosen-practitioner-title" className="mb-2 text-base font-semibold">
            {t('practitioner.chosen')}
          </h3>
          <EmployeeCard employee={employee} branches={branchNames(employee)} />
        </section>
      )}
      {/* Nobody chosen: skipping is the step's main action (no disabled Next first on phones). */}
      <StepActions
        onBack={() => send({ type: 'wizard.back' })}
        nextLabel={employee === null ? t('practitioner.skip') : undefined}
        onNext={() => send({ type: employee === null ? 'wizard.skip' : 'wizard.next' })}
        extra={
          employee !== null && (
            <Button variant="secondary" onClick={() => send({ type: 'wizard.skip' })}>
              {t('practitioner.skip')}
            </Button>
          )
        }
      />
    </div>
  );
}
