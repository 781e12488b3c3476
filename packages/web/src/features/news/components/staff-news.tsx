import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  Page,
  PageHeader,
  Pagination,
  Spinner,
  TextField,
  toast,
} from '../../../ui/index.ts';
import { inputOf, useDeleteArticle, useSaveArticle } from '../api/article-actions.ts';
import { formatHelsinki } from '../../../shared/time.ts';
import { useAdminArticles } from '../api/get-admin-articles.ts';
import { ARTICLES_PAGE_SIZE, type Article } from '../api/get-articles.ts';
import { ActionError, LoadError } from '../../../shared/error-views.tsx';

type Failure = { title: string; error: unknown } | null;

export function PublishedBadge({ published }: { published: boolean }) {
  const { t } = useTranslation('news');
  return (
    <span
      className={`inline-block rounded-full px-2 text-sm font-semibold ${
        published ? 'bg-brand-100 text-brand-900' : 'bg-amber-100 text-amber-900'
      }`}
    >
      {published ? t('status.published') : t('status.draft')}
    </span>
  );
}

function StaffArticleItem({
  article,
  onFailure,
  onDeleted,
}: {
  article: Article;
  onFailure: (failure: Failure) => void;
  /** Called after the item is deleted (and gone from the list), to place focus. */
  onDeleted: () => void;
}) {
  const { t } = useTranslation('news');
  const save = useSaveArticle();
  const remove = useDeleteArticle();
  /** The item's title in each action's name ("Publish: <title>"), told apart by screen readers. */
  const named = (label: string) => ({
    'aria-label': `${label}: ${article.title}`,
    children: label,
  });

  const togglePublished = () => {
    onFailure(null);
    const published = !article.published;
    save.mutate(
      { id: article.id, input: { ...inputOf(article), published } },
      {
        onSuccess: () => toast.success(published ? t('done.published') : t('done.unpublished')),
        onError: (error) => onFailure({ title: t('errors.publish'), error }),
      },
    );
  };

  const deleteArticle = async () => {
    onFailure(null);
    try {
      await remove.mutateAsync(article.id);
      toast.success(t('done.deleted'));
      onDeleted();
    } catch (error) {
      onFailure({ title: t('errors.delete'), error });
    }
  };

  return (
    <li>
      <Card
        headingLevel={2}
        title={
          <Link
            href={`/article/${article.id}`}
            className="text-brand-800 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-brand-700"
          >
            {article.title}
          </Link>
        }
        actions={<PublishedBadge published={article.published} />}
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
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button asChild variant="secondary" size="sm">
            <Link href={`/article/${article.id}`} {...named(t('actions.edit'))} />
          </Button>
          <Button
            variant="secondary"
            size="sm"
            loading={save.isPending}
            onClick={togglePublished}
            {...named(article.published ? t('actions.unpublish') : t('actions.publish'))}
          />
          <ConfirmDialog
            variant="danger"
            trigger={<Button variant="danger" size="sm" {...named(t('actions.delete'))} />}
            title={t('deleteDialog.title')}
            description={t('deleteDialog.description', { title: article.title })}
            confirmLabel={t('deleteDialog.confirm')}
            cancelLabel={t('deleteDialog.cancel')}
            onConfirm={deleteArticle}
          />
        </div>
      </Card>
    </li>
  );
}

/** The staff's news: every article with its state, search, and the publish and delete actions. */
export function StaffNews() {
  const { t } = useTranslation('news');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<Failure>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The deleted item's buttons are gone: focus the page heading rather than lose it to <body>.
  const focusHeading = () => window.setTimeout(() => headingRef.current?.focus(), 0);
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
