import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../shared/api.tsx';
import { NotificationBox, RadioGroup, Spinner, TextField } from '../../../ui/index.ts';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './wizard-types.ts';

/** Step 1: private, service-voucher or payment-commitment customer, and a campaign code. */
export function CustomerTypeStep({ state, send }: StepProps) {
  const { t } = useTranslation('booking');
  const { $api } = useApi();
  const types = $api.useQuery('get', '/api/customer-types');
  // The machine chooses a type the wizard's link asked for once the types are known.
  useEffect(() => {
    if (types.data === undefined) return;
    send({
      type: 'customerType.offer',
      customerTypes: types.data.map(({ id, identifierRequired }) => ({ id, identifierRequired })),
    });
  }, [types.data, send]);
  const { customerType, voucherIdentifier, campaignCode, fieldErrors, error } = state.context;
  const chosen = types.data?.find((type) => type.id === customerType?.id);
  const checking =
    state.matches({ wizard: { customerType: 'checkingVoucher' } }) ||
    state.matches({ wizard: { customerType: 'checkingCampaignCode' } });

  if (types.isPending) return <Spinner label={t('loading')} />;
  if (types.isError) {
    return (
      <NotificationBox variant="danger" role="alert">
        {t('loadFailed')}
      </NotificationBox>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <RadioGroup
        label={t('customerType.label')}
        required
        options={types.data.map((type) => ({
          value: type.id,
          label: type.name,
          description: type.description,
        }))}
        value={customerType?.id}
        onValueChange={(value) => {
          const type = types.data.find((candidate) => candidate.id === value);
          if (type) {
            send({
              type: 'customerType.select',
              customerType: { id: type.id, identifierRequired: type.identifierRequired },
            });
          }
        }}
      />
      {chosen?.identifierRequired && (
        <TextField
          label={chosen.identifierLabel ?? t('customerType.identifier')}
          required
          autoComplete="off"
          value={voucherIdentifier}
          error={fieldErrors.voucherIdentifier && t(fieldErrors.voucherIdentifier)}
          onChange={(event) => send({ type: 'voucher.change', identifier: event.target.value })}
        />
      )}
      <TextField
        label={t('customerType.campaignCode')}
        hint={t('customerType.campaignCodeHint')}
        autoComplete="off"
        value={campaignCode}
        error={fieldErrors.campaignCode && t(fieldErrors.campaignCode)}
        onChange={(event) => send({ type: 'campaignCode.change', code: event.target.value })}
      />
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
