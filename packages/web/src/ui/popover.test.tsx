import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { Button } from './button.tsx';
import { Popover, PopoverClose } from './popover.tsx';
import { renderWithI18n } from './test-utils.tsx';

function Example({ columns }: { columns?: boolean }) {
  return (
    <Popover
      trigger={<Button variant="secondary">Choose a practitioner</Button>}
      label="Practitioners"
      columns={columns}
      header={<h3>Practitioners at Kamppi</h3>}
    >
      <PopoverClose asChild>
        <Button variant="ghost">Anna Virtanen</Button>
      </PopoverClose>
      <Button variant="ghost">Ville Koski</Button>
    </Popover>
  );
}

describe('Popover', () => {
  test('opens from its trigger as a named dialog that is at most 400 px high', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Example />);
    const trigger = screen.getByRole('button', { name: 'Choose a practitioner' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    const popup = await screen.findByRole('dialog', { name: 'Practitioners' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(popup.className).toContain('max-h-[min(400px,');
    expect(popup.className).toContain('overflow-y-auto');
  });

  test('Escape closes it and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Example />);
    await user.click(screen.getByRole('button', { name: 'Choose a practitioner' }));
    await screen.findByRole('dialog', { name: 'Practitioners' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Choose a practitioner' })).toHaveFocus();
  });

  test('a choice wrapped in PopoverClose closes it', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Example />);
    await user.click(screen.getByRole('button', { name: 'Choose a practitioner' }));
    await user.click(await screen.findByRole('button', { name: 'Anna Virtanen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('with columns the content is a grid that turns two-column from 520 px of width', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Example columns />);
    await user.click(screen.getByRole('button', { name: 'Choose a practitioner' }));
    const popup = await screen.findByRole('dialog', { name: 'Practitioners' });
    expect(popup.className).toContain('@container');
    const grid = screen.getByTestId('popover-grid');
    expect(grid.className).toContain('grid-cols-1');
    expect(grid.className).toContain('@[520px]:grid-cols-2');
    // The header sits above the grid, outside it.
    const header = screen.getByRole('heading', { name: 'Practitioners at Kamppi' });
    expect(grid).not.toContainElement(header);
    expect(header.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
