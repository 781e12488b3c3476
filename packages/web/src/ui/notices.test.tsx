import { screen } from '@testing-library/react';
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
    expect(statuses[0]).toHaveAttribute('data-variant', 'neutral');
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
    expect(alerts[1]!.className).toContain('bg-red-50');
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
