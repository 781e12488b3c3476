import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationBox, Page, PageHeader, Spinner } from '../../../ui/index.ts';
import { usePageTitle } from '../../../shared/page-head.ts';
import { draftFromAnswers, EMPTY_DRAFT } from '../api/anamnesis-draft.ts';
import { ANAMNESIS_KEY, useAnamnesis, type Anamnesis } from '../api/get-anamnesis.ts';
import { formatHelsinki } from '../../../shared/time.ts';
import { AnamnesisForm } from '../components/anamnesis-form.tsx';
import { LoadError } from '../../../shared/error-views.tsx';

/** /anamnesis: the preliminary health-information form, prefilled with the previous answers. */
export default function AnamnesisRoute() {
  const { t } = useTranslation('anamnesis');
  usePageTitle(t('title'));
  const query = useAnamnesis();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<Anamnesis | null>(null);
  const savedRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (saved !== null) savedRef.current?.focus();
  }, [saved]);

  let body;
  if (query.isPending) {
    body = <Spinner label={t('loading')} />;
  } else if (query.isError) {
    body = <LoadError onRetry={() => void query.refetch()}>{t('loadFailed')}</LoadError>;
  } else if (!query.data.enabled) {
    body = (
      <NotificationBox variant="warning" role="status" title={t('disabled.title')}>
        {t('disabled.text')}
      </NotificationBox>
    );
  } else {
    const latest = query.data.latest;
    body = (
      <div className="flex flex-col gap-6">
        {/* Focus moves here once saved: named, so that a screen reader says what happened. */}
        <div
          ref={savedRef}
          tabIndex={-1}
          role={saved !== null ? 'group' : undefined}
          aria-label={saved !== null ? t('saved.title') : undefined}
          className="focus:outline-none"
        >
          {saved !== null && (
            <NotificationBox variant="success" title={t('saved.title')}>
              {t('saved.text')}
            </NotificationBox>
          )}
        </div>
        {latest !== null && (
          <NotificationBox variant="informative" role="none" title={t('previous.title')}>
            {t('previous.text', { date: formatHelsinki(latest.createdAt, 'date') })}
          </NotificationBox>
        )}
        <AnamnesisForm
          // A new save remounts the form with the stored answers.
          key={latest?.id ?? 'new'}
          initial={latest === null ? EMPTY_DRAFT : draftFromAnswers(latest)}
          onSaved={setSaved}
          onDisabled={() => void queryClient.invalidateQueries({ queryKey: ANAMNESIS_KEY })}
        />
      </div>
    );
  }

  return (
    <Page width="narrow">
      <PageHeader title={t('title')} description={t('description')} />
      {body}
    </Page>
  );
}
