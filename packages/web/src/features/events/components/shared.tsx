import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageHeader } from '../../../ui/index.ts';

export function BackToEvents() {
  const { t } = useTranslation('events');
  return (
    <Link
      href="/events"
      className="mb-4 inline-block font-medium text-brand-800 underline focus-visible:outline-3 focus-visible:outline-brand-700"
    >
      {t('backToEvents')}
    </Link>
  );
}

export function PublishedBadge({ published }: { published: boolean }) {
  const { t } = useTranslation('events');
  return (
    <span
      className={`inline-block rounded-full px-2 text-sm font-semibold ${
        published ? 'bg-brand-100 text-brand-900' : 'bg-amber-100 text-amber-900'
      }`}
    >
      {published ? t('status.published') : t('status.unpublished')}
    </span>
  );
}

export function NotFound({ text }: { text: string }) {
  const { t } = useTranslation('events');
  return (
    // The page's main heading: a missing event still gets a titled page.
    <PageHeader title={t('notFound.title')} description={text} />
  );
}
