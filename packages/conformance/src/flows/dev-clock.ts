import { isContractNotFound } from '../conformity.ts';
import { expectStatus, jsonObject } from '../expect.ts';
import type { HttpAnswer } from '../http.ts';
import { describe, fail, skip, type Runner } from '../runner.ts';
import { hasAll, stringField } from './flow.ts';

/** The server's "now": the dev clock when there is one, otherwise this machine's clock. */
export function serverNow(runner: Runner): Promise<Date> {
  return runner.once('server-now', async () => {
    if (runner.has('getDevClock')) {
      const answer = await runner.request(runner.op('getDevClock'), {});
      const now = stringField(answer.json, 'now');
      if (answer.status === 200 && now && !Number.isNaN(Date.parse(now))) return new Date(now);
    }
    return new Date();
  });
}

/** A reading of the dev clock (`DevClock`): its `now` as the server wrote it, and whether it stands. */
export interface DevClockReading {
  now: string;
  frozen: boolean;
}

/**
 * What a reading sets the clock back to, `sinceReadMs` after it was read: a frozen clock to the
 * reading exactly, every digit the server wrote (a reading cut to the whole second once set the
 * clock up to a second behind the booking confirmation it had just dated, and the outbox, which
 * hides what is dated after its clock, hid it: red in about 3 runs of 8); a running clock to the
 * reading plus the time since, to the millisecond and rounded up, so that it reads what it would
 * have read had nobody moved it (the reading alone would set it back by the check's own length,
 * hiding what was dated in between, and leave it that much behind real time for every run).
 */
export function restoredNow(reading: DevClockReading, sinceReadMs: number): string {
  if (reading.frozen) return reading.now;
  return new Date(Date.parse(reading.now) + Math.ceil(Math.max(0, sinceReadMs))).toISOString();
}

/** Reads the dev clock's answer as a reading, or fails the check with what came instead. */
function readingOf(answer: HttpAnswer): DevClockReading {
  const body = jsonObject(answer);
  if (typeof body.now !== 'string' || Number.isNaN(Date.parse(body.now)))
    fail(`the dev clock reads ${String(body.now)}, not a date-time`);
  return { now: body.now, frozen: body.frozen === true };
}

/** The dev clock inside `withDevClock`: moves made by the check, undone afterwards. */
export interface DevClock {
  /** The server's time when the check began. */
  readonly startedAt: Date;
  /** Sets the clock to an instant and freezes it there; sessions are carried along. */
  set(now: Date, label: string): Promise<void>;
  /** Moves the clock forward; sessions are carried along unless `expireSessions`. Its answer. */
  advance(seconds: number, label: string, expireSessions?: boolean): Promise<HttpAnswer>;
}

/**
 * Runs a check's work on the dev clock, which is set back to its reading (and its frozen or
 * running state) afterwards, whatever happened (`restoredNow`: exactly, not to the second). A
 * clock that could not be set back fails the check: left moved, it would fail later checks that
 * are not at fault. On a server without the dev clock the check is skipped with the reason: a
 * business rule over time needs it.
 */
export async function withDevClock<T>(
  runner: Runner,
  purpose: string,
  work: (clock: DevClock) => Promise<T>,
): Promise<T> {
  if (!hasAll(runner, ['getDevClock', 'setDevClock', 'advanceDevClock']))
    skip('needs the dev clock (getDevClock, setDevClock, advanceDevClock), not in the contract');
  const before = await runner.call('getDevClock', `${purpose}: the dev clock before`, {});
  const readAt = performance.now();
  if (isContractNotFound(runner, runner.op('getDevClock'), before))
    skip('needs the dev clock; the server answers 404 to dev controls: dev mode is off');
  expectStatus(runner.op('getDevClock'), before, [200]);
  const reading = readingOf(before);
  const clock: DevClock = {
    startedAt: new Date(reading.now),
    async set(now, label) {
      const answer = await runner.call('setDevClock', `${purpose}: ${label}`, {
        json: { now: now.toISOString(), frozen: true },
      });
      expectStatus(runner.op('setDevClock'), answer, [200]);
    },
    async advance(seconds, label, expireSessions = false) {
      const answer = await runner.call('advanceDevClock', `${purpose}: ${label}`, {
        json: expireSessions ? { seconds, expireSessions } : { seconds },
      });
      expectStatus(runner.op('advanceDevClock'), answer, [200]);
      return answer;
    },
  };
  const setBack = () =>
    runner.call('setDevClock', `${purpose}: the clock back to its reading`, {
      json: { now: restoredNow(reading, performance.now() - readAt), frozen: reading.frozen },
    });
  let value: T;
  try {
    value = await work(clock);
  } catch (error) {
    // The check's own failure is the one to report; the clock is set back all the same.
    await setBack();
    throw error;
  }
  const back = await setBack();
  if (back.status !== 200)
    fail(`could not set the dev clock back to its reading: ${describe(back)}`);
  return value;
}
