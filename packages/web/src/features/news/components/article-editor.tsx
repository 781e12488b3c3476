import { isApiError } from '@portal/sdk';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Page, PageHeader, Spinner } from '../../../ui/index.ts';
import { useAdminArticle } from '../api/get-admin-articles.ts';
import { ArticleForm } from './article-form.tsx';
import { BackToNews } from './article-view.tsx';
import { ArticleStatus } from './staff-news.tsx';
import { LoadError } from '../../../shared/error-views.tsx';

/** /article: a new article (staff). */
export function NewArticle() {
  const { t } = useTranslation('news');
  usePageTitle(t('newTitle'));
  return (
    <Page>
      <BackToNews />
      <PageHeader title={t('newTitle')} />
      <ArticleForm />
    </Page>
  );
}

/** /article/:id for staff: the article's edit form, drafts included. */
export function EditArticle({ id }: { id: number }) {
  const { t } = useTranslation('news');
  const query = useAdminArticle(id);
  usePageTitle(t('editTitle'));
  const notFound = query.isError && isApiError(query.error) && query.error.kind === 'not-found';
  return (
    <Page>
      <BackToNews />
      <PageHeader
        title={t('editTitle')}
        actions={query.data && <ArticleStatus published={query.data.published} />}
      />
      {query.isPending && <Spinner label={t('loadingArticle')} />}
      {notFound && <PageHeader title={t('notFound.title')} description={t('notFound.staffText')} />}
      {query.isError && !notFound && (
        <LoadError onRetry={() => void query.refetch()}>{t('loadArticleFailed')}</LoadError>
      )}
      {query.isSuccess && <ArticleForm key={query.data.updatedAt} article={query.data} />}
    </Page>
  );
}
