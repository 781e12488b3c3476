import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { useLanguage } from '../../../lib/language.ts';
import { useSession } from '../../../lib/session.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { SanitizedHtml } from './sanitized-html.tsx';
import { Button, Checkbox, NotificationBox, Spinner } from '../../../ui/index.ts';

/**
 * The terms of use. With `requireAcceptance` (a signed-in user who has not accepted them, on
 * every route) it asks for acceptance: POST /api/user/accept/terms, then the user is reloaded.
 */
export function TermsAcceptance({ requireAcceptance = true }: { requireAcceptance?: boolean }) {
  const { t } = useTranslation('terms');
  const language = useLanguage();
  const { client, $api } = useApi();
  const { refresh, logout } = useSession();
  const terms = $api.useQuery('get', '/api/terms');
  const [checked, setChecked] = useState(false);
  const [showError, setShowError] = useState(false);
  usePageTitle(t('terms.title'));

  const accept = useMutation({
    mutationFn: async (version: string) => {
      await client.POST('/api/user/accept/terms', { body: { version } });
      await refresh();
    },
  });

  return (
    <section aria-labelledby="terms-title" className="mx-auto max-w-3xl">
      <h1 id="terms-title" className="text-2xl font-bold md:text-3xl">
        {terms.data?.title ?? t('terms.title')}
      </h1>
      {requireAcceptance && <p className="mt-2 text-slate-700">{t('terms.intro')}</p>}
      {terms.isPending && <Spinner label={t('loading')} className="mt-4" />}
      {terms.isError && (
        <p role="alert" className="mt-4 text-red-800">
          {t('loadFailed')}
        </p>
      )}
      {terms.data && (
        <>
          <p className="mt-2 text-sm text-slate-600">
            {t('terms.updated', { date: formatDate(terms.data.updatedAt, 'date', language) })}
          </p>
          <SanitizedHtml
            html={terms.data.body}
            className="prose mt-4 max-h-[50vh] overflow-y-auto rounded-lg border border-slate-200 bg-white p-4"
          />
          {requireAcceptance && (
            <form
              className="mt-6 flex flex-col gap-4"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (!checked) {
                  setShowError(true);
                  return;
                }
                accept.mutate(terms.data.version);
              }}
            >
              <Checkbox
                label={t('terms.checkbox')}
                required
                checked={checked}
                onCheckedChange={setChecked}
                error={showError && !checked ? t('terms.mustAccept') : undefined}
              />
              {accept.isError && (
                <NotificationBox variant="danger" role="alert">
                  {t('acceptFailed')}
                </NotificationBox>
              )}
              <div className="flex flex-col gap-3 sm:flex-row">
                <Button type="submit" loading={accept.isPending}>
                  {t('terms.accept')}
                </Button>
                <Button variant="ghost" onClick={logout}>
                  {t('logout')}
                </Button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
