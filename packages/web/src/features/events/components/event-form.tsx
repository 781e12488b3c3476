import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import {
  Button,
  Checkbox,
  ConfirmDialog,
  DateField,
  HtmlField,
  TextField,
  toast,
} from '../../../ui/index.ts';
import { inputOf, useDeleteEvent, useSaveEvent } from '../api/event-actions.ts';
import type { Event, EventInput } from '../api/get-events.ts';
import { serverFieldErrors } from '../../../shared/field-errors.ts';
import { ActionError } from '../../../shared/error-views.tsx';

const REQUIRED = ['title', 'date', 'body'] as const;
type RequiredField = (typeof REQUIRED)[number];
type Errors = Partial<Record<RequiredField, string>>;

const fieldId = (name: RequiredField) => `event-${name}`;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function focusField(name: RequiredField) {
  document.getElementById(fieldId(name))?.focus();
}

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
  const [values, setValues] = useState<EventInput>(
    () => (event && inputOf(event)) ?? { title: '', body: '', date: '', published: false },
  );
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<{ title: string; error: unknown } | null>(null);

  const set = <K extends keyof EventInput>(name: K, value: EventInput[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (name in errors) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    setFailure(null);
    const missing = REQUIRED.filter((name) =>
      name === 'date' ? !DATE.test(values.date) : values[name].trim() === '',
    );
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((name) => [name, t('validation.fill')])));
      focusField(missing[0] ?? 'title');
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: event?.id, input: values });
      toast.success(t('done.saved'));
      navigate('/events');
    } catch (error) {
      const fromServer = serverFieldErrors(error, REQUIRED);
      if (fromServer.first !== undefined) {
        setErrors(fromServer.errors);
        focusField(fromServer.first);
      } else {
        setFailure({ title: t('errors.save'), error });
      }
    }
  };

  const deleteEvent = async () => {
    if (event === undefined) return;
    setFailure(null);
    try {
      await remove.mutateAsync(event.id);
      toast.success(t('done.deleted'));
      navigate('/events');
    } catch (error) {
      setFailure({ title: t('errors.delete'), error });
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
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
      <Checkbox
        label={t('fields.published')}
        hint={t('fields.publishedHint')}
        checked={values.published}
        onCheckedChange={(checked) => set('published', checked)}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button type="submit" loading={save.isPending}>
          {event === undefined ? t('actions.create') : t('actions.save')}
        </Button>
        <Button asChild variant="secondary">
          <Link href="/events">{t('actions.cancel')}</Link>
        </Button>
        {event !== undefined && (
          <ConfirmDialog
            variant="danger"
            trigger={
              <Button variant="danger" className="sm:ml-auto">
                {t('actions.delete')}
              </Button>
            }
            title={t('deleteDialog.title')}
            description={t('deleteDialog.description', { title: event.title })}
            confirmLabel={t('deleteDialog.confirm')}
            cancelLabel={t('deleteDialog.cancel')}
            onConfirm={deleteEvent}
          />
        )}
      </div>
    </form>
  );
}
