import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePageTitle } from '../../../shared/page-head.ts';
import {
  Button,
  Card,
  Checkbox,
  NotificationBox,
  Page,
  PageHeader,
  Spinner,
} from '../../../ui/index.ts';
import { useSaveUserSettings, useUserSettings, type UserSettings } from '../api/user-settings.ts';
import { LanguageChoice } from '../components/language-choice.tsx';
import { LoadError } from '../../../shared/error-views.tsx';

type SettingKey = keyof UserSettings;

const GROUPS: { id: 'service' | 'reminder'; sms: SettingKey; email: SettingKey }[] = [
  { id: 'service', sms: 'serviceSmsEnabled', email: 'serviceEmailEnabled' },
  { id: 'reminder', sms: 'reminderSmsEnabled', email: 'reminderEmailEnabled' },
];

/** /settings: the interface language and the service-message consents (GET/PUT /api/user/settings). */
export default function SettingsRoute() {
  const { t } = useTranslation('settings');
  usePageTitle(t('title'));
  const settings = useUserSettings();
  return (
    <Page width="narrow">
      <PageHeader title={t('title')} description={t('description')} />
      <div className="flex flex-col gap-6">
        <Card>
          <LanguageChoice />
        </Card>
        <Card>
          {settings.isPending && <Spinner label={t('loading')} />}
          {settings.isError && (
            <LoadError onRetry={() => void settings.refetch()}>{t('loadFailed')}</LoadError>
          )}
          {settings.data && <MessageSettingsForm initial={settings.data} />}
        </Card>
      </div>
    </Page>
  );
}

function MessageSettingsForm({ initial }: { initial: UserSettings }) {
  const { t } = useTranslation('settings');
  const save = useSaveUserSettings();
  const [values, setValues] = useState<UserSettings>(initial);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (save.isSuccess || save.isError) notice.current?.focus();
  }, [save.isSuccess, save.isError]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{t('messages.title')}</h2>
        <p className="mt-1 text-slate-700">{t('messages.description')}</p>
      </div>
      {GROUPS.map((group) => (
        <fieldset key={group.id} className="flex flex-col gap-3">
          <legend className="mb-1 text-lg font-semibold text-slate-900">
            {t(`messages.${group.id}.legend`)}
          </legend>
          <p className="-mt-1 text-sm text-slate-700">{t(`messages.${group.id}.description`)}</p>
          {(['sms', 'email'] as const).map((channel) => {
            const key = group[channel];
            return (
              <Checkbox
                key={key}
                label={t(`messages.${channel}`)}
                checked={values[key]}
                onCheckedChange={(checked) => {
                  setValues((current) => ({ ...current, [key]: checked }));
                  if (!save.isPending) save.reset();
                }}
              />
            );
          })}
        </fieldset>
      ))}
      <p className="text-sm text-slate-700">
        {t('messages.marketing')}{' '}
        <Link href="/profile" className="font-semibold text-brand-800 underline">
          {t('messages.profileLink')}
        </Link>
      </p>
      <div ref={notice} tabIndex={-1} className="outline-none empty:hidden">
        {save.isSuccess && <NotificationBox variant="success">{t('saved')}</NotificationBox>}
        {save.isError && <NotificationBox variant="danger">{t('saveFailed')}</NotificationBox>}
      </div>
      <div>
        <Button type="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
