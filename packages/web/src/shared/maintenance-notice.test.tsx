import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderShared as renderWithI18n } from './testing/render.tsx';
import { MaintenanceNotice } from './maintenance-notice.tsx';

describe('MaintenanceNotice', () => {
  test('tells when the break starts as d.M.yyyy HH:mm in Helsinki time and that bookings cannot be made', () => {
    renderWithI18n(<MaintenanceNotice startsAt={new Date('2026-12-05T16:30:00Z')} />);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Maintenance break');
    expect(notice).toHaveTextContent(
      'A maintenance break starts at 5.12.2026 18:30. Appointments cannot be booked during the break.',
    );
  });

  test('speaks Finnish and Swedish', () => {
    const { unmount } = renderWithI18n(<MaintenanceNotice startsAt="2026-12-05T18:30:00+02:00" />, {
      lng: 'fi',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Huoltokatko alkaa 5.12.2026 18:30. Huoltokatkon aikana ajanvarauksia ei voi tehdä.',
    );
    unmount();
    renderWithI18n(<MaintenanceNotice startsAt="2026-12-05T18:30:00+02:00" />, { lng: 'sv' });
    expect(screen.getByRole('status')).toHaveTextContent('Serviceavbrott');
  });

  test('without a start time says the break is on now', () => {
    renderWithI18n(<MaintenanceNotice startsAt={null} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'A maintenance break is on. Appointments cannot be booked or changed during the break.',
    );
  });
});
