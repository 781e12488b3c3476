import { describe, expect, test } from 'vitest';
import { invariantResults } from '../src/index.ts';
import { restoredNow } from '../src/flows/dev-clock.ts';
import { check, failures } from './checker.ts';
import { startAt, TEST_NOW } from './harness.ts';

// Every step that moves the dev clock sets it back exactly: a clock set back up to a second short
// hid the booking confirmation the outbox holds (issue 56: red in about 3 runs of 8).

describe('the checker leaves the dev clock as it found it', () => {
  test('a frozen clock goes back to its reading, every digit; a running one to its reading plus the time since', () => {
    const reading = '2026-11-23T10:00:00.750+02:00';
    expect(restoredNow({ now: reading, frozen: true }, 1234.2)).toBe(reading);
    // 1234.2 ms later, rounded up: never behind what it would read had nobody moved it.
    expect(restoredNow({ now: reading, frozen: false }, 1234.2)).toBe('2026-11-23T08:00:01.985Z');
    expect(restoredNow({ now: reading, frozen: false }, -5)).toBe('2026-11-23T08:00:00.750Z');
  });

  test('a clock frozen between two seconds: after the clock moves of the booking, hold and session checks it reads the same millisecond, and the confirmation stays in the outbox', async () => {
    // 750 ms past the second: a reading cut to the second sets the clock before the confirmation.
    const baseUrl = await startAt(new Date(TEST_NOW.getTime() + 750));
    const report = await check(baseUrl, {
      operations: [
        'createReservation',
        'listDevOutbox',
        'getSlotHold',
        'cancelReservation',
        'advanceDevClock',
        'setDevClock',
      ],
      maxExamples: 0,
    });
    const outcome = (id: string) => invariantResults(report).find((i) => i.id === id)?.outcome;
    // The steps that move the clock ran (the hold's 601 seconds, the 24-hour line, the idle
    // sessions' days; the write-back and the one-second advance are checks of their own)…
    for (const id of ['hold_expires', 'changes_close_24_hours_before', 'idle_token_expires'])
      expect(outcome(id), id).toBe('passed');
    // …and the confirmation, dated 750 ms past the second before the hold's step, is still seen.
    expect(outcome('confirmation_in_the_outbox')).toBe('passed');
    expect(failures(report)).toEqual([]);
    const clock = await fetch(`${baseUrl}/api/dev/clock`, {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(await clock.json()).toMatchObject({
      now: '2026-11-23T10:00:00.750+02:00',
      frozen: true,
    });
  }, 120_000);
});
