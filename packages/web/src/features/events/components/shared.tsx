import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PublishedBadge } from '../../../shared/publishable.tsx';
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

/** The event's published state (staff screens). */
export function EventStatus({ published }: { published: boolean }) {
  const { t } = useTranslation('events');
  return (
    <PublishedBadge
      published={published}
      label={published ? t('status.published') : t('status.unpublished')}
    />
  );
}

export function NotFound({ text }: { text: string }) {
  const { t } = useTranslation('events');
  return (
    // The page's main heading: a missing event still gets a titled page.
    <PageHeader title={t('notFound.title')} description={text} />
  );
}
