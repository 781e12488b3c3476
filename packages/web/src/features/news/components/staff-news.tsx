import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  Button,
  EmptyState,
  Page,
  PageHeader,
  Pagination,
  Spinner,
  TextField,
} from '../../../ui/index.ts';
import { inputOf, useDeleteArticle, useSaveArticle } from '../api/article-actions.ts';
import { formatHelsinki } from '../../../shared/time.ts';
import { useAdminArticles } from '../api/get-admin-articles.ts';
import { ARTICLES_PAGE_SIZE, type Article } from '../api/get-articles.ts';
import { ActionError, LoadError } from '../../../shared/error-views.tsx';
import {
  PublishableItem,
  PublishedBadge,
  publishableTexts,
  useFocusAfterDelete,
  type ActionFailure,
} from '../../../shared/publishable.tsx';

/** The article's published state (staff screens). */
export function ArticleStatus({ published }: { published: boolean }) {
  const { t } = useTranslation('news');
  return (
    <PublishedBadge
      published={published}
      label={published ? t('status.published') : t('status.draft')}
    />
  );
}

function StaffArticleItem({
  article,
  onFailure,
  onDeleted,
}: {
  article: Article;
  onFailure: (failure: ActionFailure) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('news');
  const save = useSaveArticle();
  const remove = useDeleteArticle();
  return (
    <PublishableItem
      title={article.title}
      editHref={`/article/${article.id}`}
      published={article.published}
      texts={publishableTexts(t, article.title, t('status.draft'))}
      setPublished={(published) =>
        save.mutateAsync({ id: article.id, input: { ...inputOf(article), published } })
      }
      remove={() => remove.mutateAsync(article.id)}
      onFailure={onFailure}
      onDeleted={onDeleted}
    >
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-slate-700">{t('fields.author')}</dt>
        <dd>{article.author}</dd>
        <dt className="font-semibold text-slate-700">{t('meta.created')}</dt>
        <dd>{formatHelsinki(article.createdAt, 'date')}</dd>
        {article.publishedAt !== null && (
          <>
            <dt className="font-semibold text-slate-700">{t('meta.published')}</dt>
            <dd>{formatHelsinki(article.publishedAt, 'date')}</dd>
          </>
        )}
      </dl>
    </PublishableItem>
  );
}

/** The staff's news: every article with its state, search, and the publish and delete actions. */
export function StaffNews() {
  const { t } = useTranslation('news');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<ActionFailure>(null);
  const { headingRef, focusHeading } = useFocusAfterDelete();
  const query = useAdminArticles(page, search);
  const pageCount = query.data ? Math.ceil(query.data.total / ARTICLES_PAGE_SIZE) : 0;

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
  };

  return (
    <Page>
      <PageHeader
        headingRef={headingRef}
        title={t('title')}
        description={t('staffDescription')}
        actions={
          <Button asChild>
            <Link href="/article">{t('actions.new')}</Link>
          </Button>
        }
      />
      <form
        role="search"
        aria-label={t('search.label')}
        onSubmit={submitSearch}
        className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <TextField
          type="search"
          label={t('search.field')}
          value={typed}
          maxLength={200}
          onChange={(event) => setTyped(event.target.value)}
          className="sm:w-80"
        />
        <Button type="submit" variant="secondary">
          {t('search.submit')}
        </Button>
      </form>
      {failure !== null && (
        <ActionError title={failure.title} error={failure.error} className="mb-4" />
      )}
      {query.isPending && <Spinner label={t('loading')} />}
      {query.isError && (
        <LoadError onRetry={() => void query.refetch()}>{t('loadFailed')}</LoadError>
      )}
      {query.isSuccess && query.data.items.length === 0 && (
        <EmptyState
          headingLevel={2}
          title={search === '' ? t('staffEmpty.title') : t('staffEmpty.noMatches')}
          text={search === '' ? t('staffEmpty.text') : undefined}
        />
      )}
      {query.isSuccess && query.data.items.length > 0 && (
        <>
          <ul aria-label={t('listLabel')} className="flex flex-col gap-4">
            {query.data.items.map((article) => (
              <StaffArticleItem
                key={article.id}
                article={article}
                onFailure={setFailure}
                onDeleted={focusHeading}
              />
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
