import type { Schemas } from '@portal/sdk';
import { TIME_ZONE, toHelsinkiIso, toHelsinkiIsoExact } from '../clock.ts';
import { fail, ok, type Result } from '../result.ts';
import { resetState } from '../seed.ts';
import { scenarioNames, type DevState, type ScenarioName } from '../state.ts';
import { carrySessions, createSession } from '../users/sessions.ts';
import { familyTestUsers } from '../persons/seed.ts';
import { testUsers } from '../users/seed.ts';

const scenarioDescriptions: Record<ScenarioName, string> = {
  'no-free-slots':
    'Availability is empty everywhere: the booking shows its no-free-slots state with the phone number.',
  'chat-closed': 'The chat is closed whatever the time.',
  'anamnesis-disabled':
    'The health form is temporarily disabled: the patient is told to fill in a paper form.',
  'terms-pending': 'New terms of use are published: every user must accept them again.',
};

export function findDevUser(state: DevState, key: string) {
  return state.db.user.findFirst({ where: { devKey: { equals: key } } });
}

export function devSession(
  state: DevState,
  key: Schemas['DevUserKey'],
): Result<Schemas['DevSession']> {
  const user = findDevUser(state, key);
  if (!user) return fail('not-found');
  const { token, expiresIn } = createSession(state, user.id);
  return ok({ access_token: token, token_type: 'Bearer', expires_in: expiresIn, user: key });
}

export function devUsers(state: DevState): Schemas['DevUser'][] {
  return [...testUsers, ...familyTestUsers].flatMap((seedUser) => {
    const user = findDevUser(state, seedUser.key);
    if (!user) return [];
    return [
      {
        key: seedUser.key,
        description: seedUser.description,
        webRole: user.webRole as Schemas['DevUser']['webRole'],
        ssn: user.ssn,
        phoneNumber: seedUser.phone,
        bankUser: seedUser.bankUser,
      },
    ];
  });
}

/** The clock as `DevClock` gives it; the transport adds the sandbox it belongs to. */
export type DevClockReading = Omit<Schemas['DevClock'], 'sandbox'>;

export function devClock(state: DevState): DevClockReading {
  return {
    now: toHelsinkiIsoExact(state.clock.now()),
    frozen: state.clock.frozen,
    timezone: TIME_ZONE,
    revision: state.devRevision,
  };
}

/** QA changed what pages show: open pages reload their data (`DevClock.revision`). */
export function markDevChange(state: DevState): void {
  state.devRevision += 1;
}

export function setDevClock(
  state: DevState,
  input: Schemas['DevClockSetRequest'],
): DevClockReading {
  const before = state.clock.nowMs();
  state.clock.set(new Date(input.now), input.frozen ?? state.clock.frozen);
  if (!input.expireSessions) carrySessions(state, state.clock.nowMs() - before);
  state.events.emit('clock');
  return devClock(state);
}

export function advanceDevClock(
  state: DevState,
  input: Schemas['DevClockAdvanceRequest'],
): DevClockReading {
  state.clock.advance(input.seconds * 1000);
  if (!input.expireSessions) carrySessions(state, input.seconds * 1000);
  state.events.emit('clock');
  return devClock(state);
}

export function devScenarios(state: DevState): Schemas['DevScenario'][] {
  return scenarioNames.map((name) => ({
    name,
    description: scenarioDescriptions[name],
    enabled: state.settings.scenarios[name],
  }));
}

export function setDevScenario(
  state: DevState,
  name: ScenarioName,
  enabled: boolean,
): Schemas['DevScenario'] {
  state.settings.scenarios[name] = enabled;
  return { name, description: scenarioDescriptions[name], enabled };
}

/**
 * Back to the seed. `at` (RFC 3339): the seed is laid at that moment with the clock frozen there,
 * so that the same `at` always gives the same data, times and ids.
 */
export function resetDev(state: DevState, at?: string): void {
  if (at !== undefined) state.clock.set(new Date(at), true);
  resetState(state, { resetClock: at === undefined });
}

/**
 * What a restored state file brought back that QA would not expect of a fresh start (issue 34
 * item 8): a clock frozen or moved away from real time, scenarios on, maintenance on. One line
 * each, for the startup lines; none when the state is as a fresh start's.
 */
export function describeRestoredPresets(state: DevState, realNowMs = Date.now()): string[] {
  const lines: string[] = [];
  const now = toHelsinkiIso(state.clock.nowMs()).slice(0, 16).replace('T', ' ');
  if (state.clock.frozen) {
    lines.push(`Dev clock restored frozen at ${now} (Helsinki): PUT /api/dev/clock to move it`);
  } else if (Math.abs(state.clock.nowMs() - realNowMs) > 60_000) {
    lines.push(
      `Dev clock restored running at ${now} (Helsinki), not real time: PUT /api/dev/clock`,
    );
  }
  const on = scenarioNames.filter((name) => state.settings.scenarios[name]);
  if (on.length > 0) lines.push(`Scenarios restored on: ${on.join(', ')}`);
  if (state.settings.maintenance.active) lines.push('Maintenance restored on');
  return lines;
}
