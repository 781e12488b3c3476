import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePageTitle } from '../../../shared/page-head.ts';

/** An error page: the status, its title and explanation, and the way back home. */
export function ErrorPage({ status, kind }: { status: 403 | 404; kind: 'forbidden' | 'notFound' }) {
  const { t } = useTranslation('errors');
  usePageTitle(t(`${kind}.title`));
  return (
    <section aria-labelledby={`${kind}-title`} className="mx-auto max-w-xl py-8">
      <p className="text-sm font-semibold text-brand-800">{status}</p>
      <h1 id={`${kind}-title`} className="mt-1 text-2xl font-bold">
        {t(`${kind}.title`)}
      </h1>
      <p className="mt-3 text-slate-700">{t(`${kind}.body`)}</p>
      <Link
        to="/"
        className="mt-6 inline-block font-semibold text-brand-800 underline underline-offset-4"
      >
        {t('backHome')}
      </Link>
    </section>
  );
}
