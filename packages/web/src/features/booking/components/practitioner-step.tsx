import { employeePickerMachine, employeesOfBranches, filterEmployees } from '@portal/machines';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Button, EmployeeCard, NotificationBox, Spinner, TextField } from '../../../ui/index.ts';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './wizard-types.ts';
import { useBranches, useEmployees } from '../../../shared/resources.ts';

/**
 * Step 4 (optional): a practitioner. The branch's practitioners are listed as cards; a search
 * (300 ms debounce, the employee-picker machine) finds anyone by name. Skipping books anyone.
 */
export function PractitionerStep({ state, send }: StepProps) {
  const { t } = useTranslation('booking');
  const employees = useEmployees();
  const branches = useBranches();
  const [picker, sendPicker] = useMachine(employeePickerMachine);
  const { employee, branch } = state.context;

  if (employees.isPending) return <Spinner label={t('loading')} />;
  if (employees.isError) {
    return (
      <NotificationBox variant="danger" role="alert">
        {t('loadFailed')}
      </NotificationBox>
    );
  }
  const query = picker.context.appliedQuery.trim();
  const shown =
    query === ''
      ? employeesOfBranches(employees.data, branch?.branchIds ?? [])
      : filterEmployees(employees.data, query);
  const branchName = (id: number): string =>
    branches.data?.find((candidate) => candidate.Id === id)?.Name ?? '';

  return (
    <div className="flex flex-col gap-5">
      <p className="text-slate-700">{t('practitioner.intro')}</p>
      <TextField
        label={t('practitioner.search')}
        type="search"
        value={picker.context.query}
        onChange={(event) => sendPicker({ type: 'picker.search', query: event.target.value })}
        onFocus={() => {
          if (picker.matches('closed')) sendPicker({ type: 'picker.open' });
        }}
      />
      <section aria-labelledby="practitioner-list-title">
        <h2 id="practitioner-list-title" className="mb-3 text-lg font-semibold">
          {query === '' ? t('practitioner.atBranch') : t('practitioner.results')}
        </h2>
        {shown.length === 0 ? (
          <p role="status" className="text-slate-700">
            {t('practitioner.none')}
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {shown.map((candidate) => (
              <li key={candidate.Id}>
                <EmployeeCard
                  employee={candidate}
                  branches={candidate.Branches.map(branchName).filter((name) => name !== '')}
                  selected={employee?.Id === candidate.Id}
                  onSelect={() => {
                    const next = employee?.Id === candidate.Id ? null : candidate;
                    sendPicker({ type: 'picker.select', employee: next });
                    send({ type: 'employee.select', employee: next });
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
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
