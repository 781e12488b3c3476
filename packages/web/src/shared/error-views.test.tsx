import { ConflictError } from '@portal/sdk';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ActionError, LoadError } from './error-views.tsx';
import { renderShared } from './testing/render.tsx';

describe('error views', () => {
  test('a failed load says so and tries again on request, in the language', async () => {
    const onRetry = vi.fn();
    const { unmount } = renderShared(<LoadError onRetry={onRetry}>Loading failed.</LoadError>);
    expect(screen.getByRole('alert')).toHaveTextContent('Loading failed.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    unmount();
    renderShared(<LoadError onRetry={onRetry}>Lataus epäonnistui.</LoadError>, { lng: 'fi' });
    expect(screen.getByRole('button', { name: 'Yritä uudelleen' })).toBeInTheDocument();
  });

  test('a failed action shows our title and the server’s own explanation beneath', () => {
    const error = new ConflictError({
      status: 409,
      method: 'POST',
      url: '/api/reservations/7/cancel',
      body: {
        UserMessage: 'Inside 24 hours: please call the clinic.',
        Code: 'inside-cancel-window',
      },
    });
    renderShared(<ActionError title="The operation was unsuccessful" error={error} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The operation was unsuccessful');
    expect(alert).toHaveTextContent('Inside 24 hours: please call the clinic.');
  });

  test('a failed action without an explanation shows the title alone', () => {
    renderShared(<ActionError title="Failed to delete event" error={new Error('offline')} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Error: Failed to delete event$/);
  });
});
