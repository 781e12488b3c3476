import { icsProperty } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { contractTools, createHarness, type Harness } from '../../../test/harness.ts';
import { storeReservation } from './reservations.ts';
import { SEEDED_RESERVATION_IDS as SEEDED } from './seed.ts';
import { book, firstSlot, slotsFrom } from './test-helpers.ts';

const SECOND = 1_000;
const HOUR = 3_600_000;

/** The calendar file of a reservation, with the media type checked against the contract. */
async function calendar(
  h: Harness,
  id: number,
  options: { as?: 'patient' | 'survey'; language?: string } = {},
) {
  const response = await h.call('getReservationCalendar', {
    as: options.as ?? 'patient',
    path: { id },
    headers: { 'accept-language': options.language ?? 'en' },
    // The harness compares only the base media type; the full one is checked here.
    unchecked: true,
  });
  if (response.status === 200) {
    const documented = contractTools()
      .index.byId.get('getReservationCalendar')!
      .responses.find((r) => r.status === '200')!;
    expect(documented.content.map((m) => m.contentType)).toEqual([response.contentType]);
  }
  return { ...response, text: typeof response.body === 'string' ? response.body : '' };
}

/** A property's value, read as the conformance checker reads it (RFC 5545 §3.1). */
const property = icsProperty;

/** The unescaped text of a TEXT property (RFC 5545 §3.3.11). */
const unescaped = (value: string | undefined): string =>
  (value ?? '').replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1');

function storeAt(h: Harness, start: string) {
  return storeReservation(h.state, {
    userId: h.userId('patient'),
    status: 'confirmed',
    branchId: 1,
    employeeId: 1,
    reasonId: 1,
    start: new Date(start),
  });
}

describe('a reservation as an iCalendar file', () => {
  test('One RFC 5545 event: CRLF lines, a stable UID, the start and end as UTC instants', async () => {
    const h = createHarness();
    const booked = await book(h, await firstSlot(h, { date: '2026-12-02' }));
    const file = await calendar(h, booked.id);
    expect(file.status).toBe(200);
    expect(file.headers['Content-Disposition']).toBe(
      `attachment; filename="reservation-${booked.id}.ics"`,
    );
    expect(file.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(file.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(file.text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75));
    expect(file.text.match(/^BEGIN:VEVENT$/gm)).toHaveLength(1);
    expect(property(file.text, 'METHOD')).toBe('PUBLISH');
    expect(property(file.text, 'UID')).toBe(`reservation-${booked.id}@dental-portal`);
    const utc = (iso: string) => new Date(iso).toISOString().replace(/[-:]|\.\d{3}/g, '');
    expect(property(file.text, 'DTSTART')).toBe(utc(booked.startTime));
    expect(property(file.text, 'DTEND')).toBe(utc(booked.endTime));
    expect(property(file.text, 'STATUS')).toBe('CONFIRMED');
    expect(property(file.text, 'SEQUENCE')).toBe('0');
  });

  test('09:00 in Helsinki is 06:00Z before the October change and 07:00Z after it', async () => {
    const h = createHarness();
    h.state.clock.set(new Date('2026-10-01T12:00:00+03:00'));
    // Summer time (UTC+3) ends on Sunday 25 October 2026 at 04:00.
    const before = storeAt(h, '2026-10-23T09:00:00+03:00');
    const after = storeAt(h, '2026-10-26T09:00:00+02:00');
    const summer = await calendar(h, before.id);
    const winter = await calendar(h, after.id);
    expect(property(summer.text, 'DTSTART')).toBe('20261023T060000Z');
    expect(property(winter.text, 'DTSTART')).toBe('20261026T070000Z');
    // Read back in Helsinki, both are at nine.
    const helsinki = (value: string | undefined) =>
      new Date(
        (value ?? '').replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/, '$1-$2-$3T$4:$5:$6Z'),
      ).toLocaleTimeString('fi-FI', { timeZone: 'Europe/Helsinki', hour: '2-digit' });
    expect(helsinki(property(summer.text, 'DTSTART'))).toBe(
      helsinki(property(winter.text, 'DTSTART')),
    );
    expect(helsinki(property(winter.text, 'DTSTART'))).toBe('09');
    // The free-cancel time in the text is in Helsinki time too (a day before, summer time).
    expect(unescaped(property(summer.text, 'DESCRIPTION'))).toContain('until 22.10.2026 at 09:00');
    expect(unescaped(property(winter.text, 'DESCRIPTION'))).toContain('until 25.10.2026 at 09:00');
  });

  test('A moved reservation keeps its UID with a higher SEQUENCE; a cancelled one is CANCELLED', async () => {
    const h = createHarness();
    const slots = await slotsFrom(h, { date: '2026-12-02' });
    const first = slots[0]!;
    const second = slots.find((slot) => slot.startTime !== first.startTime)!;
    const booked = await book(h, first);
    const original = await calendar(h, booked.id);
    h.state.clock.set(new Date(h.state.clock.nowMs() + 90 * SECOND));
    const moved = await h.call('moveReservation', {
      as: 'patient',
      path: { id: booked.id },
      body: { slotKey: second.key },
    });
    expect(moved.status).toBe(200);
    const afterMove = await calendar(h, booked.id);
    expect(property(afterMove.text, 'UID')).toBe(property(original.text, 'UID'));
    expect(property(afterMove.text, 'DTSTART')).not.toBe(property(original.text, 'DTSTART'));
    expect(Number(property(afterMove.text, 'SEQUENCE'))).toBeGreaterThan(
      Number(property(original.text, 'SEQUENCE')),
    );

    h.state.clock.set(new Date(h.state.clock.nowMs() + HOUR));
    await h.call('cancelReservation', { as: 'patient', path: { id: booked.id } });
    const afterCancel = await calendar(h, booked.id);
    expect(property(afterCancel.text, 'UID')).toBe(property(original.text, 'UID'));
    expect(property(afterCancel.text, 'STATUS')).toBe('CANCELLED');
    expect(Number(property(afterCancel.text, 'SEQUENCE'))).toBeGreaterThan(
      Number(property(afterMove.text, 'SEQUENCE')),
    );
    expect(unescaped(property(afterCancel.text, 'DESCRIPTION'))).toContain(
      'This appointment has been cancelled.',
    );
    expect(await calendar(h, SEEDED.tentative).then((f) => property(f.text, 'STATUS'))).toBe(
      'TENTATIVE',
    );
  });

  test("The texts are in the request's language, with the branch's address and no national id or reason", async () => {
    const h = createHarness();
    const booked = await book(h, await firstSlot(h, { date: '2026-12-02' }));
    const finnish = await calendar(h, booked.id, { language: 'fi' });
    const swedish = await calendar(h, booked.id, { language: 'sv' });
    const { branch, employee, customer, reason } = booked;
    expect(unescaped(property(finnish.text, 'SUMMARY'))).toBe(`Hammaslääkäriaika – ${branch.name}`);
    expect(unescaped(property(swedish.text, 'SUMMARY'))).toBe(`Tandläkartid – ${branch.name}`);
    expect(unescaped(property(finnish.text, 'LOCATION'))).toBe(
      `${branch.name}, ${branch.street}, ${branch.postalCode} ${branch.city}`,
    );
    const description = unescaped(property(finnish.text, 'DESCRIPTION'));
    expect(description).toContain(`Vastaanotolla: ${employee!.name}`);
    expect(description).toContain(`Klinikan puhelin: ${branch.phone}`);
    expect(description).toMatch(
      /Voit siirtää tai perua ajan maksutta verkossa .* klo \d\d:\d\d asti\./,
    );
    expect(property(finnish.text, 'URL')).toBe('http://127.0.0.1:3000/fi/reservations');
    for (const file of [finnish, swedish]) {
      const unfolded = unescaped(file.text.replace(/\r\n[ \t]/g, ''));
      expect(unfolded).not.toContain(customer.ssn ?? '150385-914H');
      expect(unfolded).not.toContain(reason.name);
      expect(unfolded).not.toContain(customer.lastName);
    }
  });

  test("Someone else's reservation is 404, as a missing one; a visitor gets 401", async () => {
    const h = createHarness();
    const booked = await book(h, await firstSlot(h, { date: '2026-12-02' }));
    expect((await calendar(h, booked.id, { as: 'survey' })).json.Code).toBe('not-found');
    expect((await calendar(h, 999_999)).json.Code).toBe('not-found');
    const visitor = await h.call('getReservationCalendar', { path: { id: booked.id } });
    expect(visitor.status).toBe(401);
  });
});
