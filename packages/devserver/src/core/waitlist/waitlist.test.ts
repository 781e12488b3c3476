import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { createSession } from '../users/sessions.ts';
import { book, bookingBody, firstSlot, slotsFrom, type Slot } from '../booking/test-helpers.ts';
import { MAX_LISTED_OFFERS, OFFER_OPEN_MS } from './waitlist.ts';

type Entry = Schemas['WaitlistEntry'];
type Reservation = Schemas['Reservation'];

const HOUR = 3_600_000;
const anyBranch: Schemas['WaitlistRequest'] = {
  scope: 'city',
  sameEmployee: false,
  earliestDate: '2026-11-23',
};

async function wait(
  h: Harness,
  reservation: Reservation,
  wish: Partial<Schemas['WaitlistRequest']> = {},
  caller: { as?: 'patient' | 'survey'; token?: string } = { as: 'patient' },
) {
  return h.call('setWaitlistEntry', {
    ...caller,
    path: { id: reservation.id },
    body: { ...anyBranch, ...wish },
  });
}

async function entries(h: Harness, caller: { as?: 'patient' | 'survey'; token?: string }) {
  const response = await h.call('listWaitlist', caller);
  expect(response.status).toBe(200);
  return response.json as Entry[];
}

/** Another patient books an earlier time and gives it up: the time that frees. */
async function freeUp(h: Harness, slot: Slot): Promise<void> {
  const other = await book(h, slot, 'survey');
  const cancelled = await h.call('cancelReservation', { as: 'survey', path: { id: other.id } });
  expect(cancelled.status).toBe(200);
}

async function waitingPatient(h: Harness): Promise<{ late: Reservation; early: Slot }> {
  const early = await firstSlot(h, { date: '2026-11-26' });
  const late = await book(h, await firstSlot(h, { date: '2026-12-10' }));
  expect((await wait(h, late)).status).toBe(200);
  return { late, early };
}

describe('the earlier-time waitlist', () => {
  test('A freed earlier time is offered, sent by SMS and email, and accepting it moves the reservation', async () => {
    const h = createHarness();
    const { late, early } = await waitingPatient(h);
    expect((await entries(h, { as: 'patient' }))[0]).toMatchObject({
      reservationId: late.id,
      reasonId: late.reason.id,
      scope: 'city',
      offers: [],
    });
    await freeUp(h, early);

    const [entry] = await entries(h, { as: 'patient' });
    expect(entry!.offers).toHaveLength(1);
    const offer = entry!.offers[0]!;
    expect(offer).toMatchObject({
      reservationId: late.id,
      status: 'open',
      startTime: early.startTime,
      endTime: early.endTime,
      branch: { id: early.branchId },
      employee: { id: early.employeeId, name: early.employeeName },
      offeredAt: '2026-11-23T10:00:00+02:00',
      expiresAt: '2026-11-23T12:00:00+02:00',
    });
    const outbox = (await h.call('listDevOutbox', { query: { userId: h.userId('patient') } }))
      .json as Schemas['OutboxMessage'][];
    const sent = outbox.filter((message) => message.kind === 'waitlist-offer');
    expect(sent.map((message) => message.channel).sort()).toEqual(['email', 'sms']);
    expect(sent[0]!.text).toMatch(/^An earlier time you asked for is free: 26\.11\.2026 at /);
    expect(sent[0]!.text).toContain('until 23.11.2026 at 12:00');
    expect(sent[0]!.text).not.toContain(late.reason.name);
    expect(sent[0]!.url).toBe('http://127.0.0.1:3000/en/reservations');

    const accepted = await h.call('acceptWaitlistOffer', { as: 'patient', path: { id: offer.id } });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({
      id: late.id,
      status: 'confirmed',
      startTime: early.startTime,
      employee: { id: early.employeeId },
    });
    // The wish is fulfilled: the entry has gone, and a move receipt was sent.
    expect(await entries(h, { as: 'patient' })).toEqual([]);
    const after = (await h.call('listDevOutbox', { query: { userId: h.userId('patient') } }))
      .json as Schemas['OutboxMessage'][];
    expect(after.filter((message) => message.kind === 'move-receipt')).toHaveLength(2);
    // The old time is free again.
    const again = await h.call('createReservation', {
      as: 'survey',
      body: bookingBody({ key: await slotKeyOf(h, late) }),
    });
    expect(again.status).toBe(201);
  });

  test('The first of 20 concurrent accepts gets the time; the other 19 are told it is taken', async () => {
    const h = createHarness();
    const early = await firstSlot(h, { date: '2026-11-26' });
    const later = [
      ...(await slotsFrom(h, { date: '2026-12-14' })),
      ...(await slotsFrom(h, { date: '2026-12-15' })),
    ];
    const tokens: string[] = [];
    for (const user of h.state.db.user.findMany({ where: { webRole: { equals: 'patient' } } })) {
      if (tokens.length === 20) break;
      const token = createSession(h.state, user.id).token;
      const slot = later[tokens.length]!;
      const booked = await h.call('createReservation', { token, body: bookingBody(slot) });
      if (booked.status !== 201) continue;
      expect((await wait(h, booked.json as Reservation, {}, { token })).status).toBe(200);
      tokens.push(token);
    }
    expect(tokens).toHaveLength(20);
    await freeUp(h, early);

    const offers = await Promise.all(
      tokens.map(async (token) => (await entries(h, { token }))[0]!.offers[0]!),
    );
    expect(
      offers.every((offer) => offer.status === 'open' && offer.startTime === early.startTime),
    ).toBe(true);
    const answers = await Promise.all(
      tokens.map((token, i) =>
        h.call('acceptWaitlistOffer', { token, path: { id: offers[i]!.id } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(answer.json).toMatchObject({
        Code: 'slot-taken',
        UserMessage:
          'Someone else took this time first. You stay on the waiting list for an earlier time.',
      });
    // The others' offers of that time show as taken; they stay on the list.
    const losers = tokens.filter((_, i) => answers[i]!.status === 409);
    for (const token of losers) {
      const [entry] = await entries(h, { token });
      expect(entry!.offers.find((offer) => offer.startTime === early.startTime)!.status).toBe(
        'taken',
      );
    }
    // Exactly one reservation holds the time.
    const holders = h.state.db.reservation
      .getAll()
      .filter((row) => row.startTime === early.startTime && row.status === 'confirmed');
    expect(holders.filter((row) => row.employeeId === early.employeeId)).toHaveLength(1);
  });

  test('An offer expires after two hours by the dev clock', async () => {
    const h = createHarness();
    const { early } = await waitingPatient(h);
    await freeUp(h, early);
    const offer = (await entries(h, { as: 'patient' }))[0]!.offers[0]!;
    h.state.clock.set(new Date(h.state.clock.nowMs() + OFFER_OPEN_MS - 60_000));
    expect((await entries(h, { as: 'patient' }))[0]!.offers[0]!.status).toBe('open');
    h.state.clock.set(new Date(h.state.clock.nowMs() + 60_000));
    expect((await entries(h, { as: 'patient' }))[0]!.offers[0]!.status).toBe('expired');
    const late = await h.call('acceptWaitlistOffer', { as: 'patient', path: { id: offer.id } });
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({
      Code: 'slot-unavailable',
      UserMessage: 'This offer has expired. You stay on the waiting list for an earlier time.',
    });
  });

  test('An entry lists its newest 100 offers, newest first', async () => {
    const h = createHarness();
    const { early } = await waitingPatient(h);
    await freeUp(h, early);
    const [stored] = h.state.db.waitlistOffer.getAll();
    // 120 older offers of the same wish, as months of freed times would leave.
    for (let i = 1; i <= 120; i++) {
      h.state.db.waitlistOffer.create({
        ...stored!,
        id: stored!.id + i,
        offeredMs: stored!.offeredMs - i * 3 * HOUR,
        expiresMs: stored!.offeredMs - i * 3 * HOUR + OFFER_OPEN_MS,
      });
    }
    const offers = (await entries(h, { as: 'patient' }))[0]!.offers;
    expect(offers).toHaveLength(MAX_LISTED_OFFERS);
    expect(offers[0]).toMatchObject({ id: stored!.id, status: 'open' });
    expect(offers.slice(1).every((offer) => offer.status === 'expired')).toBe(true);
  });

  test('A time someone books first shows as taken, and accepting it answers slot-taken', async () => {
    const h = createHarness();
    const { early } = await waitingPatient(h);
    await freeUp(h, early);
    const offer = (await entries(h, { as: 'patient' }))[0]!.offers[0]!;
    await book(h, early, 'survey');
    expect((await entries(h, { as: 'patient' }))[0]!.offers[0]!.status).toBe('taken');
    const answer = await h.call('acceptWaitlistOffer', { as: 'patient', path: { id: offer.id } });
    expect(answer.json.Code).toBe('slot-taken');
  });

  test('Inside the 24-hour window no offer is made, the entry is not listed, and none can be set', async () => {
    const h = createHarness();
    const { late, early } = await waitingPatient(h);
    // Move the clock to 23 hours before the waiting reservation: an earlier time cannot be offered.
    h.state.clock.set(new Date(Date.parse(late.startTime) - 23 * HOUR));
    expect(await entries(h, { as: 'patient' })).toEqual([]);
    const inside = await wait(h, late);
    expect(inside.status).toBe(409);
    expect(inside.json.Code).toBe('inside-cancel-window');
    expect(early.startTime < late.startTime).toBe(true);
    expect(h.state.db.waitlistOffer.getAll()).toEqual([]);
  });

  test('The wish decides: branch, practitioner, earliest date and only earlier times', async () => {
    const h = createHarness();
    const late = await book(h, await firstSlot(h, { date: '2026-12-10' }));
    const candidates = await slotsFrom(h, { date: '2026-11-26' });
    const elsewhere = candidates.find((slot) => slot.branchId !== late.branch.id);
    let sameBranch: Slot | undefined;
    for (const date of ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-30', '2026-12-01']) {
      sameBranch ??= (await slotsFrom(h, { date, branchIds: [late.branch.id] })).find(
        (slot) => slot.employeeId !== late.employee?.id,
      );
    }
    expect(elsewhere, 'a time at another branch').toBeDefined();
    expect(sameBranch, 'a time at the branch with another practitioner').toBeDefined();
    const offers = async () => (await entries(h, { as: 'patient' }))[0]!.offers;

    // Only the reservation's branch: a time at another branch of the city is not offered.
    await wait(h, late, { scope: 'branch' });
    await freeUp(h, elsewhere!);
    expect(await offers()).toEqual([]);
    // The same practitioner only: another practitioner's time is not offered.
    await wait(h, late, { scope: 'branch', sameEmployee: true });
    await freeUp(h, sameBranch!);
    expect(await offers()).toEqual([]);
    // Not before a later date.
    await wait(h, late, { earliestDate: '2026-11-27' });
    await freeUp(h, elsewhere!);
    expect(await offers()).toEqual([]);
    // A time later than the reservation's is never offered.
    await wait(h, late);
    await freeUp(h, await firstSlot(h, { date: '2026-12-17' }));
    expect(await offers()).toEqual([]);
    // Any branch of the city, any practitioner, from today: offered.
    await freeUp(h, elsewhere!);
    expect((await offers()).map((offer) => offer.startTime)).toEqual([elsewhere!.startTime]);
  });

  test('New working hours are offered to the waiting patients they suit', async () => {
    const h = createHarness();
    const { late, early } = await waitingPatient(h);
    const opened = await h.call('addDevWorkingHours', {
      body: { employeeId: early.employeeId, date: '2026-11-26', start: '06:00', end: '08:00' },
    });
    expect(opened.status).toBe(201);
    expect(opened.json).toMatchObject({ employeeId: early.employeeId, branchId: early.branchId });
    const [offer] = (await entries(h, { as: 'patient' }))[0]!.offers;
    expect(offer).toMatchObject({
      reservationId: late.id,
      status: 'open',
      startTime: '2026-11-26T06:00:00+02:00',
      employee: { id: early.employeeId },
    });
    // The new hours are bookable like any others, and the offer moves the reservation there.
    const accepted = await h.call('acceptWaitlistOffer', {
      as: 'patient',
      path: { id: offer!.id },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json.startTime).toBe('2026-11-26T06:00:00+02:00');

    const refused = await h.call('addDevWorkingHours', {
      body: { employeeId: 999_999, date: '2026-10-01', start: '09:00', end: '08:00' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.Errors.map((error: { field: string }) => error.field)).toEqual([
      'employeeId',
      'date',
      'end',
    ]);
  });

  test('Bad wishes are refused under the field; leaving is idempotent; others get 404', async () => {
    const h = createHarness();
    const { late } = await waitingPatient(h);
    const past = await wait(h, late, { earliestDate: '2026-11-22' });
    expect(past.status).toBe(400);
    expect(past.json.Errors).toEqual([
      { field: 'earliestDate', errorMessage: 'Choose today or a later day.' },
    ]);
    const notBefore = await wait(h, late, { earliestDate: '2026-12-10' });
    expect(notBefore.json.Errors).toEqual([
      {
        field: 'earliestDate',
        errorMessage: 'Choose a day before your current appointment (10.12.2026).',
      },
    ]);
    expect((await wait(h, late, {}, { as: 'survey' })).status).toBe(404);
    expect((await h.call('leaveWaitlist', { as: 'survey', path: { id: late.id } })).status).toBe(
      404,
    );
    expect((await h.call('leaveWaitlist', { as: 'patient', path: { id: late.id } })).status).toBe(
      204,
    );
    expect((await h.call('leaveWaitlist', { as: 'patient', path: { id: late.id } })).status).toBe(
      204,
    );
    expect(await entries(h, { as: 'patient' })).toEqual([]);
    // A cancelled reservation cannot wait, and cancelling one ends its wish.
    await wait(h, late);
    await h.call('cancelReservation', { as: 'patient', path: { id: late.id } });
    expect(h.state.db.waitlistEntry.getAll()).toEqual([]);
    expect((await wait(h, late)).json.Code).toBe('not-modifiable');
  });

  test('An offer goes by the service consents, in the language of the wish', async () => {
    const h = createHarness();
    await h.call('updateUserSettings', {
      as: 'patient',
      body: {
        serviceSmsEnabled: true,
        serviceEmailEnabled: false,
        reminderSmsEnabled: false,
        reminderEmailEnabled: false,
      },
    });
    const early = await firstSlot(h, { date: '2026-11-26' });
    const late = await book(h, await firstSlot(h, { date: '2026-12-10' }));
    await h.call('setWaitlistEntry', {
      as: 'patient',
      headers: { 'accept-language': 'sv' },
      path: { id: late.id },
      body: anyBranch,
    });
    await freeUp(h, early);
    const sent = (
      (await h.call('listDevOutbox', { query: { userId: h.userId('patient') } }))
        .json as Schemas['OutboxMessage'][]
    ).filter((message) => message.kind === 'waitlist-offer');
    expect(sent.map((message) => [message.channel, message.language])).toEqual([['sms', 'sv']]);
    expect(sent[0]!.text).toMatch(
      /^En tidigare tid som du önskade har blivit ledig: 26\.11\.2026 kl\. /,
    );
    expect(sent[0]!.url).toBe('http://127.0.0.1:3000/sv/reservations');
  });
});

/** The slot key of a reservation's time (booked with its practitioner, as the seed's resource). */
async function slotKeyOf(h: Harness, reservation: Reservation): Promise<string> {
  const slots = await slotsFrom(h, {
    date: reservation.startTime.slice(0, 10),
    branchIds: [reservation.branch.id],
    employeeId: reservation.employee!.id,
  });
  const slot = slots.find((candidate) => candidate.startTime === reservation.startTime);
  if (!slot) throw new Error('the old time is not free');
  return slot.key;
}
