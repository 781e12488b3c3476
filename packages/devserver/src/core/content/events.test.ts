import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import { eventProblems } from './events.ts';
import { remindAtFor } from './reminder-time.ts';
import {
  DRAFT_EVENT_ID,
  ORAL_HEALTH_DAY_EVENT_ID,
  PAST_EVENT_ID,
  TOMORROW_EVENT_ID,
} from './seed.ts';

type PatientEvent = {
  id: number;
  date: string;
  published: boolean;
  reminder: { eventId: number; channel: string; remindAt: string } | null;
};

const whiteningWeek = {
  title: 'Teeth whitening week',
  body: '<p>Whitening at a campaign price.</p>',
  date: '2027-01-18',
  published: true,
};

describe('events for patients', () => {
  test('Patients see published events from today on, soonest first, with their own reminders', async () => {
    const h = createHarness();
    const { status, json } = await h.call('listEvents', { as: 'patient' });
    expect(status).toBe(200);
    const events = json as PatientEvent[];
    const ids = events.map((e) => e.id);
    expect(ids).not.toContain(PAST_EVENT_ID);
    expect(ids).not.toContain(DRAFT_EVENT_ID);
    expect(ids[0]).toBe(TOMORROW_EVENT_ID);
    expect(events.every((e) => e.published && e.date >= '2026-11-23')).toBe(true);
    const dates = events.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
    const withReminder = events.filter((e) => e.reminder);
    expect(withReminder.map((e) => e.id)).toEqual([ORAL_HEALTH_DAY_EVENT_ID]);
    expect(withReminder[0]!.reminder).toEqual({
      eventId: ORAL_HEALTH_DAY_EVENT_ID,
      channel: 'sms',
      remindAt: '2027-03-19T09:00:00+02:00',
    });
    const other = (await h.call('listEvents', { as: 'survey' })).json as PatientEvent[];
    expect(other.every((e) => e.reminder === null)).toBe(true);
  });

  test('An event dated today is still listed, and yesterday’s is not', async () => {
    const h = createHarness();
    h.state.clock.set(new Date('2026-11-24T23:59:00+02:00'));
    let ids = ((await h.call('listEvents', { as: 'patient' })).json as PatientEvent[]).map(
      (e) => e.id,
    );
    expect(ids[0]).toBe(TOMORROW_EVENT_ID);
    h.state.clock.advance(2 * 60 * 1000);
    ids = ((await h.call('listEvents', { as: 'patient' })).json as PatientEvent[]).map((e) => e.id);
    expect(ids).not.toContain(TOMORROW_EVENT_ID);
  });

  test('The list starts from the given date', async () => {
    const h = createHarness();
    const fromPast = (await h.call('listEvents', { as: 'patient', query: { from: '2026-11-01' } }))
      .json as PatientEvent[];
    expect(fromPast[0]!.id).toBe(PAST_EVENT_ID);
    const later = (await h.call('listEvents', { as: 'patient', query: { from: '2027-03-01' } }))
      .json as PatientEvent[];
    expect(later.map((e) => e.id)).toEqual([ORAL_HEALTH_DAY_EVENT_ID]);
    const bad = await h.call('listEvents', { as: 'patient', query: { from: '2026-13-01' } });
    expect(bad.status).toBe(400);
  });

  test('A patient can open a published event, even a past one, but not an unpublished one', async () => {
    const h = createHarness();
    const one = await h.call('getEvent', { as: 'patient', path: { id: ORAL_HEALTH_DAY_EVENT_ID } });
    expect(one.json.reminder.channel).toBe('sms');
    expect((await h.call('getEvent', { as: 'patient', path: { id: PAST_EVENT_ID } })).status).toBe(
      200,
    );
    expect((await h.call('getEvent', { as: 'patient', path: { id: DRAFT_EVENT_ID } })).status).toBe(
      404,
    );
    expect((await h.call('getEvent', { as: 'patient', path: { id: 999 } })).status).toBe(404);
  });
});

describe('event reminders', () => {
  test('A reminder is sent at 09:00 Helsinki time on the day before the event', async () => {
    const h = createHarness();
    const { status, json } = await h.call('setEventReminder', {
      as: 'patient',
      path: { id: 3 },
      body: { channel: 'email' },
    });
    expect(status).toBe(200);
    expect(json).toEqual({ eventId: 3, channel: 'email', remindAt: '2026-12-04T09:00:00+02:00' });
    const event = await h.call('getEvent', { as: 'patient', path: { id: 3 } });
    expect(event.json.reminder).toEqual(json);
  });

  test('The reminder time follows summer time on the days around both changes', () => {
    const now = new Date('2026-11-23T10:00:00+02:00');
    const iso = (date: string) => remindAtFor(date, now).toISOString();
    expect(iso('2027-03-29')).toBe('2027-03-28T06:00:00.000Z'); // 09:00 EEST on the change day
    expect(iso('2027-03-28')).toBe('2027-03-27T07:00:00.000Z'); // 09:00 EET
    expect(iso('2027-11-01')).toBe('2027-10-31T07:00:00.000Z'); // 09:00 EET on the change day
    expect(iso('2027-10-31')).toBe('2027-10-30T06:00:00.000Z'); // 09:00 EEST
  });

  test('When 09:00 the day before has passed, the reminder goes out at once', async () => {
    const h = createHarness();
    const { json } = await h.call('setEventReminder', {
      as: 'patient',
      path: { id: TOMORROW_EVENT_ID },
      body: { channel: 'sms' },
    });
    expect(json.remindAt).toBe('2026-11-23T10:00:00+02:00');
    const early = createHarness();
    early.state.clock.set(new Date('2026-11-23T08:59:00+02:00'));
    const before = await early.call('setEventReminder', {
      as: 'patient',
      path: { id: TOMORROW_EVENT_ID },
      body: { channel: 'sms' },
    });
    expect(before.json.remindAt).toBe('2026-11-23T09:00:00+02:00');
  });

  test('Setting a reminder again replaces it: one reminder per patient and event', async () => {
    const h = createHarness();
    const id = ORAL_HEALTH_DAY_EVENT_ID;
    const replaced = await h.call('setEventReminder', {
      as: 'patient',
      path: { id },
      body: { channel: 'email' },
    });
    expect(replaced.json.channel).toBe('email');
    const rows = h.state.db.eventReminder
      .getAll()
      .filter((r) => r.eventId === id && r.userId === h.userId('patient'));
    expect(rows).toHaveLength(1);
    await h.call('setEventReminder', { as: 'survey', path: { id }, body: { channel: 'sms' } });
    expect(h.state.db.eventReminder.getAll().filter((r) => r.eventId === id)).toHaveLength(2);
    const mine = await h.call('getEvent', { as: 'patient', path: { id } });
    expect(mine.json.reminder.channel).toBe('email');
  });

  test('A reminder for a past event is refused with event-passed', async () => {
    const h = createHarness();
    const { status, json } = await h.call('setEventReminder', {
      as: 'patient',
      path: { id: PAST_EVENT_ID },
      body: { channel: 'sms' },
    });
    expect(status).toBe(409);
    expect(json.Code).toBe('event-passed');
  });

  test('A reminder can be set on the day of the event', async () => {
    const h = createHarness();
    h.state.clock.set(new Date('2026-11-24T07:00:00+02:00'));
    const { status, json } = await h.call('setEventReminder', {
      as: 'patient',
      path: { id: TOMORROW_EVENT_ID },
      body: { channel: 'sms' },
    });
    expect(status).toBe(200);
    expect(json.remindAt).toBe('2026-11-24T07:00:00+02:00');
  });

  test('Reminders for unpublished or unknown events answer 404', async () => {
    const h = createHarness();
    for (const id of [DRAFT_EVENT_ID, 999]) {
      const set = await h.call('setEventReminder', {
        as: 'patient',
        path: { id },
        body: { channel: 'sms' },
      });
      expect(set.status).toBe(404);
      expect((await h.call('deleteEventReminder', { as: 'patient', path: { id } })).status).toBe(
        404,
      );
    }
  });

  test('An SMS reminder needs a phone number and an email reminder an email address', async () => {
    const h = createHarness();
    h.state.db.user.update({
      where: { id: { equals: h.userId('survey') } },
      data: { phone: null, email: null },
    });
    for (const channel of ['sms', 'email']) {
      const { status, json } = await h.call('setEventReminder', {
        as: 'survey',
        path: { id: 3 },
        body: { channel },
      });
      expect(status).toBe(400);
      expect(json.Errors[0].field).toBe('channel');
    }
    expect(h.state.db.eventReminder.getAll().filter((r) => r.eventId === 3)).toHaveLength(0);
  });

  test('Removing a reminder is idempotent', async () => {
    const h = createHarness();
    const id = ORAL_HEALTH_DAY_EVENT_ID;
    expect((await h.call('deleteEventReminder', { as: 'patient', path: { id } })).status).toBe(204);
    expect((await h.call('getEvent', { as: 'patient', path: { id } })).json.reminder).toBeNull();
    expect((await h.call('deleteEventReminder', { as: 'patient', path: { id } })).status).toBe(204);
  });

  test('Removing my reminder leaves other patients’ reminders', async () => {
    const h = createHarness();
    const id = ORAL_HEALTH_DAY_EVENT_ID;
    await h.call('deleteEventReminder', { as: 'survey', path: { id } });
    expect(
      (await h.call('getEvent', { as: 'patient', path: { id } })).json.reminder,
    ).not.toBeNull();
  });
});

describe('events for staff', () => {
  test('Staff see every event, unpublished too, latest date first, paged', async () => {
    const h = createHarness();
    const { json } = await h.call('adminListEvents', { as: 'content-manager' });
    expect(json.total).toBe(h.state.db.event.count());
    const dates = json.items.map((e: { date: string }) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(json.items.some((e: { id: number }) => e.id === DRAFT_EVENT_ID)).toBe(true);
    const page = (await h.call('adminListEvents', { as: 'admin', query: { page: 2, pageSize: 4 } }))
      .json;
    expect(page.items).toEqual(json.items.slice(4, 8));
    expect(
      (await h.call('adminGetEvent', { as: 'admin', path: { id: DRAFT_EVENT_ID } })).status,
    ).toBe(200);
    expect((await h.call('adminGetEvent', { as: 'admin', path: { id: 999 } })).status).toBe(404);
  });

  test('A created event is stored with the clock’s time and shown to patients when published', async () => {
    const h = createHarness();
    const created = await h.call('createEvent', { as: 'content-manager', body: whiteningWeek });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      ...whiteningWeek,
      createdAt: '2026-11-23T10:00:00+02:00',
      updatedAt: '2026-11-23T10:00:00+02:00',
    });
    const list = (await h.call('listEvents', { as: 'patient' })).json as PatientEvent[];
    expect(list.find((e) => e.id === created.json.id)?.reminder).toBeNull();
    const hidden = await h.call('createEvent', {
      as: 'admin',
      body: { ...whiteningWeek, published: false },
    });
    expect((await h.call('getEvent', { as: 'patient', path: { id: hidden.json.id } })).status).toBe(
      404,
    );
  });

  test('Every event field is required', async () => {
    const h = createHarness();
    const { status, json } = await h.call('createEvent', { as: 'admin', body: {} });
    expect(status).toBe(400);
    expect(json.Errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'body',
      'date',
      'published',
      'title',
    ]);
    const blank = await h.call('updateEvent', {
      as: 'admin',
      path: { id: 3 },
      body: { ...whiteningWeek, title: '  ', body: '' },
    });
    expect(blank.status).toBe(400);
    expect(blank.json.Errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'body',
      'title',
    ]);
    expect(h.state.db.event.findFirst({ where: { id: { equals: 3 } } })?.title).toBe(
      'Ksylitolipäivä',
    );
  });

  test('The core asks to fill every missing or blank event field', () => {
    expect(eventProblems({ title: ' ', body: '\n', date: '2027-02-30' })).toEqual([
      { field: 'title', message: 'event.fillField' },
      { field: 'body', message: 'event.fillField' },
      { field: 'date', message: 'event.fillField' },
      { field: 'published', message: 'event.fillField' },
    ]);
    expect(eventProblems(whiteningWeek)).toEqual([]);
  });

  test('Patients’ reminders follow a changed event date', async () => {
    const h = createHarness();
    const id = ORAL_HEALTH_DAY_EVENT_ID;
    const moved = await h.call('updateEvent', {
      as: 'admin',
      path: { id },
      body: { ...whiteningWeek, date: '2027-03-29' },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.updatedAt).toBe('2026-11-23T10:00:00+02:00');
    const { json } = await h.call('getEvent', { as: 'patient', path: { id } });
    expect(json.reminder.remindAt).toBe('2027-03-28T09:00:00+03:00');
    const soon = await h.call('updateEvent', {
      as: 'admin',
      path: { id },
      body: { ...whiteningWeek, date: '2026-11-24' },
    });
    expect(soon.status).toBe(200);
    const due = await h.call('getEvent', { as: 'patient', path: { id } });
    expect(due.json.reminder.remindAt).toBe('2026-11-23T10:00:00+02:00');
  });

  test('Moving an event into the past drops its reminders', async () => {
    const h = createHarness();
    const id = ORAL_HEALTH_DAY_EVENT_ID;
    await h.call('updateEvent', {
      as: 'admin',
      path: { id },
      body: { ...whiteningWeek, date: '2026-11-01' },
    });
    expect(h.state.db.eventReminder.getAll().filter((r) => r.eventId === id)).toHaveLength(0);
  });

  test('Updating an unknown event answers 404', async () => {
    const h = createHarness();
    const { status } = await h.call('updateEvent', {
      as: 'admin',
      path: { id: 999 },
      body: whiteningWeek,
    });
    expect(status).toBe(404);
  });

  test('Deleting an event deletes the patients’ reminders for it', async () => {
    const h = createHarness();
    const id = ORAL_HEALTH_DAY_EVENT_ID;
    expect((await h.call('deleteEvent', { as: 'content-manager', path: { id } })).status).toBe(204);
    expect(h.state.db.eventReminder.getAll().filter((r) => r.eventId === id)).toHaveLength(0);
    expect((await h.call('getEvent', { as: 'patient', path: { id } })).status).toBe(404);
    expect((await h.call('deleteEvent', { as: 'admin', path: { id } })).status).toBe(404);
  });

  test('The seed has 6–10 themed days: a past one, World Oral Health Day on 20 March, one draft', async () => {
    const h = createHarness();
    const { json } = await h.call('adminListEvents', { as: 'admin' });
    expect(json.total).toBeGreaterThanOrEqual(6);
    expect(json.total).toBeLessThanOrEqual(10);
    const byId = new Map(json.items.map((e: { id: number }) => [e.id, e]));
    expect(byId.get(ORAL_HEALTH_DAY_EVENT_ID)).toMatchObject({
      title: 'Maailman suunterveyspäivä',
      date: '2027-03-20',
    });
    expect(byId.get(PAST_EVENT_ID)).toMatchObject({ date: '2026-11-03', published: true });
    expect(byId.get(DRAFT_EVENT_ID)).toMatchObject({ published: false });
  });

  test('Event HTML is sanitised when saved', async () => {
    const h = createHarness();
    const created = await h.call('createEvent', {
      as: 'content-manager',
      body: {
        ...whiteningWeek,
        body: '<p>Tervetuloa</p><svg onload="alert(1)"></svg><script>x()</script>',
      },
    });
    expect(created.status).toBe(201);
    expect(created.json.body).toBe('<p>Tervetuloa</p>');
  });
});
