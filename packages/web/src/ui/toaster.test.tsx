import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithI18n } from './test-utils.tsx';
import { toast, TOAST_DURATION_MS, Toaster } from './toaster.tsx';

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  vi.useRealTimers();
});

describe('Toaster and toast', () => {
  test('a success toast appears top-right in a labelled notifications region', async () => {
    renderWithI18n(<Toaster />);
    act(() => {
      toast.success('Profile saved');
    });
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    const region = screen.getByRole('region', { name: /Notifications/ });
    const list = region.querySelector('ol');
    expect(list).toHaveAttribute('data-y-position', 'top');
    expect(list).toHaveAttribute('data-x-position', 'right');
  });

  test('error and info toasts show their message and description', async () => {
    renderWithI18n(<Toaster />);
    act(() => {
      toast.error('Failed to send feedback. Please try again later.');
      toast.info('Chat is open on weekdays 8-16', { description: 'Free of charge' });
    });
    expect(
      await screen.findByText('Failed to send feedback. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Chat is open on weekdays 8-16')).toBeInTheDocument();
    expect(screen.getByText('Free of charge')).toBeInTheDocument();
  });

  test('a toast closes by itself after 5000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithI18n(<Toaster />);
    act(() => {
      toast.success('Saved');
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 500);
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    await waitFor(() => expect(screen.queryByText('Saved')).not.toBeInTheDocument());
  });

  test('a toast has a translated close button', async () => {
    renderWithI18n(<Toaster />, { lng: 'sv' });
    act(() => {
      toast.info('Hej');
    });
    expect(await screen.findByText('Hej')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stäng' })).toBeInTheDocument();
  });
});

describe('toast before the toaster is ready', () => {
  test('a toast asked for before the toaster is mounted appears once it mounts', async () => {
    act(() => {
      toast.success('Queued before mount');
    });
    renderWithI18n(<Toaster />);
    expect(await screen.findByText('Queued before mount')).toBeInTheDocument();
  });

  test('without a toast, reading fetches no toaster; the first interaction mounts it', async () => {
    // A fresh toast store: the toasts above have already asked for the toaster.
    vi.resetModules();
    const fresh = await import('./toaster.tsx');
    renderWithI18n(<fresh.Toaster />);
    // Longer than an idle callback may wait (2 s): reading alone never mounts it.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInTheDocument();
  });
});
