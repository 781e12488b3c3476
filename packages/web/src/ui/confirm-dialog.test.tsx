import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { Button } from './button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { renderWithI18n } from './test-utils.tsx';

function renderDialog(onConfirm: () => void | Promise<void>, variant?: 'default' | 'danger') {
  const user = userEvent.setup();
  renderWithI18n(
    <ConfirmDialog
      trigger={<Button variant="danger">Delete account</Button>}
      title="Delete your account?"
      description="This cannot be undone."
      confirmLabel="Delete"
      variant={variant}
      onConfirm={onConfirm}
    />,
  );
  return user;
}

describe('ConfirmDialog', () => {
  test('asks in an alert dialog and puts focus on Cancel first', async () => {
    const user = renderDialog(vi.fn());
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  test('Cancel closes it without confirming and focus returns to the trigger', async () => {
    const onConfirm = vi.fn();
    const user = renderDialog(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete account' })).toHaveFocus();
  });

  test('Escape cancels', async () => {
    const onConfirm = vi.fn();
    const user = renderDialog(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('confirming runs the action and closes the dialog', async () => {
    const onConfirm = vi.fn();
    const user = renderDialog(onConfirm, 'danger');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const confirm = await screen.findByRole('button', { name: 'Delete' });
    expect(confirm.className).toContain('bg-red-700');
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  test('an async action shows the confirm button busy until it settles', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const user = renderDialog(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  test('a failed action leaves the dialog open so the user can retry or cancel', async () => {
    const onConfirm = vi.fn(() => Promise.reject(new Error('server error')));
    const user = renderDialog(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete' })).not.toHaveAttribute('aria-busy'),
    );
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  test('the default labels are translated', async () => {
    const user = userEvent.setup();
    renderWithI18n(
      <ConfirmDialog
        trigger={<Button>Peru aika</Button>}
        title="Perutaanko aika?"
        onConfirm={vi.fn()}
      />,
      { lng: 'fi' },
    );
    await user.click(screen.getByRole('button', { name: 'Peru aika' }));
    expect(await screen.findByRole('button', { name: 'Peruuta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vahvista' })).toBeInTheDocument();
  });
});
