import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { Button } from './button.tsx';
import { NotificationBox } from './notification-box.tsx';
import { renderWithI18n } from './test-utils.tsx';

describe('NotificationBox', () => {
  test('neutral, informative and success notices are polite status messages', () => {
    renderWithI18n(
      <>
        <NotificationBox variant="neutral">Neutral</NotificationBox>
        <NotificationBox variant="informative">Info</NotificationBox>
        <NotificationBox variant="success">Saved</NotificationBox>
      </>,
    );
    const statuses = screen.getAllByRole('status');
    expect(statuses).toHaveLength(3);
    expect(statuses[2]).toHaveTextContent('Success: Saved');
    expect(statuses[0]!.closest('[data-variant]')).toHaveAttribute('data-variant', 'neutral');
  });

  test('warning and danger notices are alerts with a spoken prefix', () => {
    renderWithI18n(
      <>
        <NotificationBox variant="warning">Check fields</NotificationBox>
        <NotificationBox variant="danger" title="Saving failed">
          Please try again later.
        </NotificationBox>
      </>,
    );
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(2);
    expect(alerts[0]).toHaveTextContent('Warning: Check fields');
    expect(alerts[1]).toHaveTextContent('Error: Saving failed');
    expect(alerts[1]).toHaveTextContent('Please try again later.');
    expect(alerts[1]!.closest('[data-variant]')!.className).toContain('bg-red-50');
  });

  test('its actions are outside the live region: a button turning busy is not read out again', () => {
    renderWithI18n(
      <NotificationBox
        variant="warning"
        title="Time no longer held"
        actions={<Button>Hold it again</Button>}
      >
        Choose again.
      </NotificationBox>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Warning: Time no longer held Choose again.');
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Hold it again' }).closest('[data-variant]')).toBe(
      alert.closest('[data-variant]'),
    );
  });

  test('shows its actions and can be static', () => {
    renderWithI18n(
      <NotificationBox variant="informative" role="none" actions={<Button>Redirect now</Button>}>
        Redirecting in 10 seconds
      </NotificationBox>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Redirect now' })).toBeInTheDocument();
  });

  test('the spoken prefix is translated', () => {
    renderWithI18n(<NotificationBox variant="danger">Toiminto epäonnistui</NotificationBox>, {
      lng: 'fi',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Virhe: Toiminto epäonnistui');
  });
});
