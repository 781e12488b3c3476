import type { Message } from '@portal/machines';
import { useTranslation } from 'react-i18next';
import { NotificationBox, Spinner } from '../../../ui/index.ts';
import { useBranchGroups, useBranches, useEmployees } from '../../../shared/resources.ts';
import { AREAS_OF_INTEREST } from '@portal/sdk';
import type { ProfileFormValues } from '../api/profile-form.ts';
import { CheckboxGroup } from './checkbox-group.tsx';
import { FavouriteBranchField } from './favourite-branch-field.tsx';
import { FavouriteEmployeeField } from './favourite-employee-field.tsx';

export type ChangeValues = (change: Partial<ProfileFormValues>) => void;

/** A machine message as text: a key of this namespace, or the server's translated text. */
export function useMessageText() {
  const { t } = useTranslation('profile');
  return (message: Message | undefined): string | undefined => {
    if (message === undefined) return undefined;
    return 'key' in message ? t(message.key) : message.text;
  };
}

/** The seven areas of interest (spec §3) as checkboxes. */
export function AreasOfInterestFields({
  values,
  onChange,
}: {
  values: ProfileFormValues;
  onChange: ChangeValues;
}) {
  const { t } = useTranslation('profile');
  return (
    <CheckboxGroup
      legend={t('areas.legend')}
      description={t('areas.description')}
      items={AREAS_OF_INTEREST.map((area) => ({
        id: area,
        label: t(`areas.${area}`),
        checked: values.areas[area],
      }))}
      onChange={(id, checked) => onChange({ areas: { ...values.areas, [id]: checked } })}
    />
  );
}

/** Marketing consents by SMS and by email. */
export function MarketingConsentFields({
  values,
  onChange,
}: {
  values: ProfileFormValues;
  onChange: ChangeValues;
}) {
  const { t } = useTranslation('profile');
  return (
    <CheckboxGroup
      legend={t('consents.legend')}
      description={t('consents.description')}
      items={[
        { id: 'sms', label: t('consents.sms'), checked: values.smsMarketingEnabled },
        { id: 'email', label: t('consents.email'), checked: values.emailMarketingEnabled },
      ]}
      onChange={(id, checked) =>
        onChange(
          id === 'sms' ? { smsMarketingEnabled: checked } : { emailMarketingEnabled: checked },
        )
      }
    />
  );
}

/** Favourite branch and (optionally) favourite practitioner, once the directory has loaded. */
export function FavouriteFields({
  values,
  onChange,
  fieldErrors,
  withEmployee = true,
  idPrefix,
}: {
  values: ProfileFormValues;
  onChange: ChangeValues;
  fieldErrors: Record<string, Message>;
  withEmployee?: boolean;
  /** The form's prefix of its controls' ids: `${idPrefix}-branchId`, `${idPrefix}-employeeId`. */
  idPrefix: string;
}) {
  const { t } = useTranslation('profile');
  const text = useMessageText();
  const branches = useBranches();
  const groups = useBranchGroups();
  const employees = useEmployees();
  const pending = branches.isPending || groups.isPending || (withEmployee && employees.isPending);
  const failed = branches.isError || groups.isError || (withEmployee && employees.isError);

  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 text-lg font-semibold text-slate-900">
        {t('favourites.legend')}
      </legend>
      {pending && !failed && <Spinner label={t('favourites.loading')} />}
      {failed && <NotificationBox variant="warning">{t('favourites.loadFailed')}</NotificationBox>}
      {branches.data && groups.data && (
        <FavouriteBranchField
          id={`${idPrefix}-branchId`}
          branches={branches.data}
          groups={groups.data}
          value={values.branchId}
          onChange={(branchId) => onChange({ branchId })}
          error={text(fieldErrors.branchId)}
        />
      )}
      {withEmployee && employees.data && branches.data && (
        <FavouriteEmployeeField
          id={`${idPrefix}-employeeId`}
          employees={employees.data}
          branches={branches.data}
          branchId={values.branchId}
          value={values.employeeId}
          onChange={(employeeId) => onChange({ employeeId })}
          error={text(fieldErrors.employeeId)}
        />
      )}
    </fieldset>
  );
}
