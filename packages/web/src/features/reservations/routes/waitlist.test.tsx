import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Schemas } from '@portal/sdk';
import { afterEach, describe, expect, test } from 'vitest';
import { devToken, renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(() => stopApp());

const FIRST_SCREEN = { timeout: 15_000 };

/**
 * The first upcoming reservation that can still be moved online, once its waitlist has loaded: its
 * card offers the waitlist as one button, or shows the panel when it waits (issue 54).
 */
async function firstCard(): Promise<HTMLElement> {
  const list = await screen.findByRole('list', { name: 'Upcoming' }, FIRST_SCREEN);
  const marks = await waitFor(() => {
    const found = [
      ...within(list).queryAllByRole('button', { name: 'Tell me about an earlier time' }),
      ...within(list).queryAllByRole('heading', { level: 3, name: 'Earlier time' }),
    ];
    expect(found.length).toBeGreaterThan(0);
    return found;
  }, FIRST_SCREEN);
  const [first] = marks.sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  return first!.closest('article')!;
}

function offer(reservation: Schemas['Reservation'], status: Schemas['WaitlistOffer']['status']) {
  return {
    id: 41,
    reservationId: reservation.id,
    status,
    startTime: '2026-11-26T09:00:00+02:00',
    endTime: '2026-11-26T09:30:00+02:00',
    branch: reservation.branch,
    employee: { id: 7, name: 'Aino Esimerkki' },
    offeredAt: '2026-11-25T10:00:00+02:00',
    expiresAt: '2026-11-25T12:00:00+02:00',
  } satisfies Schemas['WaitlistOffer'];
}

/** The waiting list as the server would answer it: the reservation waits, with these offers. */
function waitingWith(reservation: Schemas['Reservation'], offers: Schemas['WaitlistOffer'][]) {
  return [
    {
      reservationId: reservation.id,
      reasonId: reservation.reason.id,
      scope: 'city',
      sameEmployee: false,
      earliestDate: '2026-11-25',
      createdAt: '2026-11-24T12:00:00+02:00',
      offers,
    } satisfies Schemas['WaitlistEntry'],
  ];
}

async function upcoming(origin: string, token: string): Promise<Schemas['Reservation'][]> {
  const response = await fetch(`${origin}/api/reservations?group=future`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
  return (await response.json()) as Schemas['Reservation'][];
}

describe('the earlier-time waitlist in My reservations', () => {
  test('a patient asks for an earlier time at the same branch, sees the wish and stops waiting', async () => {
    await renderApp('/en/reservations', { user: 'patient' });
    const user = userEvent.setup();
    const card = await firstCard();
    expect(within(card).getByText(/Would an earlier time suit you better\?/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Tell me about an earlier time' }));

    const where = within(card).getByRole('radiogroup', { name: 'Where' });
    const branchOption = within(where).getByRole('radio', { name: /^Only at / });
    await user.click(branchOption);
    const sameEmployee = within(card).getByRole('checkbox', { name: /^Only with / });
    await user.click(sameEmployee);
    await user.click(within(card).getByRole('button', { name: 'Start waiting' }));

    expect(
      await screen.findByText(
        'You are on the waiting list. We will tell you when an earlier time becomes available.',
      ),
    ).toBeInTheDocument();
    const notice = await within(card).findByText('You are waiting for an earlier time');
    expect(notice).toBeInTheDocument();
    expect(
      within(card).getByText(/^At .+, from \d{1,2}\.\d{1,2}\.\d{4}\. Only with .+\.$/),
    ).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Stop waiting' }));
    expect(
      await screen.findByText('You are no longer waiting for an earlier time.'),
    ).toBeInTheDocument();
    expect(
      await within(card).findByRole('button', { name: 'Tell me about an earlier time' }),
    ).toBeInTheDocument();
  });

  test('a day that is not before the appointment gets the server’s message under the field', async () => {
    await renderApp('/en/reservations', { user: 'patient' });
    const user = userEvent.setup();
    const card = await firstCard();
    await user.click(within(card).getByRole('button', { name: 'Tell me about an earlier time' }));
    const date = within(card).getByLabelText(/^Not before/);
    await user.clear(date);
    await user.type(date, '2099-01-01');
    await user.click(within(card).getByRole('button', { name: 'Start waiting' }));
    expect(
      await within(card).findByText(/^Choose a day before your current appointment \(/),
    ).toBeInTheDocument();
    await waitFor(() => expect(date).toHaveFocus());
    expect(date).toHaveAttribute('aria-invalid', 'true');
  });

  test('an offered earlier time is taken with one button, and the card moves to it', async () => {
    const app = await renderApp('/en/reservations', { user: 'patient' });
    const token = await devToken(app.origin, 'patient');
    const reservation = (await upcoming(app.origin, token)).find((r) => r.canModify);
    let accepted = false;
    app.mock.server.use(
      http.get('*/api/waitlist', () =>
        HttpResponse.json(
          waitingWith(
            reservation!,
            accepted ? [] : [offer(reservation!, 'open'), offer(reservation!, 'expired')],
          ),
        ),
      ),
      http.post('*/api/waitlist/offers/41/accept', () => {
        accepted = true;
        return HttpResponse.json({ ...reservation!, startTime: '2026-11-26T09:00:00+02:00' });
      }),
    );
    const user = userEvent.setup();
    const card = await firstCard();
    expect(
      await within(card).findByText('An earlier time has become available'),
    ).toBeInTheDocument();
    expect(
      within(card).getByText(
        '26.11.2026 at 09:00, ' +
          `${reservation!.branch.name}, Aino Esimerkki. The offer is open until 25.11.2026 12:00, unless someone else takes the time first.`,
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText('26.11.2026 at 09:00: the offer expired')).toBeInTheDocument();
    await user.click(
      within(card).getByRole('button', { name: 'Move my appointment to 26.11.2026 at 09:00' }),
    );
    expect(
      await screen.findByText('Your appointment was moved to 26.11.2026 at 09:00.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('An earlier time has become available')).toBeNull(),
    );
  });

  test('a time someone else took first says so, and the patient stays waiting', async () => {
    const app = await renderApp('/en/reservations', { user: 'patient' });
    const reservation = (await upcoming(app.origin, await devToken(app.origin, 'patient'))).find(
      (r) => r.canModify,
    );
    app.mock.server.use(
      http.get('*/api/waitlist', () =>
        HttpResponse.json(waitingWith(reservation!, [offer(reservation!, 'open')])),
      ),
      http.post('*/api/waitlist/offers/41/accept', () =>
        HttpResponse.json(
          {
            UserMessage:
              'Someone else took this time first. You stay on the waiting list for an earlier time.',
            Code: 'slot-taken',
          },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    const card = await firstCard();
    await user.click(
      await within(card).findByRole('button', {
        name: 'Move my appointment to 26.11.2026 at 09:00',
      }),
    );
    expect(await screen.findByText('The time could not be booked')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Someone else took this time first. You stay on the waiting list for an earlier time.',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText('You are waiting for an earlier time')).toBeInTheDocument();
  });
});
