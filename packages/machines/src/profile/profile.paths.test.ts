import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { pendingActor } from '../testing/deferred-actor.ts';
import { badRequest, serverError } from '../testing/fixtures.ts';
import type { PathCoverage } from '../testing/path-coverage.ts';
import {
  actorEvents,
  allStateNodes,
  allTransitions,
  describeTransition,
  explorePaths,
  timerEvents,
} from '../testing/path-coverage.ts';
import type { ProfileEvent, ProfileMode } from './profile.machine.ts';
import { REDIRECT_COUNTDOWN_SECONDS, profileMachine } from './profile.machine.ts';
import type { CurrentLocation } from './redirect-target.ts';

const machine = profileMachine.provide({
  actors: {
    saveProfile: pendingActor(),
    acceptNewMarketingTerms: pendingActor(),
    refreshUser: pendingActor(),
    getLocation: pendingActor<CurrentLocation>(),
    deleteAccount: pendingActor(),
    logout: pendingActor(),
  },
  actions: { navigate: () => undefined, clearToken: () => undefined, logError: () => undefined },
});

type Snapshot = SnapshotFrom<typeof machine>;

const profile = {
  email: 'maija@example.fi',
  phone: '+358401234567',
  smsMarketingEnabled: false,
  emailMarketingEnabled: true,
  privacyPolicyAccepted: true,
  termsAccepted: true,
  branchId: 3,
  employeeId: null,
  orthodontics: false,
  membraneOrthodontics: false,
  implantCare: false,
  dentalHygienistServices: true,
  estheticDentalCare: false,
  dentalWhitening: true,
  genericDentalHealth: true,
};

const userEvents: ProfileEvent[] = [
  { type: 'profile.save', profile },
  { type: 'profile.save', profile: { ...profile, termsAccepted: false } },
  { type: 'profile.skip' },
  { type: 'profile.skip', profile },
  { type: 'profile.skip', profile: { ...profile, termsAccepted: false } },
  { type: 'profile.close' },
  { type: 'profile.delete' },
  { type: 'profile.confirmDelete' },
  { type: 'profile.cancelDelete' },
];

const fieldError = badRequest({
  UserMessage: 'Check',
  Code: 'validation-failed',
  Errors: [{ field: 'phone', errorMessage: 'Bad phone' }],
});

const systemEvents = [
  ...timerEvents(machine),
  ...actorEvents({
    saveProfile: { outputs: [{ Id: 1001 }], errors: [fieldError, serverError()] },
    acceptNewMarketingTerms: { outputs: [undefined], errors: [serverError()] },
    refreshUser: { outputs: [undefined], errors: [serverError()] },
    getLocation: {
      outputs: [{ pathname: '/reservation', search: '?a=1', language: 'fi' }],
      errors: [new Error('no location')],
    },
    deleteAccount: { outputs: [undefined], errors: [serverError()] },
    logout: { outputs: [undefined], errors: [serverError()] },
  }),
] as ProfileEvent[];

/** Invariants of every reachable snapshot. */
function check(snapshot: Snapshot): void {
  const { mode, userId, secondsLeft } = snapshot.context;
  const visit = mode === 'PROFILE_PAGE_VISIT';
  if (snapshot.matches('countingDown')) expect(visit).toBe(false);
  if (snapshot.matches('redirecting')) expect(visit).toBe(false);
  for (const visitOnly of [
    'pageSaved',
    'confirmingDelete',
    'deleting',
    'accountDeleted',
    'left',
  ] as const) {
    if (snapshot.matches(visitOnly)) expect(visit).toBe(true);
  }
  if (snapshot.context.redirectAtOnce) expect(mode).toBe('FIRST_LOGIN');
  if (snapshot.matches('countingDown') || snapshot.matches('pageSaved')) {
    expect(snapshot.context.countedDown).toBe(true);
  }
  if (snapshot.matches('closing') || snapshot.matches('closed')) {
    expect(mode).toBe('PROFILE_UPDATE_REQUIRED');
  }
  if (snapshot.matches({ redirecting: 'acceptingTerms' })) expect(userId).not.toBeNull();
  if (snapshot.matches({ closing: 'acceptingTerms' })) expect(userId).not.toBeNull();
  expect(secondsLeft).toBeGreaterThanOrEqual(0);
  expect(secondsLeft).toBeLessThanOrEqual(REDIRECT_COUNTDOWN_SECONDS);
}

const modes: ProfileMode[] = ['FIRST_LOGIN', 'PROFILE_UPDATE_REQUIRED', 'PROFILE_PAGE_VISIT'];

beforeAll(() => {
  vi.useFakeTimers();
});
afterAll(() => {
  vi.useRealTimers();
});

describe('profile machine paths', () => {
  const coverage: PathCoverage = { paths: [], taken: new Set(), visited: new Set() };

  beforeAll(() => {
    for (const mode of modes) {
      for (const user of [{ Id: 1001 }, null]) {
        const run = explorePaths({
          machine,
          input: { mode, user },
          events: () => [...userEvents, ...systemEvents],
          serializeState: (snapshot) =>
            JSON.stringify([snapshot.value, snapshot.context.redirectAtOnce]),
          check,
        });
        coverage.paths.push(...run.paths);
        for (const transition of run.taken) coverage.taken.add(transition);
        for (const node of run.visited) coverage.visited.add(node);
      }
    }
  });

  test('The paths of every mode, with and without a user, visit every state', () => {
    const missing = allStateNodes(machine).filter((node) => !coverage.visited.has(node));
    expect(missing.map((node) => node.id)).toEqual([]);
  });

  test('The paths of every mode, with and without a user, take every transition', () => {
    const missing = allTransitions(machine).filter((transition) => !coverage.taken.has(transition));
    expect(missing.map(describeTransition)).toEqual([]);
    expect(coverage.paths.length).toBeGreaterThan(0);
  });
});
