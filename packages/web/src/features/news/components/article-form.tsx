import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useSession } from '../../../shared/session.tsx';
import { ErrorSummary, HtmlField, TextField } from '../../../ui/index.ts';
import { inputOf, useDeleteArticle, useSaveArticle } from '../api/article-actions.ts';
import type { Article, ArticleInput } from '../api/get-articles.ts';
import { ContentFormEnd, useContentForm } from '../../../shared/publishable.tsx';
import { ActionError } from '../../../shared/error-views.tsx';

const REQUIRED = ['title', 'author', 'content'] as const;

/**
 * The staff's article form: title, author, the HTML body with a sanitised live preview, and
 * whether patients see it. Blank required fields are 'Fill the field' before anything is sent;
 * the server's field errors land under the same fields; nothing typed is lost on failure.
 */
export function ArticleForm({ article }: { article?: Article }) {
  const { t } = useTranslation('news');
  const [, navigate] = useLocation();
  const { user } = useSession();
  const save = useSaveArticle();
  const remove = useDeleteArticle();
  const { values, set, errors, failure, fieldId, submit, deleteItem, summary } = useContentForm<
    ArticleInput,
    (typeof REQUIRED)[number]
  >({
    initial: () =>
      (article && inputOf(article)) ?? {
        title: '',
        content: '',
        author: user ? `${user.Person.FirstName} ${user.Person.LastName}`.trim() : '',
        published: false,
      },
    required: REQUIRED,
    labels: { title: t('fields.title'), author: t('fields.author'), content: t('fields.content') },
    idPrefix: 'article',
    texts: {
      fill: t('validation.fill'),
      saved: t('done.saved'),
      deleted: t('done.deleted'),
      saveFailed: t('errors.save'),
      deleteFailed: t('errors.delete'),
    },
    save: (input) => save.mutateAsync({ id: article?.id, input }),
    remove: article && (() => remove.mutateAsync(article.id)),
    onDone: () => navigate('/news'),
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      {failure !== null && (
        <ActionError title={failure.title} error={failure.error} className="mb-4" />
      )}
      <ErrorSummary {...summary} />
      <TextField
        id={fieldId('title')}
        label={t('fields.title')}
        required
        maxLength={200}
        value={values.title}
        error={errors.title}
        onChange={(event) => set('title', event.target.value)}
      />
      <TextField
        id={fieldId('author')}
        label={t('fields.author')}
        required
        maxLength={200}
        autoComplete="name"
        value={values.author}
        error={errors.author}
        onChange={(event) => set('author', event.target.value)}
      />
      <HtmlField
        id={fieldId('content')}
        label={t('fields.content')}
        hint={t('fields.contentHint')}
        required
        maxLength={100_000}
        value={values.content}
        error={errors.content}
        onChange={(value) => set('content', value)}
        previewLabel={t('fields.preview')}
        emptyPreview={t('fields.previewEmpty')}
      />
      <ContentFormEnd
        t={t}
        item={article}
        published={values.published}
        onPublishedChange={(checked) => set('published', checked)}
        saving={save.isPending}
        cancelHref="/news"
        onDelete={deleteItem}
      />
    </form>
  );
}
