import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(stopApp);

/** The first screen waits for the lazy route and the session: longer than findBy's 1 s. */
const FIRST_SCREEN = { timeout: 15_000 };

function itemOf(list: HTMLElement, title: string): HTMLElement {
  const heading = within(list).getByRole('heading', { level: 2, name: title });
  const item = heading.closest('li');
  if (item === null) throw new Error(`No list item for ${title}`);
  return item;
}

describe('events for patients', () => {
  test('the patient sees the upcoming published events soonest first with their reminders', async () => {
    await renderApp('/en/events', { user: 'patient' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Events' }, FIRST_SCREEN),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Events' }, FIRST_SCREEN);
    const titles = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles[0]).toBe('Hammaskeijupäivä lapsiperheille');
    expect(titles).not.toContain('Hammaskeijun satutuokio');
    expect(titles).not.toContain('Kesän hammashuoltokampanja');
    expect(
      within(itemOf(list, 'Maailman suunterveyspäivä')).getByText('Reminder on (text message)'),
    ).toBeInTheDocument();
  });

  test('in Swedish the events say they are Finnish only, and their Finnish text is marked so', async () => {
    await renderApp('/sv/events', { user: 'patient' });
    expect(
      await screen.findByText('Evenemangen publiceras bara på finska.', {}, FIRST_SCREEN),
    ).toBeInTheDocument();
    const article = await screen.findByRole('article', { name: 'Ksylitolipäivä' }, FIRST_SCREEN);
    expect(within(article).getByRole('link', { name: 'Ksylitolipäivä' })).toHaveAttribute(
      'lang',
      'fi',
    );
  });

  test('the patient turns a reminder on by email and off again', async () => {
    await renderApp('/en/events', { user: 'patient' });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Events' }, FIRST_SCREEN);
    await user.click(within(itemOf(list, 'Ksylitolipäivä')).getByRole('link'));
    const article = await screen.findByRole('article', { name: 'Ksylitolipäivä' }, FIRST_SCREEN);
    const group = within(article).getByRole('radiogroup', { name: 'Remind me by' });
    await user.click(within(group).getByRole('radio', { name: 'Email' }));
    await user.click(within(article).getByRole('button', { name: 'Turn the reminder on' }));
    expect(
      await within(article).findByText(/^The reminder is on: we will email you on \d/),
    ).toBeInTheDocument();
    await user.click(within(article).getByRole('button', { name: 'Turn the reminder off' }));
    expect(
      await within(article).findByRole('button', { name: 'Turn the reminder on' }),
    ).toBeInTheDocument();
  });

  test('a reminder the profile cannot receive shows the reason under the choice', async () => {
    const app = await renderApp('/en/events', { user: 'patient' });
    app.mock.server.use(
      http.put('*/api/events/:id/reminder', () =>
        HttpResponse.json(
          {
            UserMessage: 'Check the fields.',
            Errors: [
              {
                field: 'channel',
                errorMessage:
                  'Add a phone number to your profile to get the reminder by text message.',
              },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Events' }, FIRST_SCREEN);
    await user.click(within(itemOf(list, 'Ksylitolipäivä')).getByRole('link'));
    const article = await screen.findByRole('article', { name: 'Ksylitolipäivä' }, FIRST_SCREEN);
    await user.click(within(article).getByRole('radio', { name: 'Text message' }));
    await user.click(within(article).getByRole('button', { name: 'Turn the reminder on' }));
    expect(
      await within(article).findByText(/Add a phone number to your profile/),
    ).toBeInTheDocument();
    expect(within(article).getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true');
  });

  test('an unpublished event is not found for patients', async () => {
    await renderApp('/en/event/9', { user: 'patient' });
    expect(await screen.findByText('Event not found', {}, FIRST_SCREEN)).toBeInTheDocument();
  });
});

describe('events for staff', () => {
  test('an empty event form says Fill the field, then the event is created', async () => {
    await renderApp('/en/events', { user: 'content-manager' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'New event' }, FIRST_SCREEN));
    await screen.findByRole('heading', { level: 1, name: 'New event' });
    await user.click(screen.getByRole('button', { name: 'Create the event' }));
    expect(screen.getAllByText('Fill the field')).toHaveLength(3);
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(
      screen.getByRole('heading', { name: 'There is a problem' }).closest('[tabindex="-1"]'),
    ).toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'Title: Fill the field' }));
    expect(title).toHaveFocus();

    await user.type(title, 'Flossing day');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2027-05-04' } });
    await user.type(
      screen.getByRole('textbox', { name: 'Description (HTML)' }),
      '<p>Free floss for everyone.</p>',
    );
    expect(screen.queryByText('Fill the field')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Published' }));
    await user.click(screen.getByRole('button', { name: 'Create the event' }));

    expect(await screen.findByText('The event is saved.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Events' });
    const item = itemOf(list, 'Flossing day');
    expect(within(item).getByText('Published')).toBeInTheDocument();
    expect(within(item).getByText('Tuesday 4.5.2027')).toBeInTheDocument();
  });

  test('the content manager unpublishes an event', async () => {
    await renderApp('/en/events', { user: 'content-manager' });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Events' }, FIRST_SCREEN);
    await user.click(
      within(itemOf(list, 'Ksylitolipäivä')).getByRole('button', {
        name: 'Unpublish: Ksylitolipäivä',
      }),
    );
    expect(await screen.findByText('The event is no longer published.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(itemOf(screen.getByRole('list', { name: 'Events' }), 'Ksylitolipäivä')).getByText(
          'Not published',
        ),
      ).toBeInTheDocument(),
    );
  });

  test('a failed delete says Failed to delete event', async () => {
    const app = await renderApp('/en/events', { user: 'content-manager' });
    app.mock.server.use(
      http.delete('*/api/admin/events/:id', () =>
        HttpResponse.json({ Code: 'server-error' }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Events' }, FIRST_SCREEN);
    await user.click(
      within(itemOf(list, 'Ksylitolipäivä')).getByRole('button', {
        name: 'Delete: Ksylitolipäivä',
      }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete event');
  });

  test('the content manager edits an event and deletes it from the form', async () => {
    await renderApp('/en/events', { user: 'content-manager' });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Events' }, FIRST_SCREEN);
    await user.click(within(itemOf(list, 'Ksylitolipäivä')).getByRole('link', { name: /^Edit/ }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Ksylitolipäivä');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete this event?' })).getByRole(
        'button',
        { name: 'Yes, delete' },
      ),
    );
    expect(await screen.findByText('The event is deleted.')).toBeInTheDocument();
    const after = await screen.findByRole('list', { name: 'Events' });
    expect(within(after).queryByRole('heading', { name: 'Ksylitolipäivä' })).toBeNull();
  });
});
