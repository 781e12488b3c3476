import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { Button } from './button.tsx';
import { renderWithI18n } from './test-utils.tsx';

describe('Button', () => {
  test('renders a button named by its text that does not submit forms by default', () => {
    renderWithI18n(<Button>Book</Button>);
    const button = screen.getByRole('button', { name: 'Book' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button.className).toContain('bg-brand-700');
    expect(button.className).toContain('min-h-input');
  });

  test('each variant and size has its own look', () => {
    renderWithI18n(
      <>
        <Button variant="secondary">Secondary</Button>
        <Button variant="ghost">Ghost</Button>
        <Button variant="danger" size="lg">
          Delete
        </Button>
        <Button size="sm">Small</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Secondary' }).className).toContain(
      'border-brand-700',
    );
    expect(screen.getByRole('button', { name: 'Ghost' }).className).toContain('bg-transparent');
    expect(screen.getByRole('button', { name: 'Delete' }).className).toContain('bg-red-700');
    expect(screen.getByRole('button', { name: 'Delete' }).className).toContain('min-h-12');
    expect(screen.getByRole('button', { name: 'Small' }).className).toContain('min-h-8');
  });

  test('a click and the Enter and Space keys activate it', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderWithI18n(<Button onClick={onClick}>Save</Button>);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.tab();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  test('while loading it shows a spinner, says it is busy, keeps its name and ignores clicks', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderWithI18n(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button.querySelector('.motion-safe\\:animate-spin')).not.toBeNull();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  test('a disabled button cannot be pressed', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderWithI18n(
      <Button disabled onClick={onClick}>
        Save
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).not.toHaveBeenCalled();
  });

  test('with asChild it gives its look to a link', () => {
    renderWithI18n(
      <Button asChild variant="secondary">
        <a href="/reservation">Book an appointment</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Book an appointment' });
    expect(link).toHaveAttribute('href', '/reservation');
    expect(link.className).toContain('border-brand-700');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
