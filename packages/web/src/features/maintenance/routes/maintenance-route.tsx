import { useTranslation } from 'react-i18next';
import { useApi } from '../../../shared/api.tsx';
import { usePageTitle } from '../../../shared/page-head.ts';
import { MaintenanceNotice } from '../../../shared/maintenance-notice.tsx';
import { NotificationBox, Spinner } from '../../../ui/index.ts';

/** /maintenance: the maintenance break and its start time (spec §2, GET /api/maintenance). */
export default function MaintenanceRoute() {
  const { t } = useTranslation('maintenance');
  const { $api } = useApi();
  const query = $api.useQuery('get', '/api/maintenance');
  usePageTitle(t('title'));

  return (
    <section aria-labelledby="maintenance-title" className="mx-auto max-w-2xl py-6">
      <h1 id="maintenance-title" className="text-2xl font-bold">
        {t('title')}
      </h1>
      {query.isPending && <Spinner label={t('loading')} className="mt-4" />}
      {query.isError && (
        <p role="alert" className="mt-4 text-red-800">
          {t('loadFailed')}
        </p>
      )}
      {query.data && (
        <div className="mt-4 flex flex-col gap-3">
          {query.data.startsAt ? (
            <MaintenanceNotice startsAt={query.data.startsAt} />
          ) : (
            <NotificationBox variant={query.data.active ? 'warning' : 'informative'} role="status">
              {query.data.active ? t('active') : t('none')}
            </NotificationBox>
          )}
          {query.data.message && <p>{query.data.message}</p>}
        </div>
      )}
    </section>
  );
}
