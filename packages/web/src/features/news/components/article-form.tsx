import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useSession } from '../../../shared/session.tsx';
import { Button, Checkbox, ConfirmDialog, HtmlField, TextField, toast } from '../../../ui/index.ts';
import { inputOf, useDeleteArticle, useSaveArticle } from '../api/article-actions.ts';
import type { Article, ArticleInput } from '../api/get-articles.ts';
import { serverFieldErrors } from '../../../shared/field-errors.ts';
import { ActionError } from '../../../shared/error-views.tsx';

const TEXT_FIELDS = ['title', 'author', 'content'] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];
type Errors = Partial<Record<TextFieldName, string>>;

const fieldId = (name: TextFieldName) => `article-${name}`;

function focusField(name: TextFieldName) {
  document.getElementById(fieldId(name))?.focus();
}

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
  const [values, setValues] = useState<ArticleInput>(
    () =>
      (article && inputOf(article)) ?? {
        title: '',
        content: '',
        author: user ? `${user.Person.FirstName} ${user.Person.LastName}`.trim() : '',
        published: false,
      },
  );
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<{ title: string; error: unknown } | null>(null);

  const set = <K extends keyof ArticleInput>(name: K, value: ArticleInput[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (name in errors) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const missing = TEXT_FIELDS.filter((name) => values[name].trim() === '');
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((name) => [name, t('validation.fill')])));
      focusField(missing[0] ?? 'title');
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: article?.id, input: values });
      toast.success(t('done.saved'));
      navigate('/news');
    } catch (error) {
      const fromServer = serverFieldErrors(error, TEXT_FIELDS);
      if (fromServer.first !== undefined) {
        setErrors(fromServer.errors);
        focusField(fromServer.first);
      } else {
        setFailure({ title: t('errors.save'), error });
      }
    }
  };

  const deleteArticle = async () => {
    if (article === undefined) return;
    setFailure(null);
    try {
      await remove.mutateAsync(article.id);
      toast.success(t('done.deleted'));
      navigate('/news');
    } catch (error) {
      setFailure({ title: t('errors.delete'), error });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      {failure !== null && (
        <ActionError title={failure.title} error={failure.error} className="mb-4" />
      )}
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
      <Checkbox
        label={t('fields.published')}
        hint={t('fields.publishedHint')}
        checked={values.published}
        onCheckedChange={(checked) => set('published', checked)}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button type="submit" loading={save.isPending}>
          {article === undefined ? t('actions.create') : t('actions.save')}
        </Button>
        <Button asChild variant="secondary">
          <Link href="/news">{t('actions.cancel')}</Link>
        </Button>
        {article !== undefined && (
          <ConfirmDialog
            variant="danger"
            trigger={
              <Button variant="danger" className="sm:ml-auto">
                {t('actions.delete')}
              </Button>
            }
            title={t('deleteDialog.title')}
            description={t('deleteDialog.description', { title: article.title })}
            confirmLabel={t('deleteDialog.confirm')}
            cancelLabel={t('deleteDialog.cancel')}
            onConfirm={deleteArticle}
          />
        )}
      </div>
    </form>
  );
}
