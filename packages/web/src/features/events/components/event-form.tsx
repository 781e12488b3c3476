import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { DateField, ErrorSummary, HtmlField, TextField } from '../../../ui/index.ts';
import { inputOf, useDeleteEvent, useSaveEvent } from '../api/event-actions.ts';
import type { Event, EventInput } from '../api/get-events.ts';
import { ContentFormEnd, useContentForm } from '../../../shared/publishable.tsx';
import { ActionError } from '../../../shared/error-views.tsx';

const REQUIRED = ['title', 'date', 'body'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The staff's event form: title, day, the HTML description with a sanitised live preview, and
 * whether patients see it. Every field is required ('Fill the field', spec §5); the server's
 * field errors land under the same fields; nothing typed is lost on failure.
 */
export function EventForm({ event }: { event?: Event }) {
  const { t } = useTranslation('events');
  const [, navigate] = useLocation();
  const save = useSaveEvent();
  const remove = useDeleteEvent();
  const { values, set, errors, failure, fieldId, submit, deleteItem, summary } = useContentForm<
    EventInput,
    (typeof REQUIRED)[number]
  >({
    initial: () => (event && inputOf(event)) ?? { title: '', body: '', date: '', published: false },
    required: REQUIRED,
    labels: { title: t('fields.title'), date: t('fields.date'), body: t('fields.body') },
    isBlank: (field, value) => (field === 'date' ? !DATE.test(value) : value.trim() === ''),
    idPrefix: 'event',
    texts: {
      fill: t('validation.fill'),
      saved: t('done.saved'),
      deleted: t('done.deleted'),
      saveFailed: t('errors.save'),
      deleteFailed: t('errors.delete'),
    },
    save: (input) => save.mutateAsync({ id: event?.id, input }),
    remove: event && (() => remove.mutateAsync(event.id)),
    onDone: () => navigate('/events'),
  });

  return (
    <form
      noValidate
      onSubmit={(formEvent) => void submit(formEvent)}
      className="flex flex-col gap-5"
    >
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
        onChange={(e) => set('title', e.target.value)}
      />
      <DateField
        id={fieldId('date')}
        label={t('fields.date')}
        required
        showFormatted
        value={values.date}
        error={errors.date}
        onChange={(value) => set('date', value)}
      />
      <HtmlField
        id={fieldId('body')}
        label={t('fields.body')}
        hint={t('fields.bodyHint')}
        required
        maxLength={50_000}
        value={values.body}
        error={errors.body}
        onChange={(value) => set('body', value)}
        previewLabel={t('fields.preview')}
        emptyPreview={t('fields.previewEmpty')}
      />
      <ContentFormEnd
        t={t}
        item={event}
        published={values.published}
        onPublishedChange={(checked) => set('published', checked)}
        saving={save.isPending}
        cancelHref="/events"
        onDelete={deleteItem}
      />
    </form>
  );
}
