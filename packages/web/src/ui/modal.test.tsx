import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';
import { renderWithI18n, type Language } from './test-utils.tsx';

function Example({ size, lng }: { size?: 'default' | 'wide'; lng?: Language }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <p>{lng}</p>
      <Modal
        open={open}
        onOpenChange={setOpen}
        trigger={<Button>Open survey</Button>}
        title="Tell us about yourself"
        description="It takes a minute."
        size={size}
        footer={<Button onClick={() => setOpen(false)}>Save</Button>}
      >
        <label>
          Phone <input />
        </label>
      </Modal>
    </>
  );
}

async function openModal(options: { size?: 'default' | 'wide'; lng?: Language } = {}) {
  const user = userEvent.setup();
  renderWithI18n(<Example {...options} />, { lng: options.lng ?? 'en' });
  await user.click(screen.getByRole('button', { name: 'Open survey' }));
  const dialog = await screen.findByRole('dialog', { name: 'Tell us about yourself' });
  return { user, dialog };
}

describe('Modal', () => {
  test('opens from its trigger as a dialog named by its title and described by its description', async () => {
    const { dialog } = await openModal();
    expect(dialog).toHaveAccessibleDescription('It takes a minute.');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  test('the × control named Close closes it and focus returns to the trigger', async () => {
    const { user } = await openModal();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open survey' })).toHaveFocus();
  });

  test('Escape closes it', async () => {
    const { user } = await openModal();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open survey' })).toHaveFocus();
  });

  test('a click on the backdrop closes it', async () => {
    const { user } = await openModal();
    await user.click(screen.getByTestId('modal-overlay'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('it locks the page scroll while open and releases it when closed', async () => {
    const { user } = await openModal();
    expect(document.body).toHaveAttribute('data-scroll-locked');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.body).not.toHaveAttribute('data-scroll-locked'));
  });

  test('focus stays inside the open dialog when tabbing', async () => {
    const { user, dialog } = await openModal();
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  test('the wide variant is wider than the default one', async () => {
    const { dialog } = await openModal({ size: 'wide' });
    expect(dialog.className).toContain('max-w-3xl');
  });

  test('the close control is translated', async () => {
    await openModal({ lng: 'fi' });
    expect(screen.getByRole('button', { name: 'Sulje' })).toBeInTheDocument();
  });
});
