import { isApiError } from '@portal/sdk';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Page, SanitizedHtml, Spinner, PageHeader } from '../../../ui/index.ts';
import { formatHelsinki } from '../../../shared/time.ts';
import { useArticle } from '../api/get-articles.ts';
import { LoadError } from '../../../shared/error-views.tsx';
import { CONTENT_LANGUAGE, FinnishOnlyNotice } from '../../../shared/finnish-content.tsx';

export function BackToNews() {
  const { t } = useTranslation('news');
  return (
    <Link
      href="/news"
      className="mb-4 inline-block font-medium text-brand-800 underline focus-visible:outline-3 focus-visible:outline-brand-700"
    >
      {t('backToNews')}
    </Link>
  );
}

/** One published article as patients read it; the body is sanitised before it is shown. */
export function ArticleView({ id }: { id: number }) {
  const { t } = useTranslation('news');
  const query = useArticle(id);
  const headingId = useId();
  usePageTitle(query.data?.title ?? t('title'));
  const notFound = query.isError && isApiError(query.error) && query.error.kind === 'not-found';
  return (
    <Page width="narrow">
      <BackToNews />
      <FinnishOnlyNotice text={t('finnishOnly')} />
      {query.isPending && <Spinner label={t('loadingArticle')} />}
      {notFound && <PageHeader title={t('notFound.title')} description={t('notFound.text')} />}
      {query.isError && !notFound && (
        <LoadError onRetry={() => void query.refetch()}>{t('loadArticleFailed')}</LoadError>
      )}
      {query.isSuccess && (
        <article aria-labelledby={headingId}>
          <h1
            id={headingId}
            lang={CONTENT_LANGUAGE}
            tabIndex={-1}
            className="text-2xl font-bold text-slate-900 focus:outline-none md:text-3xl"
          >
            {query.data.title}
          </h1>
          <p className="mt-2 text-sm text-slate-700">
            {query.data.publishedAt === null
              ? query.data.author
              : t('byline', {
                  date: formatHelsinki(query.data.publishedAt, 'date'),
                  author: query.data.author,
                })}
          </p>
          <SanitizedHtml
            html={query.data.content}
            lang={CONTENT_LANGUAGE}
            className="mt-6"
            data-testid="article-body"
          />
        </article>
      )}
    </Page>
  );
}
