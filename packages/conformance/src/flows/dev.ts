import type { OperationId, OperationSpec } from '@portal/sdk/contract';
import type { CheckId } from '../check-ids.ts';
import { isContractNotFound } from '../conformity.ts';
import { MISSING_ID, validCall } from '../discovery.ts';
import { expectErrorCode, expectStatus, jsonObject, listItems } from '../expect.ts';
import type { HttpAnswer } from '../http.ts';
import { isObject } from '../json.ts';
import { describe, fail, skip, type CheckOptions, type Runner } from '../runner.ts';
import { restoredNow, withDevClock } from './dev-clock.ts';
import { hasAll } from './flow.ts';

function devOff(runner: Runner, id: OperationId, answer: HttpAnswer): void {
  if (isContractNotFound(runner, runner.op(id), answer))
    skip('the server answers 404 to dev controls: dev mode is off');
}

function wanted(runner: Runner, ...ids: OperationId[]): boolean {
  const last = ids[ids.length - 1];
  return last !== undefined && hasAll(runner, ids) && runner.isSelected(last);
}

/**
 * Reads a dev control and writes the same value back, so that QA's settings stay as they were;
 * `toBody` gets the milliseconds since the read too (a running clock has moved on meanwhile).
 */
async function writeBack(
  runner: Runner,
  read: OperationId,
  write: OperationId,
  name: string,
  toBody: (value: Record<string, unknown>, sinceReadMs: number) => unknown,
): Promise<void> {
  if (!wanted(runner, read, write)) return;
  await runner.check(write, name, { id: 'dev_control_round_trip', destructive: true }, async () => {
    const before = await runner.call(read, 'dev: read the current value', {});
    const readAt = performance.now();
    devOff(runner, read, before);
    expectStatus(runner.op(read), before, [200]);
    const answer = await runner.call(write, 'dev: write the same value back', {
      json: toBody(jsonObject(before), performance.now() - readAt),
    });
    expectStatus(runner.op(write), answer, [200]);
  });
}

/** The dev controls (write-backs), the maintenance break, and the reset when asked for. */
export async function devFlows(runner: Runner): Promise<void> {
  await writeBack(
    runner,
    'getDevClock',
    'setDevClock',
    'sets the clock to the time it read (200)',
    // Exactly the time read (a running clock: plus the time since), never a second behind it.
    (clock, sinceReadMs) => ({
      now: restoredNow({ now: String(clock.now), frozen: clock.frozen === true }, sinceReadMs),
      frozen: clock.frozen,
    }),
  );
  await writeBack(
    runner,
    'getDevMaintenance',
    'setDevMaintenance',
    'sets the maintenance state it read (200)',
    (state) => ({ active: state.active, startsAt: state.startsAt ?? null }),
  );

  if (wanted(runner, 'getDevClock', 'advanceDevClock')) {
    await runner.check(
      'advanceDevClock',
      'moves the clock forward by the seconds asked (200)',
      { id: 'dev_clock_advances', destructive: true },
      // The second is taken back afterwards: a clock left ahead would date what later checks send
      // a second off, and one set back to a truncated reading would hide what they dated.
      () =>
        withDevClock(runner, 'dev', async (clock) => {
          const answer = await clock.advance(1, 'advance one second');
          const from = clock.startedAt.getTime();
          const to = Date.parse(String(jsonObject(answer).now));
          if (!(to - from >= 1000))
            fail(
              `the clock went from ${clock.startedAt.toISOString()} to ${String(jsonObject(answer).now)}`,
            );
        }),
    );
  }

  if (wanted(runner, 'listDevScenarios', 'setDevScenario')) {
    await runner.check(
      'setDevScenario',
      'sets a scenario to the state it read (200)',
      { id: 'dev_control_round_trip', destructive: true },
      async () => {
        const list = await runner.call('listDevScenarios', 'dev: scenarios', {});
        devOff(runner, 'listDevScenarios', list);
        expectStatus(runner.op('listDevScenarios'), list, [200]);
        const scenario = listItems(list.json).find(isObject);
        if (!scenario) skip('no scenario listed');
        const answer = await runner.call('setDevScenario', 'dev: write the same state back', {
          path: { name: scenario.name },
          json: { enabled: scenario.enabled },
        });
        expectStatus(runner.op('setDevScenario'), answer, [200]);
      },
    );
  }

  await idleSessions(runner);
  await maintenanceBreak(runner);

  if (runner.has('resetDevState') && runner.isSelected('resetDevState')) {
    if (!runner.options.reset) {
      runner.skipped(
        'resetDevState',
        'resets the dev server (204)',
        'not run: it wipes every change on the server; pass --reset to include it',
        { id: 'dev_reset', destructive: true },
      );
    } else {
      await runner.check(
        'resetDevState',
        'resets the dev server (204)',
        { id: 'dev_reset', destructive: true },
        async () => {
          const answer = await runner.call('resetDevState', 'dev: reset', {});
          devOff(runner, 'resetDevState', answer);
          expectStatus(runner.op('resetDevState'), answer, [204]);
        },
      );
    }
  }
}

/**
 * Switches maintenance on through the dev control: every operation marked x-blocked-in-maintenance
 * answers 503 maintenance with MaintenanceStartsAt, the others keep working; then restores it.
 */
async function maintenanceBreak(runner: Runner): Promise<void> {
  if (!hasAll(runner, ['getDevMaintenance', 'setDevMaintenance'])) return;
  const blocked = runner.selected().filter((s) => s.blockedInMaintenance);
  const open = runner
    .selected()
    .filter(
      (s) =>
        !s.blockedInMaintenance &&
        s.method === 'GET' &&
        s.isPublic &&
        !s.path.includes('{') &&
        !s.tags.includes('dev'),
    );
  if (blocked.length === 0 && open.length === 0) return;
  const ids: CheckId[] = [
    'maintenance_blocks',
    'maintenance_blocks_bookings',
    'maintenance_keeps_reads_open',
  ];
  if (!ids.some((id) => runner.wants(id))) return;
  const name503 = 'answers 503 maintenance during a maintenance break';
  // A booking's 503 is the invariant maintenance_blocks_bookings (a business rule).
  const checkOptions = (spec: OperationSpec): CheckOptions => ({
    id: 'maintenance_blocks',
    destructive: true,
    category: 'dev',
    ...(spec.operationId === 'createReservation'
      ? { invariant: 'maintenance_blocks_bookings' }
      : {}),
  });
  const nameOpen = 'keeps answering during a maintenance break';

  const before = await runner.request(runner.op('getDevMaintenance'), {});
  const devOn = before.status === 200 && isObject(before.json);
  const skipAll = (reason: string): void => {
    for (const spec of blocked)
      runner.skipped(spec.operationId, name503, reason, checkOptions(spec));
  };
  if (runner.timeUp()) return skipAll(runner.timeUpReason());
  if (!devOn) return skipAll('needs the dev maintenance control (dev mode is off)');
  if (before.json && isObject(before.json) && before.json.active === true)
    return skipAll('maintenance is already on; nothing to compare with');
  if (!runner.destructive)
    return skipAll(
      'switches maintenance on for a moment; skipped in a read-only run (--no-destructive)',
    );

  const switched = await runner.request(runner.op('setDevMaintenance'), { json: { active: true } });
  if (switched.status !== 200)
    return skipAll(`could not switch maintenance on: ${describe(switched)}`);
  try {
    for (const spec of blocked) {
      // Without a token of a role that may call it, a correct server answers 401 before it looks
      // at maintenance: nothing to check, and the report says why.
      if (!spec.isPublic && runner.callerFor(spec) === null) {
        runner.skipped(
          spec.operationId,
          name503,
          `needs a token of a role that may call it (${spec.roles.join(', ')}); none was given`,
          checkOptions(spec),
        );
        continue;
      }
      await runner.check(spec.operationId, name503, checkOptions(spec), async () => {
        const answer = await runner.call(
          spec.operationId,
          'during a maintenance break',
          await maintenanceCall(runner, spec),
        );
        expectStatus(spec, answer, [503]);
        expectErrorCode(answer, ['maintenance']);
        if (!isObject(answer.json) || typeof answer.json.MaintenanceStartsAt !== 'string')
          fail(`no MaintenanceStartsAt in ${describe(answer)}`);
      });
    }
    for (const spec of open.slice(0, 3)) {
      await runner.check(
        spec.operationId,
        nameOpen,
        { id: 'maintenance_keeps_reads_open', destructive: true, category: 'dev' },
        async () => {
          const answer = await runner.call(
            spec.operationId,
            'during a maintenance break',
            await maintenanceCall(runner, spec),
          );
          expectStatus(spec, answer, ['2xx']);
        },
      );
    }
  } finally {
    const state = isObject(before.json) ? before.json : {};
    await runner.request(runner.op('setDevMaintenance'), {
      json: { active: false, startsAt: state.active === false ? (state.startsAt ?? null) : null },
    });
  }
}

/** A valid request as an allowed user, writes aimed at ids that do not exist. */
async function maintenanceCall(
  runner: Runner,
  spec: OperationSpec,
): Promise<Parameters<Runner['call']>[2]> {
  const { call } = await validCall(runner, spec, spec.isPublic ? null : runner.callerFor(spec));
  const path =
    spec.method === 'GET'
      ? call.path
      : Object.fromEntries(Object.keys(call.path ?? {}).map((name) => [name, MISSING_ID]));
  return { ...call, path };
}

/**
 * The server's idle expiry (issue 33): through the dev clock, a token unused for 31 minutes
 * answers 401 while one used 2 minutes ago still answers 200, and a plain 2-day move of the clock
 * (without `expireSessions`) logs nobody out. The run's own tokens are used before the last move,
 * so they stay signed in; the clock is set back to its reading afterwards.
 */
async function idleSessions(runner: Runner): Promise<void> {
  if (!wanted(runner, 'getDevClock', 'setDevClock', 'createDevSession', 'getMe', 'advanceDevClock'))
    return;
  await runner.check(
    'advanceDevClock',
    'a token unused for 31 minutes answers 401, one used 2 minutes ago 200; a plain 2-day move keeps both',
    { id: 'dev_clock_advances', destructive: true, invariant: 'idle_token_expires' },
    () =>
      withDevClock(runner, 'dev', async (clock) => {
        const session = async (label: string): Promise<string> => {
          const answer = await runner.call('createDevSession', label, {
            json: { user: 'patient' },
          });
          expectStatus(runner.op('createDevSession'), answer, [200]);
          return String(jsonObject(answer).access_token);
        };
        const me = (token: string, label: string) =>
          runner.call('getMe', label, { token }).then((answer) => answer.status);
        const idle = await session('dev: a session left idle');
        const busy = await session('dev: a session kept in use');
        try {
          await clock.advance(2 * 86_400, 'two days on, sessions carried');
          if ((await me(idle, 'a session after a plain 2-day move')) !== 200)
            fail('a plain 2-day move of the clock logged a session out: carry sessions along');
          await clock.advance(29 * 60, '29 minutes pass for sessions too', true);
          await me(busy, 'the busy session is used');
          for (const user of runner.signedIn()) {
            const token = runner.token(user);
            if (token) await me(token, `the run's ${user} session is used`);
          }
          await clock.advance(2 * 60, '2 more minutes pass for sessions too', true);
          const idleStatus = await me(idle, 'the session unused for 31 minutes');
          if (idleStatus !== 401)
            fail(`a token unused for 31 minutes answered ${idleStatus}, expected 401`);
          const busyStatus = await me(busy, 'the session used 2 minutes ago');
          if (busyStatus !== 200)
            fail(`a token used 2 minutes ago answered ${busyStatus}, expected 200`);
        } finally {
          if (runner.has('logout'))
            await runner.call('logout', 'dev: log the busy session out', { token: busy });
        }
      }),
  );
}
