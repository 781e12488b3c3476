import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(stopApp);

const FIRST_SCREEN = { timeout: 15_000 };

async function ruleItem(text: string | RegExp): Promise<HTMLElement> {
  const list = await screen.findByRole('list', { name: 'Rules' }, FIRST_SCREEN);
  const item = within(list).getByText(text).closest('li');
  if (item === null) throw new Error(`No rule ${String(text)}`);
  return item;
}

describe('rules', () => {
  test('staff see every rule with its status', async () => {
    await renderApp('/en/rules', { user: 'content-manager' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rules' }, FIRST_SCREEN),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Rules' }, FIRST_SCREEN);
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    expect(within(list).getAllByText('Active')).toHaveLength(5);
    expect(within(list).getAllByText('Inactive')).toHaveLength(2);
  });

  test('the filter shows only the inactive rules', async () => {
    await renderApp('/en/rules', { user: 'admin' });
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Rules' }, FIRST_SCREEN);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Inactive');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Rules' })).getAllByRole('listitem'),
      ).toHaveLength(2),
    );
  });

  test('a blank rule says Fill the field, then the rule is created', async () => {
    await renderApp('/en/rules', { user: 'content-manager' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New rule' }, FIRST_SCREEN));
    const dialog = await screen.findByRole('dialog', { name: 'New rule' });
    await user.click(within(dialog).getByRole('button', { name: 'Create the rule' }));
    const field = within(dialog).getByRole('textbox', { name: 'Rule' });
    expect(field).toHaveAccessibleDescription(/Fill the field/);
    expect(field).toHaveFocus();
    await user.type(field, 'Bring your own toothbrush.');
    await user.click(within(dialog).getByRole('radio', { name: 'Inactive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create the rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('The rule is created.')).toBeInTheDocument();
    const item = await ruleItem('Bring your own toothbrush.');
    expect(within(item).getByText('Inactive')).toBeInTheDocument();
  });

  test('a rule is deactivated, edited and deleted after confirming', async () => {
    await renderApp('/en/rules', { user: 'content-manager' });
    const user = userEvent.setup();
    const text = /^Kampanjakoodi annetaan/;
    let item = await ruleItem(text);
    await user.click(within(item).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('The rule is inactive.')).toBeInTheDocument();
    await waitFor(async () =>
      expect(within(await ruleItem(text)).getByText('Inactive')).toBeInTheDocument(),
    );

    item = await ruleItem(text);
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule' });
    const field = within(dialog).getByRole('textbox', { name: 'Rule' });
    await user.clear(field);
    await user.type(field, 'Campaign codes are given when booking.');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The rule is saved.')).toBeInTheDocument();

    item = await ruleItem('Campaign codes are given when booking.');
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete this rule?' })).getByRole(
        'button',
        { name: 'Yes, delete' },
      ),
    );
    expect(await screen.findByText('The rule is deleted.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('Campaign codes are given when booking.')).toBeNull(),
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Rules' })).toHaveFocus(),
    );
  });

  test('a failed delete says so', async () => {
    const app = await renderApp('/en/rules', { user: 'admin' });
    app.mock.server.use(
      http.delete('*/api/admin/rules/:id', () =>
        HttpResponse.json({ Code: 'server-error' }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    const item = await ruleItem(/^Kampanjakoodi annetaan/);
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete the rule');
  });

  test('patients cannot open the rules', async () => {
    await renderApp('/en/rules', { user: 'patient' });
    expect(await screen.findByRole('heading', { level: 1 }, FIRST_SCREEN)).not.toHaveTextContent(
      'Rules',
    );
    expect(screen.queryByRole('list', { name: 'Rules' })).toBeNull();
  });
});
