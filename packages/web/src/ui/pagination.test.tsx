import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { Pagination } from './pagination.tsx';
import { renderWithI18n } from './test-utils.tsx';

const labels = { label: 'Pages', previousLabel: 'Previous', nextLabel: 'Next' };

describe('Pagination', () => {
  test('moves to the next and previous page', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderWithI18n(
      <Pagination
        {...labels}
        page={2}
        pageCount={3}
        status="Page 2 of 3"
        onPageChange={onPageChange}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(nav).toHaveTextContent('Page 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });

  test('disables the buttons at the ends', () => {
    renderWithI18n(
      <Pagination {...labels} page={1} pageCount={2} status="Page 1 of 2" onPageChange={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  test('shows nothing for a single page', () => {
    renderWithI18n(
      <Pagination {...labels} page={1} pageCount={1} status="Page 1 of 1" onPageChange={vi.fn()} />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
