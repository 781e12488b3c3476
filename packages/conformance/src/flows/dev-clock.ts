import { isContractNotFound } from '../conformity.ts';
import { expectStatus, jsonObject } from '../expect.ts';
import { fail, skip, type Runner } from '../runner.ts';
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

/** The dev clock inside `withDevClock`: moves made by the check, undone afterwards. */
export interface DevClock {
  /** The server's time when the check began. */
  readonly startedAt: Date;
  /** Sets the clock to an instant and freezes it there; sessions are carried along. */
  set(now: Date, label: string): Promise<void>;
  /** Moves the clock forward; sessions are carried along unless `expireSessions`. */
  advance(seconds: number, label: string, expireSessions?: boolean): Promise<void>;
}

/**
 * Runs a check's work on the dev clock, which is set back to its reading (and its frozen or
 * running state) afterwards, whatever happened. On a server without the dev clock the check is
 * skipped with the reason: a business rule over time needs it.
 */
export async function withDevClock<T>(
  runner: Runner,
  purpose: string,
  work: (clock: DevClock) => Promise<T>,
): Promise<T> {
  if (!hasAll(runner, ['getDevClock', 'setDevClock', 'advanceDevClock']))
    skip('needs the dev clock (getDevClock, setDevClock, advanceDevClock), not in the contract');
  const before = await runner.call('getDevClock', `${purpose}: the dev clock before`, {});
  if (isContractNotFound(runner, runner.op('getDevClock'), before))
    skip('needs the dev clock; the server answers 404 to dev controls: dev mode is off');
  expectStatus(runner.op('getDevClock'), before, [200]);
  const reading = jsonObject(before);
  const startedAt = new Date(String(reading.now));
  if (Number.isNaN(startedAt.getTime()))
    fail(`the dev clock reads ${String(reading.now)}, not a date-time`);
  const clock: DevClock = {
    startedAt,
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
    },
  };
  try {
    return await work(clock);
  } finally {
    await runner.call('setDevClock', `${purpose}: the clock back to its reading`, {
      json: { now: reading.now, frozen: reading.frozen },
    });
  }
}
