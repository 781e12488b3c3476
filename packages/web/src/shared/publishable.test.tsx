import { BadRequestError, ConflictError } from '@portal/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ErrorSummary, TextField, toast } from '../ui/index.ts';
import { ActionError } from './error-views.tsx';
import {
  ContentFormButtons,
  PublishableItem,
  useContentForm,
  type ActionFailure,
  type PublishableItemTexts,
} from './publishable.tsx';
import { renderShared } from './testing/render.tsx';

afterEach(() => vi.restoreAllMocks());

const texts: PublishableItemTexts = {
  edit: 'Edit',
  publish: 'Publish',
  unpublish: 'Unpublish',
  delete: 'Delete',
  deleteTitle: 'Delete the article?',
  deleteDescription: 'It is gone for good.',
  deleteConfirm: 'Delete',
  deleteCancel: 'Keep it',
  published: 'Published.',
  unpublished: 'Unpublished.',
  deleted: 'Deleted.',
  publishFailed: 'Publishing failed',
  deleteFailed: 'Failed to delete the article',
  statusPublished: 'Published',
  statusUnpublished: 'Draft',
};

const conflict = new ConflictError({
  status: 409,
  method: 'DELETE',
  url: '/api/admin/articles/4',
  body: { UserMessage: 'Someone changed it meanwhile.', Code: 'conflict' },
});

function renderItem(overrides: Partial<Parameters<typeof PublishableItem>[0]> = {}) {
  const onFailure = vi.fn<(failure: ActionFailure) => void>();
  const onDeleted = vi.fn();
  const props = {
    title: 'Winter hours',
    editHref: '/article/4',
    published: false,
    texts,
    setPublished: vi.fn(async () => undefined),
    remove: vi.fn(async () => undefined),
    onFailure,
    onDeleted,
    ...overrides,
  };
  renderShared(
    <ul>
      <PublishableItem {...props}>
        <p>By the clinic</p>
      </PublishableItem>
    </ul>,
  );
  return props;
}

describe('a publishable item of a staff list', () => {
  test('names each action with the item’s title and shows its state', () => {
    renderItem();
    const item = screen.getByRole('listitem');
    expect(within(item).getByRole('link', { name: 'Winter hours' })).toHaveAttribute(
      'href',
      '/article/4',
    );
    expect(within(item).getByText('Draft')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Edit: Winter hours' })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Publish: Winter hours' })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Delete: Winter hours' })).toBeInTheDocument();
  });

  test('publishing saves the other state and says so', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
    const props = renderItem();
    await userEvent.click(screen.getByRole('button', { name: 'Publish: Winter hours' }));
    expect(props.setPublished).toHaveBeenCalledWith(true);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Published.'));
    expect(props.onFailure).toHaveBeenLastCalledWith(null);
  });

  test('a failed publish is reported with its title and error', async () => {
    const props = renderItem({
      published: true,
      setPublished: vi.fn(() => Promise.reject(conflict)),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Unpublish: Winter hours' }));
    await waitFor(() =>
      expect(props.onFailure).toHaveBeenLastCalledWith({
        title: 'Publishing failed',
        error: conflict,
      }),
    );
  });

  test('deleting asks first, then deletes, says so and hands the focus on', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
    const props = renderItem();
    await userEvent.click(screen.getByRole('button', { name: 'Delete: Winter hours' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the article?' });
    expect(props.remove).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(props.onDeleted).toHaveBeenCalledTimes(1));
    expect(props.remove).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith('Deleted.');
  });

  test('a failed delete is reported and nothing moves on', async () => {
    const props = renderItem({ remove: vi.fn(() => Promise.reject(conflict)) });
    await userEvent.click(screen.getByRole('button', { name: 'Delete: Winter hours' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(props.onFailure).toHaveBeenLastCalledWith({
        title: 'Failed to delete the article',
        error: conflict,
      }),
    );
    expect(props.onDeleted).not.toHaveBeenCalled();
  });
});

interface Note {
  title: string;
  body: string;
}

function NoteForm({
  save,
  remove,
  onDone,
}: {
  save: (note: Note) => Promise<unknown>;
  remove?: () => Promise<unknown>;
  onDone: () => void;
}) {
  const form = useContentForm<Note, 'title' | 'body'>({
    initial: () => ({ title: '', body: '' }),
    required: ['title', 'body'],
    labels: { title: 'Title', body: 'Body' },
    idPrefix: 'note',
    texts: {
      fill: 'Fill the field',
      saved: 'Saved.',
      deleted: 'Deleted.',
      saveFailed: 'Saving failed',
      deleteFailed: 'Deleting failed',
    },
    save,
    remove,
    onDone,
  });
  return (
    <form noValidate onSubmit={(event) => void form.submit(event)}>
      {form.failure && <ActionError title={form.failure.title} error={form.failure.error} />}
      <ErrorSummary {...form.summary} />
      {(['title', 'body'] as const).map((field) => (
        <TextField
          key={field}
          id={form.fieldId(field)}
          label={field === 'title' ? 'Title' : 'Body'}
          required
          value={form.values[field]}
          error={form.errors[field]}
          onChange={(event) => form.set(field, event.target.value)}
        />
      ))}
      <ContentFormButtons
        submitLabel="Save"
        saving={false}
        cancelHref="/notes"
        cancelLabel="Cancel"
        deletion={
          remove && {
            label: 'Delete',
            title: 'Delete the note?',
            description: 'It is gone for good.',
            confirmLabel: 'Delete',
            cancelLabel: 'Keep it',
            onConfirm: form.deleteItem,
          }
        }
      />
    </form>
  );
}

/** The error summary's focusable box. */
const errorSummary = () =>
  screen.getByRole('heading', { name: 'There is a problem' }).closest('[tabindex="-1"]');

describe('a staff editor', () => {
  test('blank required fields say "Fill the field", summarised at the top with the focus, nothing is sent', async () => {
    const save = vi.fn(async () => undefined);
    renderShared(<NoteForm save={save} onDone={vi.fn()} />);
    await userEvent.type(screen.getByLabelText(/Body/), 'Text');
    await userEvent.clear(screen.getByLabelText(/Body/));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(/Title/)).toHaveAccessibleDescription('Error: Fill the field');
    expect(screen.getByLabelText(/Body/)).toHaveAccessibleDescription('Error: Fill the field');
    expect(errorSummary()).toHaveFocus();
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Title: Fill the field', 'Body: Fill the field']);
    await userEvent.click(screen.getByRole('link', { name: 'Body: Fill the field' }));
    expect(screen.getByLabelText(/Body/)).toHaveFocus();
    expect(save).not.toHaveBeenCalled();
  });

  test('a typed field loses its error; a valid form is saved and the editor moves on', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
    const save = vi.fn(async () => undefined);
    const onDone = vi.fn();
    renderShared(<NoteForm save={save} onDone={onDone} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.type(screen.getByLabelText(/Title/), 'Winter hours');
    expect(screen.getByLabelText(/Title/)).not.toHaveAccessibleDescription('Error: Fill the field');
    await userEvent.type(screen.getByLabelText(/Body/), 'Open 8–16.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({ title: 'Winter hours', body: 'Open 8–16.' });
    expect(success).toHaveBeenCalledWith('Saved.');
  });

  test('the server’s field errors land under their fields; other failures above the form', async () => {
    const fieldError = new BadRequestError({
      status: 400,
      method: 'POST',
      url: '/api/notes',
      body: {
        UserMessage: 'Check the fields',
        Errors: [{ field: 'body', errorMessage: 'Too long' }],
      },
    });
    const save = vi.fn<(note: Note) => Promise<unknown>>().mockRejectedValueOnce(fieldError);
    save.mockRejectedValueOnce(conflict);
    renderShared(<NoteForm save={save} onDone={vi.fn()} />);
    await userEvent.type(screen.getByLabelText(/Title/), 'Winter hours');
    await userEvent.type(screen.getByLabelText(/Body/), 'Open 8–16.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Body/)).toHaveAccessibleDescription('Error: Too long'),
    );
    expect(errorSummary()).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Body: Too long' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Saving failed');
    expect(alert).toHaveTextContent('Someone changed it meanwhile.');
    expect(screen.getByLabelText(/Title/)).toHaveValue('Winter hours');
  });

  test('an existing item is deleted after confirming; a failure is shown above the form', async () => {
    const remove = vi.fn<() => Promise<unknown>>().mockRejectedValueOnce(conflict);
    remove.mockResolvedValueOnce(undefined);
    const onDone = vi.fn();
    renderShared(<NoteForm save={vi.fn()} remove={remove} onDone={onDone} />);
    for (const attempt of [1, 2]) {
      await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete the note?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      if (attempt === 1) {
        expect(await screen.findByRole('alert')).toHaveTextContent('Deleting failed');
        expect(onDone).not.toHaveBeenCalled();
      }
    }
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });
});
