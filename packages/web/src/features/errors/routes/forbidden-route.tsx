import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** Shown when a signed-in user opens a page that their role does not allow. */
export default function ForbiddenRoute() {
  const { t } = useTranslation('errors');
  usePageTitle(t('forbidden.title'));
  return (
    <section aria-labelledby="forbidden-title" className="mx-auto max-w-xl py-8">
      <p className="text-sm font-semibold text-brand-800">403</p>
      <h1 id="forbidden-title" className="mt-1 text-2xl font-bold">
        {t('forbidden.title')}
      </h1>
      <p className="mt-3 text-slate-700">{t('forbidden.body')}</p>
      <Link
        to="/"
        className="mt-6 inline-block font-semibold text-brand-800 underline underline-offset-4"
      >
        {t('backHome')}
      </Link>
    </section>
  );
}
