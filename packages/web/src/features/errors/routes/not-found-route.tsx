import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** Shown for every path without a registered route. */
export default function NotFoundRoute() {
  const { t } = useTranslation('errors');
  usePageTitle(t('notFound.title'));
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-xl py-8">
      <p className="text-sm font-semibold text-brand-800">404</p>
      <h1 id="not-found-title" className="mt-1 text-2xl font-bold">
        {t('notFound.title')}
      </h1>
      <p className="mt-3 text-slate-700">{t('notFound.body')}</p>
      <Link
        to="/"
        className="mt-6 inline-block font-semibold text-brand-800 underline underline-offset-4"
      >
        {t('backHome')}
      </Link>
    </section>
  );
}
