import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-head.ts';

const TOPICS = ['booking', 'login', 'chat', 'privacy'] as const;

/** /about: what the portal offers and how it works. */
export default function AboutRoute() {
  const { t } = useTranslation('home');
  usePageTitle(t('about.title'));
  return (
    <article aria-labelledby="about-title" className="mx-auto max-w-3xl">
      <h1 id="about-title" className="text-2xl font-bold md:text-3xl">
        {t('about.title')}
      </h1>
      <p className="mt-3 text-lg text-slate-700">{t('about.lead')}</p>
      {TOPICS.map((topic) => (
        <section key={topic} aria-labelledby={`about-${topic}`} className="mt-6">
          <h2 id={`about-${topic}`} className="text-xl font-semibold">
            {t(`about.topics.${topic}.title`)}
          </h2>
          <p className="mt-2 text-slate-700">{t(`about.topics.${topic}.body`)}</p>
        </section>
      ))}
    </article>
  );
}
