import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import { nextChatOpening, withinChatHours } from './hours.ts';

const at = (iso: string): number => Date.parse(iso);

describe('chat opening hours', () => {
  test('The chat opens at 8:00 and closes at 16:00 on weekdays, 16:00 itself being closed', () => {
    expect(withinChatHours(at('2026-11-23T07:59:59+02:00'))).toBe(false);
    expect(withinChatHours(at('2026-11-23T08:00:00+02:00'))).toBe(true);
    expect(withinChatHours(at('2026-11-23T15:59:59+02:00'))).toBe(true);
    expect(withinChatHours(at('2026-11-23T16:00:00+02:00'))).toBe(false);
  });

  test('The chat is closed all Saturday and Sunday', () => {
    expect(withinChatHours(at('2026-11-28T10:00:00+02:00'))).toBe(false);
    expect(withinChatHours(at('2026-11-29T12:00:00+02:00'))).toBe(false);
    expect(withinChatHours(at('2026-11-27T12:00:00+02:00'))).toBe(true);
  });

  test('Hours are Helsinki wall-clock time in summer as well', () => {
    expect(withinChatHours(at('2026-06-15T08:00:00+03:00'))).toBe(true);
    expect(withinChatHours(at('2026-06-15T07:30:00+03:00'))).toBe(false);
    expect(withinChatHours(at('2026-06-15T15:59:00+03:00'))).toBe(true);
    expect(withinChatHours(at('2026-06-15T16:00:00+03:00'))).toBe(false);
  });

  test('The next opening is today before 8, the next weekday after 16, Monday over a weekend', () => {
    const iso = (ms: number): string => new Date(ms).toISOString();
    expect(iso(nextChatOpening(at('2026-11-23T07:59:00+02:00')))).toBe(
      new Date('2026-11-23T08:00:00+02:00').toISOString(),
    );
    expect(iso(nextChatOpening(at('2026-11-23T16:00:00+02:00')))).toBe(
      new Date('2026-11-24T08:00:00+02:00').toISOString(),
    );
    expect(iso(nextChatOpening(at('2026-11-27T16:30:00+02:00')))).toBe(
      new Date('2026-11-30T08:00:00+02:00').toISOString(),
    );
    expect(iso(nextChatOpening(at('2026-11-29T23:59:00+02:00')))).toBe(
      new Date('2026-11-30T08:00:00+02:00').toISOString(),
    );
  });

  test('A weekend with a clock change opens on Monday in the new offset', () => {
    // Summer time starts on Sunday 29 March 2026; winter time on Sunday 25 October 2026.
    expect(new Date(nextChatOpening(at('2026-03-28T12:00:00+02:00'))).toISOString()).toBe(
      new Date('2026-03-30T08:00:00+03:00').toISOString(),
    );
    expect(new Date(nextChatOpening(at('2026-10-23T16:00:00+03:00'))).toISOString()).toBe(
      new Date('2026-10-26T08:00:00+02:00').toISOString(),
    );
  });
});

describe('getChatStatus', () => {
  test('Inside the hours the status is open with today’s closing time', async () => {
    const h = createHarness();
    const { status, json } = await h.call('getChatStatus', { as: 'patient' });
    expect(status).toBe(200);
    expect(json).toEqual({
      open: true,
      opensAt: null,
      closesAt: '2026-11-23T16:00:00+02:00',
      hours: {
        timezone: 'Europe/Helsinki',
        weekdays: [1, 2, 3, 4, 5],
        opens: '08:00',
        closes: '16:00',
      },
      free: true,
    });
  });

  test('At 7:59 the chat is closed and opens at 8:00 the same day', async () => {
    const h = createHarness({ now: new Date('2026-11-23T07:59:00+02:00') });
    const { json } = await h.call('getChatStatus', { as: 'patient' });
    expect(json).toMatchObject({
      open: false,
      opensAt: '2026-11-23T08:00:00+02:00',
      closesAt: null,
    });
  });

  test('At 8:00 and at 15:59 the chat is open; at 16:00 it is closed until the next morning', async () => {
    const h = createHarness({ now: new Date('2026-11-23T08:00:00+02:00') });
    expect((await h.call('getChatStatus', { as: 'patient' })).json.open).toBe(true);
    h.state.clock.set(new Date('2026-11-23T15:59:00+02:00'));
    expect((await h.call('getChatStatus', { as: 'patient' })).json.open).toBe(true);
    h.state.clock.set(new Date('2026-11-23T16:00:00+02:00'));
    expect((await h.call('getChatStatus', { as: 'patient' })).json).toMatchObject({
      open: false,
      opensAt: '2026-11-24T08:00:00+02:00',
      closesAt: null,
    });
  });

  test('On Saturday the chat is closed and opens on Monday morning', async () => {
    const h = createHarness({ now: new Date('2026-11-28T11:00:00+02:00') });
    const { json } = await h.call('getChatStatus', { as: 'patient' });
    expect(json).toMatchObject({ open: false, opensAt: '2026-11-30T08:00:00+02:00' });
  });

  test('The chat-closed scenario closes the chat inside the hours until the next opening', async () => {
    const h = createHarness();
    h.state.settings.scenarios['chat-closed'] = true;
    const { json } = await h.call('getChatStatus', { as: 'patient' });
    expect(json).toMatchObject({
      open: false,
      opensAt: '2026-11-24T08:00:00+02:00',
      closesAt: null,
    });
  });

  test('The status is for signed-in users only', async () => {
    const h = createHarness();
    expect((await h.call('getChatStatus')).status).toBe(401);
  });
});
