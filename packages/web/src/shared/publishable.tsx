import type { TFunction } from 'i18next';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, Card, Checkbox, ConfirmDialog, toast } from '../ui/index.ts';
import { serverFieldErrors } from './field-errors.ts';

/**
 * The staff's publishable content (news articles and themed-day events): the same list item
 * with edit, publish and delete, the same editor form logic, the same published badge. Each
 * feature passes its own texts, fields and calls.
 */

/** A failed action of a list: its title, and the error whose UserMessage goes beneath. */
export type ActionFailure = { title: string; error: unknown } | null;

export function PublishedBadge({ published, label }: { published: boolean; label: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2 text-sm font-semibold ${
        published ? 'bg-brand-100 text-brand-900' : 'bg-amber-100 text-amber-900'
      }`}
    >
      {label}
    </span>
  );
}

/** One item of a content list: a card titled with a link to the item's page. */
export function ContentListItem({
  title,
  href,
  lang,
  actions,
  children,
}: {
  title: string;
  href: string;
  /** The title's language when it may differ from the page's (news and events: Finnish). */
  lang?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li>
      <Card
        headingLevel={2}
        title={
          <Link
            href={href}
            lang={lang}
            className="text-brand-800 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-brand-700"
          >
            {title}
          </Link>
        }
        actions={actions}
      >
        {children}
      </Card>
    </li>
  );
}

export interface PublishableItemTexts {
  edit: string;
  publish: string;
  unpublish: string;
  delete: string;
  deleteTitle: string;
  deleteDescription: string;
  deleteConfirm: string;
  deleteCancel: string;
  /** Toasts after a change. */
  published: string;
  unpublished: string;
  deleted: string;
  /** Failure titles. */
  publishFailed: string;
  deleteFailed: string;
  /** The badge's two states. */
  statusPublished: string;
  statusUnpublished: string;
}

/**
 * The list item's texts from a feature namespace laid out like `news` and `events`: `actions.*`,
 * `deleteDialog.*` (its description names the item's `title`), `done.*`, `errors.*` and
 * `status.published`; the unpublished state's name differs ('Draft', 'Unpublished').
 */
export function publishableTexts(
  t: TFunction,
  title: string,
  statusUnpublished: string,
): PublishableItemTexts {
  return {
    edit: t('actions.edit'),
    publish: t('actions.publish'),
    unpublish: t('actions.unpublish'),
    delete: t('actions.delete'),
    deleteTitle: t('deleteDialog.title'),
    deleteDescription: t('deleteDialog.description', { title }),
    deleteConfirm: t('deleteDialog.confirm'),
    deleteCancel: t('deleteDialog.cancel'),
    published: t('done.published'),
    unpublished: t('done.unpublished'),
    deleted: t('done.deleted'),
    publishFailed: t('errors.publish'),
    deleteFailed: t('errors.delete'),
    statusPublished: t('status.published'),
    statusUnpublished,
  };
}

/**
 * One item of a staff list: its title linking to the editor, the published badge, the feature's
 * own details, and the edit, publish/unpublish and delete (with confirmation) actions. Each
 * action's accessible name carries the item's title ("Publish: <title>").
 */
export function PublishableItem({
  title,
  editHref,
  published,
  texts,
  children,
  setPublished,
  remove,
  onFailure,
  onDeleted,
}: {
  title: string;
  editHref: string;
  published: boolean;
  texts: PublishableItemTexts;
  children: ReactNode;
  /** Saves the item with the other published state; rejects on failure. */
  setPublished: (published: boolean) => Promise<unknown>;
  /** Deletes the item; rejects on failure. */
  remove: () => Promise<unknown>;
  onFailure: (failure: ActionFailure) => void;
  /** Called after the item is deleted (and gone from the list), to place focus. */
  onDeleted: () => void;
}) {
  const [publishing, setPublishing] = useState(false);
  const named = (label: string) => ({ 'aria-label': `${label}: ${title}`, children: label });

  const togglePublished = async () => {
    onFailure(null);
    const next = !published;
    setPublishing(true);
    try {
      await setPublished(next);
      toast.success(next ? texts.published : texts.unpublished);
    } catch (error) {
      onFailure({ title: texts.publishFailed, error });
    } finally {
      setPublishing(false);
    }
  };

  const deleteItem = async () => {
    onFailure(null);
    try {
      await remove();
      toast.success(texts.deleted);
      onDeleted();
    } catch (error) {
      onFailure({ title: texts.deleteFailed, error });
    }
  };

  return (
    <ContentListItem
      title={title}
      href={editHref}
      actions={
        <PublishedBadge
          published={published}
          label={published ? texts.statusPublished : texts.statusUnpublished}
        />
      }
    >
      {children}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button asChild variant="secondary" size="sm">
          <Link href={editHref} {...named(texts.edit)} />
        </Button>
        <Button
          variant="secondary"
          size="sm"
          loading={publishing}
          onClick={() => void togglePublished()}
          {...named(published ? texts.unpublish : texts.publish)}
        />
        <ConfirmDialog
          variant="danger"
          trigger={<Button variant="danger" size="sm" {...named(texts.delete)} />}
          title={texts.deleteTitle}
          description={texts.deleteDescription}
          confirmLabel={texts.deleteConfirm}
          cancelLabel={texts.deleteCancel}
          onConfirm={deleteItem}
        />
      </div>
    </ContentListItem>
  );
}

/** The page heading to focus once a deleted item's buttons are gone (rather than lose it to <body>). */
export function useFocusAfterDelete() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => window.setTimeout(() => headingRef.current?.focus(), 0);
  return { headingRef, focusHeading };
}

export interface ContentFormTexts {
  /** 'Fill the field' (spec §5) under a blank required field. */
  fill: string;
  saved: string;
  deleted: string;
  saveFailed: string;
  deleteFailed: string;
}

/**
 * The state and rules of a staff editor: blank required fields say so before anything is sent;
 * the server's field errors land under the same fields; either is summarised at the top of the
 * form (`summary`, for the kit's ErrorSummary), which takes the focus; a failure without field
 * errors is shown above the form; nothing typed is lost on failure.
 */
export function useContentForm<Input extends object, Field extends keyof Input & string>({
  initial,
  required,
  labels,
  isBlank = (_field, value) => typeof value !== 'string' || value.trim() === '',
  idPrefix,
  texts,
  save,
  remove,
  onDone,
}: {
  initial: () => Input;
  required: readonly Field[];
  /** The required fields' labels, for the error summary's links. */
  labels: Record<Field, string>;
  isBlank?: (field: Field, value: Input[Field]) => boolean;
  /** Field ids are `<idPrefix>-<field>` (for focus). */
  idPrefix: string;
  texts: ContentFormTexts;
  save: (input: Input) => Promise<unknown>;
  remove?: () => Promise<unknown>;
  /** After a save or delete (and its toast): usually back to the list. */
  onDone: () => void;
}) {
  const [values, setValues] = useState<Input>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<ActionFailure>(null);

  const fieldId = (field: Field): string => `${idPrefix}-${field}`;
  // Each refusal brings the focus to the summary at the top of the form.
  const [refusals, setRefusals] = useState(0);
  const refuse = () => setRefusals((count) => count + 1);

  const set = <K extends keyof Input>(name: K, value: Input[K]): void => {
    setValues((current) => ({ ...current, [name]: value }));
    if (name in errors) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setFailure(null);
    const missing = required.filter((field) => isBlank(field, values[field]));
    const first = missing[0];
    if (first !== undefined) {
      setErrors(
        Object.fromEntries(missing.map((field) => [field, texts.fill])) as Partial<
          Record<Field, string>
        >,
      );
      refuse();
      return;
    }
    setErrors({});
    try {
      await save(values);
      toast.success(texts.saved);
      onDone();
    } catch (error) {
      const fromServer = serverFieldErrors(error, required);
      if (fromServer.first !== undefined) {
        setErrors(fromServer.errors);
        refuse();
      } else {
        setFailure({ title: texts.saveFailed, error });
      }
    }
  };

  const deleteItem = async (): Promise<void> => {
    if (remove === undefined) return;
    setFailure(null);
    try {
      await remove();
      toast.success(texts.deleted);
      onDone();
    } catch (error) {
      setFailure({ title: texts.deleteFailed, error });
    }
  };

  const summary = {
    items: required.flatMap((field) => {
      const message = errors[field];
      return message === undefined
        ? []
        : [{ target: fieldId(field), label: labels[field], message }];
    }),
    focusKey: refusals,
  };

  return { values, set, errors, failure, fieldId, submit, deleteItem, summary };
}

/** An editor's buttons: save (or create), cancel back to the list, and delete with confirmation. */
export function ContentFormButtons({
  submitLabel,
  saving,
  cancelHref,
  cancelLabel,
  deletion,
}: {
  submitLabel: string;
  saving: boolean;
  cancelHref: string;
  cancelLabel: string;
  /** Only for an existing item. */
  deletion?: {
    label: string;
    title: string;
    description: string;
    confirmLabel: string;
    cancelLabel: string;
    onConfirm: () => Promise<void>;
  };
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      <Button type="submit" loading={saving}>
        {submitLabel}
      </Button>
      <Button asChild variant="secondary">
        <Link href={cancelHref}>{cancelLabel}</Link>
      </Button>
      {deletion !== undefined && (
        <ConfirmDialog
          variant="danger"
          trigger={
            <Button variant="danger" className="sm:ml-auto">
              {deletion.label}
            </Button>
          }
          title={deletion.title}
          description={deletion.description}
          confirmLabel={deletion.confirmLabel}
          cancelLabel={deletion.cancelLabel}
          onConfirm={deletion.onConfirm}
        />
      )}
    </div>
  );
}

/**
 * An editor's end, in the feature's texts (`t` of its namespace): the 'published' checkbox
 * (`fields.published`, `fields.publishedHint`), then save or create, cancel back to the list and,
 * for an existing item, delete with confirmation (`actions.*`, `deleteDialog.*` naming its title).
 */
export function ContentFormEnd({
  t,
  item,
  published,
  onPublishedChange,
  saving,
  cancelHref,
  onDelete,
}: {
  t: TFunction;
  /** The item edited; undefined while creating one. */
  item: { title: string } | undefined;
  published: boolean;
  onPublishedChange: (published: boolean) => void;
  saving: boolean;
  cancelHref: string;
  onDelete: () => Promise<void>;
}) {
  return (
    <>
      <Checkbox
        label={t('fields.published')}
        hint={t('fields.publishedHint')}
        checked={published}
        onCheckedChange={onPublishedChange}
      />
      <ContentFormButtons
        submitLabel={item === undefined ? t('actions.create') : t('actions.save')}
        saving={saving}
        cancelHref={cancelHref}
        cancelLabel={t('actions.cancel')}
        deletion={
          item && {
            label: t('actions.delete'),
            title: t('deleteDialog.title'),
            description: t('deleteDialog.description', { title: item.title }),
            confirmLabel: t('deleteDialog.confirm'),
            cancelLabel: t('deleteDialog.cancel'),
            onConfirm: onDelete,
          }
        }
      />
    </>
  );
}
