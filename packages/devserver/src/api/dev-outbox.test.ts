import { describe, expect, test } from 'vitest';
import { createHarness, MAIJA } from '../../test/harness.ts';

/** Books the day's first time at Kamppi for the patient (2026-11-26, three days ahead). */
async function book(h: ReturnType<typeof createHarness>): Promise<void> {
  const slots = await h.call('getDaySlots', {
    query: { branchIds: '2', reasonId: 1, customerType: 'private', date: '2026-11-26' },
  });
  const booked = await h.call('createReservation', {
    as: 'patient',
    body: {
      slotKey: slots.json.slots[0].key,
      customerType: 'private',
      voucherIdentifier: null,
      campaignCode: null,
      descriptionForStaff: null,
      allowDuplicate: true,
      customer: MAIJA,
    },
  });
  expect(booked.status).toBe(201);
}

describe('the outbox for tests', () => {
  test('filtered by kind and time, emptied, and waited on', async () => {
    const h = createHarness();
    await book(h);
    const kinds = async (query: Record<string, string>) =>
      (await h.call('listDevOutbox', { query })).json.map((m: { kind: string }) => m.kind);
    expect(await kinds({ kind: 'booking-confirmation' })).toEqual([
      'booking-confirmation',
      'booking-confirmation',
    ]);
    expect(await kinds({ kind: 'reminder' })).toEqual([]);
    expect(await kinds({ since: '2026-11-23T10:00:01+02:00' })).toEqual([]);

    const waited = await h.call('waitForDevOutboxMessage', {
      query: { kind: 'booking-confirmation', timeoutSeconds: 0 },
    });
    expect(waited.json.message).toMatchObject({ kind: 'booking-confirmation' });
    // The reminder is due 48 hours before the visit: nothing yet, and the wait says so.
    const none = await h.call('waitForDevOutboxMessage', {
      query: { kind: 'reminder', timeoutSeconds: 0 },
    });
    expect(none.json.message).toBeNull();

    expect((await h.call('clearDevOutbox')).status).toBe(204);
    expect(await kinds({})).toEqual([]);
    // A message not yet due stays: the reminder comes when the clock passes its time.
    h.state.clock.advance(3 * 86_400_000);
    expect(await kinds({ kind: 'reminder' })).toContain('reminder');
  });

  test('a wait ends when the message comes', async () => {
    const h = createHarness();
    await book(h);
    const waiting = h.call('waitForDevOutboxMessage', {
      query: { kind: 'reminder', timeoutSeconds: 30 },
    });
    // The dev clock passes the reminder's time while the wait lasts.
    setTimeout(() => h.state.clock.advance(3 * 86_400_000), 50);
    expect((await waiting).json.message).toMatchObject({ kind: 'reminder' });
  });
});
