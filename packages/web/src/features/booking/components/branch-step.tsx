import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api.tsx';
import { NotificationBox, Spinner } from '../../../ui/index.ts';
import { isGeolocationSupported } from '../api/booking-actors.ts';
import { BranchPicker } from './branch-picker.tsx';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './wizard-types.ts';

/** Step 3: the branch, or every branch of a city, or the closest one. */
export function BranchStep({ state, send }: StepProps) {
  const { t } = useTranslation('booking');
  const { $api } = useApi();
  const branches = $api.useQuery('get', '/api/branches');
  const groups = $api.useQuery('get', '/api/branch-groups');
  const { branch, reason } = state.context;

  if (branches.isPending || groups.isPending) return <Spinner label={t('loading')} />;
  if (branches.isError || groups.isError) {
    return (
      <NotificationBox variant="danger" role="alert">
        {t('loadFailed')}
      </NotificationBox>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <BranchPicker
        branches={branches.data}
        groups={groups.data}
        reason={reason}
        selection={branch}
        geolocationSupported={isGeolocationSupported()}
        locating={state.matches({ wizard: { branch: 'locating' } })}
        onSelect={(selection) => send({ type: 'branch.select', selection })}
        onLocate={(candidates) => send({ type: 'branch.locate', branches: candidates })}
      />
      <StepActions
        onBack={() => send({ type: 'wizard.back' })}
        nextDisabled={branch === null}
        onNext={() => send({ type: 'wizard.next' })}
      />
    </div>
  );
}
