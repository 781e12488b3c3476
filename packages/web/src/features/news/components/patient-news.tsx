import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Page, PageHeader, Pagination, Spinner } from '../../../ui/index.ts';
import { excerptOf } from '../../../shared/html-text.ts';
import { formatHelsinki } from '../../../shared/time.ts';
import { ARTICLES_PAGE_SIZE, useArticles, type Article } from '../api/get-articles.ts';
import { LoadError } from '../../../shared/error-views.tsx';
import { ContentListItem } from '../../../shared/publishable.tsx';
import { CONTENT_LANGUAGE, FinnishOnlyNotice } from '../../../shared/finnish-content.tsx';

function ArticleItem({ article }: { article: Article }) {
  const { t } = useTranslation('news');
  return (
    <ContentListItem title={article.title} href={`/article/${article.id}`} lang={CONTENT_LANGUAGE}>
      <p className="text-sm text-slate-700">
        {article.publishedAt === null
          ? article.author
          : t('byline', {
              date: formatHelsinki(article.publishedAt, 'date'),
              author: article.author,
            })}
      </p>
      <p lang={CONTENT_LANGUAGE} className="mt-2 text-slate-900">
        {excerptOf(article.content)}
      </p>
    </ContentListItem>
  );
}

/** The patients' news: published articles, newest first, a page at a time. */
export function PatientNews() {
  const { t } = useTranslation('news');
  const [page, setPage] = useState(1);
  const query = useArticles(page);
  const pageCount = query.data ? Math.ceil(query.data.total / ARTICLES_PAGE_SIZE) : 0;
  return (
    <Page>
      <PageHeader title={t('title')} description={t('description')} />
      <FinnishOnlyNotice text={t('finnishOnly')} />
      {query.isPending && <Spinner label={t('loading')} />}
      {query.isError && (
        <LoadError onRetry={() => void query.refetch()}>{t('loadFailed')}</LoadError>
      )}
      {query.isSuccess && query.data.items.length === 0 && (
        <EmptyState headingLevel={2} title={t('empty.title')} text={t('empty.text')} />
      )}
      {query.isSuccess && query.data.items.length > 0 && (
        <>
          <ul aria-label={t('listLabel')} className="flex flex-col gap-4">
            {query.data.items.map((article) => (
              <ArticleItem key={article.id} article={article} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={pageCount}
            onPageChange={setPage}
            label={t('pages.label')}
            previousLabel={t('pages.previous')}
            nextLabel={t('pages.next')}
            status={t('pages.status', { page, total: pageCount })}
          />
        </>
      )}
    </Page>
  );
}
