import { describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { attemptBooking, book, bookingBody, slotsFrom, type Slot } from './test-helpers.ts';

/**
 * No overlap with oneself (issue 54 item 2): a patient cannot sit in two chairs at once. A
 * booking or a move to a time that overlaps one of the patient's own reservations (tentative or
 * confirmed, of any service, with any practitioner) is refused with 409
 * `overlapping-reservation` naming that reservation, whatever `allowDuplicate` says.
 */

/** Two free times of one day at the same minute with different practitioners, and a later one. */
async function sameMinute(h: Harness): Promise<{ first: Slot; twin: Slot; later: Slot }> {
  const slots = await slotsFrom(h, { date: '2026-12-01' });
  for (const first of slots) {
    const twin = slots.find(
      (other) => other.startTime === first.startTime && other.employeeId !== first.employeeId,
    );
    const later = slots.find((other) => Date.parse(other.startTime) >= Date.parse(first.endTime));
    if (twin && later) return { first, twin, later };
  }
  throw new Error('no two practitioners free at the same minute');
}

describe('no overlap with oneself', () => {
  test('a second booking at the same minute with another practitioner answers 409 overlapping-reservation, even with allowDuplicate, in every language', async () => {
    const h = createHarness();
    const { first, twin } = await sameMinute(h);
    const booked = await book(h, first, 'survey');
    const countBefore = h.state.db.reservation.count();

    const answer = await attemptBooking(h, twin, { allowDuplicate: true });
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({
      Code: 'overlapping-reservation',
      UserMessage: expect.stringMatching(
        /^You already have an appointment at this time: Dental check-up on 1\.12\.2026 at \d{2}:\d{2}\. Please choose another time\.$/,
      ),
      ExistingReservation: booked,
    });
    expect(h.state.db.reservation.count()).toBe(countBefore);

    const finnish = await attemptBooking(h, twin, { allowDuplicate: true }, 'fi');
    expect(finnish.json.UserMessage).toMatch(
      /^Sinulla on jo varaus tähän aikaan: Hammastarkastus 1\.12\.2026 klo \d{2}:\d{2}\. Valitse toinen aika\.$/,
    );
    const swedish = await attemptBooking(h, twin, { allowDuplicate: true }, 'sv');
    expect(swedish.json.UserMessage).toMatch(
      /^Du har redan en bokning vid den här tiden: Tandundersökning 1\.12\.2026 kl\. \d{2}:\d{2}\. Välj en annan tid\.$/,
    );
  });

  test('the overlap is checked before the duplicate rule: keeping both is never offered at the same time', async () => {
    const h = createHarness();
    const { first, twin } = await sameMinute(h);
    await book(h, first, 'survey');
    const answer = await attemptBooking(h, twin, { allowDuplicate: false });
    expect(answer.status).toBe(409);
    expect(answer.json.Code).toBe('overlapping-reservation');
  });

  test('a time that starts as the own reservation ends is free to book; a cancelled reservation blocks nothing', async () => {
    const h = createHarness();
    const { first, twin, later } = await sameMinute(h);
    const booked = await book(h, first, 'survey');
    const adjacent = await attemptBooking(h, later, { allowDuplicate: true });
    expect(adjacent.status).toBe(201);

    const cancelled = await h.call('cancelReservation', {
      as: 'survey',
      path: { id: booked.id },
    });
    expect(cancelled.status).toBe(200);
    expect((await attemptBooking(h, twin, { allowDuplicate: true })).status).toBe(201);
  });

  test('another patient may book the same minute with another practitioner', async () => {
    const h = createHarness();
    const { first, twin } = await sameMinute(h);
    await book(h, first, 'survey');
    const other = await h.call('createReservation', {
      as: 'patient',
      body: bookingBody(twin, { allowDuplicate: true }),
    });
    expect(other.status).toBe(201);
  });

  test('moving a reservation onto the time of another of ones own answers 409 overlapping-reservation and moves nothing', async () => {
    const h = createHarness();
    const { first, twin, later } = await sameMinute(h);
    const kept = await book(h, first, 'survey');
    const moved = await book(h, later, 'survey');

    const answer = await h.call('moveReservation', {
      as: 'survey',
      path: { id: moved.id },
      body: { slotKey: twin.key },
    });
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({ Code: 'overlapping-reservation' });
    const after = await h.call('getReservation', { as: 'survey', path: { id: moved.id } });
    expect(after.json.startTime).toBe(moved.startTime);

    // Its own time does not count: a move within itself is no overlap.
    const same = await h.call('moveReservation', {
      as: 'survey',
      path: { id: kept.id },
      body: { slotKey: first.key },
    });
    expect(same.status).toBe(200);
  });
});
