import { codeWayForward, type CodeField, type CodeWayForward } from '@portal/machines';
import { lazy, Suspense, useDeferredValue, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../shared/api.tsx';
import { Button, NotificationBox, RadioGroup, Spinner, TextField } from '../../../ui/index.ts';
import { StepActions } from './step-actions.tsx';
import { codeFieldMessage } from '../api/code-message.ts';
import type { StepProps } from './wizard-types.ts';

// Only a user who may book for two or more persons sees the family choice (issue 55): its own
// chunk, not the booking start's.
const FamilyChoice = lazy(() =>
  import('./family-choice.tsx').then((m) => ({ default: m.FamilyChoice })),
);

/** The way forward's button text. */
function wayForwardLabel(way: CodeWayForward): string {
  switch (way.event) {
    case 'campaignCode.skip':
      return 'reservation.code.continueWithoutCode';
    case 'voucher.bookAsPrivate':
      return 'reservation.code.bookAsPrivate';
    case 'voucher.switchCustomerType':
      return `reservation.code.switchTo.${way.customerType.id}`;
  }
}

/** Step 1: private, service-voucher or payment-commitment customer, and a campaign code. */
export function CustomerTypeStep({ state, send }: StepProps) {
  const { t } = useTranslation('booking');
  const { $api } = useApi();
  const query = $api.useQuery('get', '/api/customer-types');
  // The types arrive while the page may already be in use (the booking start is prerendered):
  // they render as a transition, in pieces a tap can come between, not in one long task.
  const types = useDeferredValue(query.data);
  // The machine chooses a type the wizard's link asked for once the types are known.
  useEffect(() => {
    if (types === undefined) return;
    send({
      type: 'customerType.offer',
      customerTypes: types.map(({ id, identifierRequired }) => ({ id, identifierRequired })),
    });
  }, [types, send]);
  const { customerType, voucherIdentifier, campaignCode, error, codeProblem } = state.context;
  const chosen = types?.find((type) => type.id === customerType?.id);
  const identifierRef = useRef<HTMLInputElement>(null);
  const way = codeWayForward(state.context);
  const fieldError = (field: CodeField) => codeFieldMessage(t, state.context, field);
  /** The way forward under the refused field, when its case has one. */
  const wayForward = (field: CodeField) =>
    way !== null && codeProblem?.field === field ? (
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        onClick={() => {
          send({ type: way.event });
          // The identifier stays and is checked again as the other type: keep focus on it.
          if (way.event === 'voucher.switchCustomerType') identifierRef.current?.focus();
        }}
      >
        {t(wayForwardLabel(way))}
      </Button>
    ) : null;
  const checking =
    state.matches({ wizard: { customerType: 'checkingVoucher' } }) ||
    state.matches({ wizard: { customerType: 'checkingCampaignCode' } });

  if (query.isError) {
    return (
      <NotificationBox variant="danger" role="alert">
        {t('loadFailed')}
      </NotificationBox>
    );
  }
  if (types === undefined) return <Spinner label={t('loading')} />;
  const family = state.context.family.length >= 2;
  return (
    <div className="flex flex-col gap-5">
      <RadioGroup
        label={t('customerType.label')}
        required
        options={types.map((type) => ({
          value: type.id,
          label: type.name,
          description: type.description,
        }))}
        value={customerType?.id}
        onValueChange={(value) => {
          const type = types.find((candidate) => candidate.id === value);
          if (type) {
            send({
              type: 'customerType.select',
              customerType: { id: type.id, identifierRequired: type.identifierRequired },
            });
          }
        }}
      />
      {chosen?.identifierRequired && (
        <div className="flex flex-col gap-2">
          <TextField
            ref={identifierRef}
            label={chosen.identifierLabel ?? t('customerType.identifier')}
            required
            autoComplete="off"
            value={voucherIdentifier}
            error={fieldError('voucherIdentifier')}
            onChange={(event) => send({ type: 'voucher.change', identifier: event.target.value })}
          />
          {wayForward('voucherIdentifier')}
        </div>
      )}
      {family && (
        <Suspense fallback={null}>
          <FamilyChoice state={state} send={send} />
        </Suspense>
      )}
      <div className="flex flex-col gap-2">
        <TextField
          label={t('customerType.campaignCode')}
          hint={t('customerType.campaignCodeHint')}
          autoComplete="off"
          value={campaignCode}
          error={fieldError('campaignCode')}
          onChange={(event) => send({ type: 'campaignCode.change', code: event.target.value })}
        />
        {wayForward('campaignCode')}
      </div>
      {error && (
        <NotificationBox variant="danger" role="alert">
          {t(error)}
        </NotificationBox>
      )}
      {customerType === null && (
        <p className="text-sm text-slate-700">{t('customerType.chooseFirst')}</p>
      )}
      <StepActions
        nextLoading={checking}
        nextDisabled={customerType === null}
        onNext={() => send({ type: 'wizard.next' })}
      />
    </div>
  );
}
