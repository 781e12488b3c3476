import { useTranslation } from 'react-i18next';
import { useApi } from '../../../shared/api.tsx';
import { formatHelsinki } from '../../../shared/time.ts';
import { usePageTitle } from '../../../shared/page-head.ts';
import { SanitizedHtml, Spinner } from '../../../ui/index.ts';

/**
 * The terms of use to read (GET /api/terms, sanitised). Accepting them is the FIRST_LOGIN
 * profile form of the profile feature, which the app shows instead of every route until then.
 */
export function TermsDocument() {
  const { t } = useTranslation('terms');
  const { $api } = useApi();
  const terms = $api.useQuery('get', '/api/terms');
  usePageTitle(terms.data?.title ?? t('terms.title'));

  return (
    <section aria-labelledby="terms-title" className="mx-auto max-w-3xl">
      <h1 id="terms-title" className="text-2xl font-bold md:text-3xl">
        {terms.data?.title ?? t('terms.title')}
      </h1>
      {terms.isPending && <Spinner label={t('loading')} className="mt-4" />}
      {terms.isError && (
        <p role="alert" className="mt-4 text-red-800">
          {t('loadFailed')}
        </p>
      )}
      {terms.data && (
        <>
          <p className="mt-2 text-sm text-slate-600">
            {t('terms.updated', { date: formatHelsinki(terms.data.updatedAt, 'date') })}
          </p>
          <SanitizedHtml
            html={terms.data.body}
            className="mt-4 rounded-lg border border-slate-200 bg-white p-4"
          />
        </>
      )}
    </section>
  );
}
