import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePageTitle } from '../../../shared/page-head.ts';
import { PageHeader } from '../../../ui/index.ts';
import { TEXT_LINK, TextSection } from '../components/text-section.tsx';

const TOPICS = ['booking', 'login', 'chat', 'privacy'] as const;

/** /about: what the portal offers and how it works. */
export default function AboutRoute() {
  const { t } = useTranslation('home');
  usePageTitle(t('about.title'));
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title={t('about.title')} description={t('about.lead')} />
      {TOPICS.map((topic) => (
        <TextSection key={topic} id={`about-${topic}`} title={t(`about.topics.${topic}.title`)}>
          <p className="mt-2 text-slate-700">{t(`about.topics.${topic}.body`)}</p>
        </TextSection>
      ))}
      <p className="mt-8">
        <Link to="/accessibility" className={TEXT_LINK}>
          {t('about.accessibilityLink')}
        </Link>
      </p>
    </article>
  );
}
