import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { Tabs } from './tabs.tsx';
import { renderWithI18n } from './test-utils.tsx';

const tabs = [
  { value: 'future', label: 'Future', count: 2, content: <p>Two coming visits</p> },
  { value: 'past', label: 'Past', content: <p>Earlier visits</p> },
  {
    value: 'tentative',
    label: 'Tentative',
    content: <EmptyState title="No tentative reservations" />,
  },
];

describe('Tabs', () => {
  test('shows a named tab list with the first tab selected', () => {
    renderWithI18n(<Tabs label="Reservations" tabs={tabs} />);
    expect(screen.getByRole('tablist', { name: 'Reservations' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Future 2' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Future 2' })).toHaveTextContent(
      'Two coming visits',
    );
  });

  test('arrow keys move between tabs and show their panels', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    renderWithI18n(<Tabs label="Reservations" tabs={tabs} onValueChange={onValueChange} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Future 2' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Earlier visits');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Tentative' })).toHaveFocus();
    expect(onValueChange).toHaveBeenLastCalledWith('tentative');
    expect(screen.getByRole('heading', { name: 'No tentative reservations' })).toBeInTheDocument();
  });

  test('a count still coming keeps its room unseen and unread, and the number takes it', () => {
    const counting = tabs.map((tab) => ({ ...tab, count: null }));
    const { rerender } = renderWithI18n(<Tabs label="Reservations" tabs={counting} />);
    const future = screen.getByRole('tab', { name: 'Future' });
    const room = future.querySelector('[data-counting]');
    expect(room).toHaveClass('invisible');
    expect(room).toHaveAttribute('aria-hidden', 'true');
    rerender(<Tabs label="Reservations" tabs={tabs} />);
    expect(screen.getByRole('tab', { name: 'Future 2' })).toBeInTheDocument();
    expect(document.querySelector('[data-counting]')).toBeNull();
  });

  test('a click selects a tab and the selection can be controlled', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    renderWithI18n(
      <Tabs label="Reservations" tabs={tabs} value="past" onValueChange={onValueChange} />,
    );
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Tentative' }));
    expect(onValueChange).toHaveBeenCalledWith('tentative');
  });
});

describe('EmptyState', () => {
  test('shows a title, a text and an action', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderWithI18n(
      <EmptyState
        title="You have no reservations"
        text="Book your next visit online."
        action={<Button onClick={onClick}>Book an appointment</Button>}
        headingLevel={2}
      />,
    );
    expect(
      screen.getByRole('heading', { level: 2, name: 'You have no reservations' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Book your next visit online.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book an appointment' }));
    expect(onClick).toHaveBeenCalled();
  });
});
