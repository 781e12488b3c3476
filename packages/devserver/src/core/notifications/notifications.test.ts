import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { book, bookingBody, firstSlot, slotsFrom } from '../booking/test-helpers.ts';
import { REMINDER_BEFORE_START_MS } from './notifications.ts';

type Message = Schemas['OutboxMessage'];

const HOUR = 3_600_000;

async function outbox(h: Harness, userId?: number): Promise<Message[]> {
  const response = await h.call('listDevOutbox', { query: { userId } });
  expect(response.status).toBe(200);
  return response.json as Message[];
}

async function messagesOf(h: Harness, reservationId: number): Promise<Message[]> {
  return (await outbox(h)).filter((message) => message.reservationId === reservationId);
}

const kindsAndChannels = (messages: Message[]) =>
  messages.map((message) => `${message.kind} ${message.channel}`).sort();

describe('messages about reservations, delivered to the dev outbox', () => {
  test('A booking is confirmed at once by SMS and email, in the language the patient used', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-02' });
    const response = await h.call('createReservation', {
      as: 'patient',
      headers: { 'accept-language': 'fi' },
      // Maija has a check-up a week ahead: she chose to keep both.
      body: bookingBody(slot, { allowDuplicate: true }),
    });
    expect(response.status).toBe(201);
    const booked = response.json as Schemas['Reservation'];
    const patient = h.state.db.user.findFirst({ where: { devKey: { equals: 'patient' } } })!;

    const messages = await messagesOf(h, booked.id);
    expect(kindsAndChannels(messages)).toEqual([
      'booking-confirmation email',
      'booking-confirmation sms',
    ]);
    const sms = messages.find((message) => message.channel === 'sms')!;
    const email = messages.find((message) => message.channel === 'email')!;
    // Where the booking says (issue 54), which here is not what her account says.
    expect(sms.to).toBe(booked.customer.phone);
    expect(email.to).toBe(booked.customer.email);
    expect([sms.to, email.to]).not.toEqual([patient.phone, patient.email]);
    expect(sms.subject).toBeNull();
    expect(email.subject).toBe('Hammaslääkäriaikasi on varattu');
    expect(sms.language).toBe('fi');
    expect(sms.sentAt).toBe('2026-11-23T10:00:00+02:00');
    const { branch } = booked;
    expect(sms.text).toBe(
      `Hammaslääkäriaikasi on varattu: 2.12.2026 klo ${booked.startTime.slice(11, 16)}, ` +
        `${branch.name}, ${branch.street}, ${branch.postalCode} ${branch.city}. ` +
        `Voit siirtää tai perua ajan maksutta 1.12.2026 klo ${booked.modifiableUntil.slice(11, 16)} asti: ` +
        `http://127.0.0.1:3000/fi/reservations?move=${booked.id}`,
    );
    // The link opens the move dialog of this reservation (after the login when needed).
    expect(sms.url).toBe(`http://127.0.0.1:3000/fi/reservations?move=${booked.id}`);
    // Neither the national id nor the reason for the visit.
    for (const message of messages) {
      expect(message.text).not.toContain('150385-914H');
      expect(message.text).not.toContain(booked.reason.name);
    }
    // Filtered by user: the patient's only.
    expect((await outbox(h, patient.id)).every((message) => message.userId === patient.id)).toBe(
      true,
    );
    expect(await outbox(h, patient.id + 1_000)).toEqual([]);
  });

  test('The reminder comes 48 hours before the start, when the dev clock gets there', async () => {
    const h = createHarness();
    const booked = await book(h, await firstSlot(h, { date: '2026-12-02' }));
    const due = Date.parse(booked.startTime) - REMINDER_BEFORE_START_MS;
    expect(due).toBeGreaterThan(h.state.clock.nowMs());
    expect(kindsAndChannels(await messagesOf(h, booked.id))).not.toContain('reminder sms');

    h.state.clock.set(new Date(due - 60_000));
    expect(kindsAndChannels(await messagesOf(h, booked.id))).not.toContain('reminder sms');
    h.state.clock.set(new Date(due));
    const messages = await messagesOf(h, booked.id);
    // The patient allows reminders by SMS only (the seed's settings).
    expect(kindsAndChannels(messages.filter((message) => message.kind === 'reminder'))).toEqual([
      'reminder sms',
    ]);
    const reminder = messages[0]!;
    expect(reminder.kind).toBe('reminder');
    expect(Date.parse(reminder.sentAt)).toBe(due);
    expect(reminder.text).toMatch(/^Reminder: your dental appointment is on 2\.12\.2026 at /);
    expect(reminder.text).toContain('You can still move or cancel it free of charge until');
  });

  test('A move replaces the pending reminder; a cancel withdraws it and sends one receipt', async () => {
    const h = createHarness();
    const slots = await slotsFrom(h, { date: '2026-12-02' });
    const first = slots[0]!;
    const booked = await book(h, first);
    const later = (await slotsFrom(h, { date: '2026-12-09' }))[0]!;
    const moved = await h.call('moveReservation', {
      as: 'patient',
      path: { id: booked.id },
      body: { slotKey: later.key },
    });
    expect(moved.status).toBe(200);
    expect(kindsAndChannels(await messagesOf(h, booked.id))).toEqual([
      'booking-confirmation email',
      'booking-confirmation sms',
      'move-receipt email',
      'move-receipt sms',
    ]);
    // The receipt links to the move dialog too: a time moved again in one step.
    expect(
      (await messagesOf(h, booked.id)).filter((message) => message.kind === 'move-receipt')[0]?.url,
    ).toBe(`http://127.0.0.1:3000/en/reservations?move=${booked.id}`);
    // The old reminder's time passes: nothing comes for the old time.
    h.state.clock.set(new Date(Date.parse(booked.startTime) - REMINDER_BEFORE_START_MS + HOUR));
    expect((await messagesOf(h, booked.id)).map((message) => message.kind)).not.toContain(
      'reminder',
    );

    await h.call('cancelReservation', { as: 'patient', path: { id: booked.id } });
    await h.call('cancelReservation', { as: 'patient', path: { id: booked.id } });
    const receipts = (await messagesOf(h, booked.id)).filter(
      (message) => message.kind === 'cancel-receipt',
    );
    expect(kindsAndChannels(receipts)).toEqual(['cancel-receipt email', 'cancel-receipt sms']);
    expect(receipts[0]!.url).toBe('http://127.0.0.1:3000/en/reservation');
    // The new time's reminder was withdrawn with the cancel.
    h.state.clock.set(new Date(Date.parse(later.startTime) - HOUR));
    expect((await messagesOf(h, booked.id)).map((message) => message.kind)).not.toContain(
      'reminder',
    );
  });

  test('A move repeated onto the time the reservation already has (a retry) answers it unchanged and sends one receipt in all (issue 52)', async () => {
    const h = createHarness();
    const booked = await book(h, (await slotsFrom(h, { date: '2026-12-03' }))[0]!);
    const later = (await slotsFrom(h, { date: '2026-12-10' }))[0]!;
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(
        await h.call('moveReservation', {
          as: 'patient',
          path: { id: booked.id },
          body: { slotKey: later.key },
        }),
      );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers[3]!.json).toEqual(answers[0]!.json);
    expect(kindsAndChannels(await messagesOf(h, booked.id))).toEqual([
      'booking-confirmation email',
      'booking-confirmation sms',
      'move-receipt email',
      'move-receipt sms',
    ]);
  });

  test('The consents decide the channels; a booking less than 48 hours ahead gets no reminder', async () => {
    const h = createHarness();
    const settings = {
      serviceSmsEnabled: false,
      serviceEmailEnabled: true,
      reminderSmsEnabled: false,
      reminderEmailEnabled: false,
    };
    expect((await h.call('updateUserSettings', { as: 'patient', body: settings })).status).toBe(
      200,
    );
    const booked = await book(h, await firstSlot(h, { date: '2026-12-02' }));
    h.state.clock.set(new Date(Date.parse(booked.startTime) - HOUR));
    expect(kindsAndChannels(await messagesOf(h, booked.id))).toEqual([
      'booking-confirmation email',
    ]);

    await h.call('updateUserSettings', {
      as: 'patient',
      body: { ...settings, serviceEmailEnabled: false, reminderSmsEnabled: true },
    });
    // Between 24 and 48 hours ahead: still movable online, but too close for a reminder.
    h.state.clock.set(new Date('2026-11-23T10:00:00+02:00'));
    const now = h.state.clock.nowMs();
    const close = [
      ...(await slotsFrom(h, { date: '2026-11-24' })),
      ...(await slotsFrom(h, { date: '2026-11-25' })),
    ].find((slot) => {
      const ahead = Date.parse(slot.startTime) - now;
      return ahead > 25 * HOUR && ahead < 47 * HOUR;
    });
    expect(close).toBeDefined();
    const reservation = await book(h, close!);
    h.state.clock.set(new Date(Date.parse(reservation.startTime) - HOUR));
    expect(await messagesOf(h, reservation.id)).toEqual([]);
  });

  test('The outbox is a dev control: 404 when dev mode is off', async () => {
    const h = createHarness();
    h.state.settings.devMode = false;
    const response = await h.call('listDevOutbox', { unchecked: true });
    expect(response.status).toBe(404);
  });
});

describe('event reminders, delivered to the dev outbox', () => {
  type PatientEvent = Schemas['PatientEvent'];

  async function upcomingEvent(h: Harness): Promise<PatientEvent> {
    const events = (await h.call('listEvents', { as: 'survey' })).json as PatientEvent[];
    const event = events.find((candidate) => candidate.date > '2026-11-25');
    if (!event) throw new Error('no upcoming event');
    return event;
  }

  const eventMessages = async (h: Harness, eventId: number) =>
    (await outbox(h, h.userId('survey'))).filter(
      (message) => message.kind === 'event-reminder' && message.eventId === eventId,
    );

  test('A reminder comes at 09:00 the day before, by the chosen channel, in the language it was set in', async () => {
    const h = createHarness();
    const event = await upcomingEvent(h);
    const set = await h.call('setEventReminder', {
      as: 'survey',
      headers: { 'accept-language': 'sv' },
      path: { id: event.id },
      body: { channel: 'email' },
    });
    expect(set.status).toBe(200);
    const due = Date.parse((set.json as Schemas['EventReminder']).remindAt);
    h.state.clock.set(new Date(due - 60_000));
    expect(await eventMessages(h, event.id)).toEqual([]);
    h.state.clock.set(new Date(due));
    const [message, ...more] = await eventMessages(h, event.id);
    expect(more).toEqual([]);
    const survey = h.state.db.user.findFirst({ where: { devKey: { equals: 'survey' } } })!;
    expect(message).toMatchObject({
      channel: 'email',
      to: survey.email,
      language: 'sv',
      subject: 'Påminnelse om evenemanget',
      url: `http://127.0.0.1:3000/sv/event/${event.id}`,
      reservationId: null,
    });
    const [year, month, day] = event.date.split('-').map(Number);
    expect(message!.text).toBe(
      `Påminnelse: ${event.title} ${day}.${month}.${year}. Mer information: http://127.0.0.1:3000/sv/event/${event.id}`,
    );
    expect(Date.parse(message!.sentAt)).toBe(due);
  });

  test('Moving the event reschedules the reminder; removing it or the event withdraws it', async () => {
    const h = createHarness();
    const event = await upcomingEvent(h);
    await h.call('setEventReminder', {
      as: 'survey',
      path: { id: event.id },
      body: { channel: 'sms' },
    });
    const admin = (await h.call('adminGetEvent', { as: 'content-manager', path: { id: event.id } }))
      .json as Schemas['Event'];
    const later = '2027-01-20';
    const moved = await h.call('updateEvent', {
      as: 'content-manager',
      path: { id: event.id },
      body: { title: admin.title, body: admin.body, date: later, published: true },
    });
    expect(moved.status).toBe(200);
    // The old time passes without a message; the new one brings it.
    h.state.clock.set(new Date(`${event.date}T12:00:00+02:00`));
    expect(await eventMessages(h, event.id)).toEqual([]);
    h.state.clock.set(new Date('2027-01-19T09:00:00+02:00'));
    expect((await eventMessages(h, event.id)).map((message) => message.channel)).toEqual(['sms']);

    // A reminder removed before its time sends nothing; nor does one of a deleted event.
    const h2 = createHarness();
    await h2.call('setEventReminder', {
      as: 'survey',
      path: { id: event.id },
      body: { channel: 'sms' },
    });
    await h2.call('deleteEventReminder', { as: 'survey', path: { id: event.id } });
    const other = (await h2.call('listEvents', { as: 'survey' })).json as PatientEvent[];
    const second = other.find(
      (candidate) => candidate.id !== event.id && candidate.date > '2026-11-25',
    )!;
    await h2.call('setEventReminder', {
      as: 'survey',
      path: { id: second.id },
      body: { channel: 'sms' },
    });
    expect(
      (await h2.call('deleteEvent', { as: 'content-manager', path: { id: second.id } })).status,
    ).toBe(204);
    h2.state.clock.set(new Date('2027-06-01T12:00:00+03:00'));
    expect(await eventMessages(h2, event.id)).toEqual([]);
    expect(await eventMessages(h2, second.id)).toEqual([]);
  });
});
