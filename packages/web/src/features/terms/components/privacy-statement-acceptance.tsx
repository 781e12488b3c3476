import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../shared/api.tsx';
import { formatHelsinki } from '../../../shared/time.ts';
import { useSession } from '../../../shared/session.tsx';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Button, NotificationBox, PrivacyLinks, Spinner } from '../../../ui/index.ts';

/** A new privacy statement to accept (GET /api/privacy-statement, POST /api/user/accept/privacy-statement). */
export function PrivacyStatementAcceptance() {
  const { t } = useTranslation('terms');
  const { client, $api } = useApi();
  const { refresh, logout } = useSession();
  const statement = $api.useQuery('get', '/api/privacy-statement');
  usePageTitle(t('privacy.title'));

  const accept = useMutation({
    mutationFn: async (version: string) => {
      await client.POST('/api/user/accept/privacy-statement', { body: { version } });
      await refresh();
    },
  });

  return (
    <section aria-labelledby="privacy-title" className="mx-auto max-w-3xl">
      <h1 id="privacy-title" className="text-2xl font-bold md:text-3xl">
        {t('privacy.title')}
      </h1>
      {statement.isPending && <Spinner label={t('loading')} className="mt-4" />}
      {statement.isError && (
        <p role="alert" className="mt-4 text-red-800">
          {t('loadFailed')}
        </p>
      )}
      {statement.data && (
        <>
          <p className="mt-3 text-slate-700">{statement.data.summary}</p>
          <p className="mt-2 text-slate-700">
            {t('privacy.effective', {
              date: formatHelsinki(statement.data.effectiveFrom, 'date'),
            })}
          </p>
          <PrivacyLinks
            links={statement.data.links}
            heading={t('privacy.linksTitle')}
            className="mt-6"
          />
          {accept.isError && (
            <NotificationBox variant="danger" role="alert" className="mt-4">
              {t('acceptFailed')}
            </NotificationBox>
          )}
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Button
              loading={accept.isPending}
              onClick={() => accept.mutate(statement.data.version)}
            >
              {t('privacy.accept')}
            </Button>
            <Button variant="ghost" onClick={logout}>
              {t('logout')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
