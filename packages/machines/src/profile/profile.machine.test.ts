import type { Schemas } from '@portal/sdk';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import { deferredActor, settle } from '../testing/deferred-actor.ts';
import { badRequest, serverError } from '../testing/fixtures.ts';
import type { ProfileMode } from './profile.machine.ts';
import {
  CONFIRM_DELETE_KEY,
  REDIRECT_COUNTDOWN_SECONDS,
  profileMachine,
} from './profile.machine.ts';
import type { CurrentLocation } from './redirect-target.ts';

const profile: Schemas['ProfileUpdate'] = {
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

const SECOND = 1000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function startProfile(
  mode: ProfileMode,
  {
    withUser = true,
    location = { pathname: '/fi/reservation', search: '?step=slot', language: 'fi' },
  }: { withUser?: boolean; location?: CurrentLocation } = {},
) {
  const calls: string[] = [];
  const saveProfile = deferredActor<
    Schemas['ProfileUpdateResult'],
    { userId: number | null; profile: Schemas['ProfileUpdate'] }
  >();
  const acceptTerms = deferredActor<unknown>();
  const refreshUser = deferredActor<unknown>();
  const getLocation = deferredActor<CurrentLocation>();
  const deleteAccount = deferredActor<unknown>();
  const logout = deferredActor<unknown>();
  const navigate = vi.fn((to: string) => calls.push(`navigate ${to}`));
  const clearToken = vi.fn(() => calls.push('clearToken'));
  const logError = vi.fn<(message: string) => void>();
  const actor = createActor(
    profileMachine.provide({
      actors: {
        saveProfile: saveProfile.logic,
        acceptNewMarketingTerms: acceptTerms.logic,
        refreshUser: refreshUser.logic,
        getLocation: getLocation.logic,
        deleteAccount: deleteAccount.logic,
        logout: logout.logic,
      },
      actions: {
        navigate: (_, params) => navigate(params.to),
        clearToken,
        logError: (_, params) => logError(params.message),
      },
    }),
    { input: { mode, user: withUser ? { Id: 1001 } : null } },
  ).start();
  /** Runs the redirect's calls in order, answering each. */
  async function finishRedirect() {
    if (withUser) {
      calls.push('acceptNewMarketingTerms');
      acceptTerms.last().resolve(undefined);
      await settle();
      calls.push('refreshUser');
      refreshUser.last().resolve(undefined);
      await settle();
    }
    getLocation.last().resolve(location);
    await settle();
  }
  return {
    actor,
    calls,
    saveProfile,
    acceptTerms,
    refreshUser,
    getLocation,
    deleteAccount,
    logout,
    navigate,
    clearToken,
    logError,
    finishRedirect,
  };
}

type Profile = ReturnType<typeof startProfile>;

async function saveSuccessfully(p: Profile) {
  p.actor.send({ type: 'profile.save', profile });
  expect(p.actor.getSnapshot().value).toBe('saving');
  p.saveProfile.last().resolve({ Id: 1001 });
  await settle();
}

describe('saving', () => {
  test('Saving sends the profile of the user and shows the saving state', () => {
    const p = startProfile('PROFILE_PAGE_VISIT');
    expect(p.actor.getSnapshot().value).toEqual({ editing: 'idle' });
    p.actor.send({ type: 'profile.save', profile });
    expect(p.actor.getSnapshot().value).toBe('saving');
    expect(p.saveProfile.last().input).toEqual({ userId: 1001, profile });
  });

  test('On the first login the terms must be accepted, otherwise nothing is saved', () => {
    const p = startProfile('FIRST_LOGIN');
    p.actor.send({ type: 'profile.save', profile: { ...profile, termsAccepted: false } });
    expect(p.saveProfile.calls).toHaveLength(0);
    expect(p.actor.getSnapshot().context.fieldErrors).toEqual({
      termsAccepted: { key: 'terms.mustAccept' },
    });
    p.actor.send({ type: 'profile.save', profile });
    expect(p.saveProfile.calls).toHaveLength(1);
    expect(p.actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  test.each(['PROFILE_UPDATE_REQUIRED', 'PROFILE_PAGE_VISIT'] as const)(
    'In %s the terms checkbox is not required',
    (mode) => {
      const p = startProfile(mode);
      p.actor.send({ type: 'profile.save', profile: { ...profile, termsAccepted: false } });
      expect(p.saveProfile.calls).toHaveLength(1);
    },
  );

  test('Server field errors are shown under their fields', async () => {
    const p = startProfile('PROFILE_PAGE_VISIT');
    p.actor.send({ type: 'profile.save', profile });
    p.saveProfile.last().reject(
      badRequest({
        UserMessage: 'Check the fields',
        Code: 'validation-failed',
        Errors: [
          { field: 'phone', errorMessage: 'Failed to update the phone number' },
          { field: 'email', errorMessage: 'Enter a valid email address.' },
        ],
      }),
    );
    await settle();
    expect(p.actor.getSnapshot().value).toEqual({ editing: 'failed' });
    expect(p.actor.getSnapshot().context.fieldErrors).toEqual({
      phone: { text: 'Failed to update the phone number' },
      email: { text: 'Enter a valid email address.' },
    });
    expect(p.actor.getSnapshot().context.error).toBeNull();
  });

  test.each([
    ['a server error', serverError()],
    ['a 400 without field errors', badRequest()],
  ])('A save failure with %s shows profile.saveFailed', async (_, error) => {
    const p = startProfile('PROFILE_UPDATE_REQUIRED');
    p.actor.send({ type: 'profile.save', profile });
    p.saveProfile.last().reject(error);
    await settle();
    expect(p.actor.getSnapshot().value).toEqual({ editing: 'failed' });
    expect(p.actor.getSnapshot().context.error).toBe('profile.saveFailed');
    expect(p.actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  test('Saving again after a failure clears the old messages', async () => {
    const p = startProfile('PROFILE_PAGE_VISIT');
    p.actor.send({ type: 'profile.save', profile });
    p.saveProfile.last().reject(serverError());
    await settle();
    p.actor.send({ type: 'profile.save', profile });
    expect(p.actor.getSnapshot().context.error).toBeNull();
  });

  test('A visit-mode save counts down 10 seconds, then goes to the front page', async () => {
    const p = startProfile('PROFILE_PAGE_VISIT');
    await saveSuccessfully(p);
    expect(p.actor.getSnapshot().matches('pageSaved')).toBe(true);
    expect(p.actor.getSnapshot().context.secondsLeft).toBe(10);
    vi.advanceTimersByTime(4 * SECOND);
    expect(p.actor.getSnapshot().context.secondsLeft).toBe(6);
    expect(p.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(6 * SECOND);
    expect(p.navigate).toHaveBeenCalledExactlyOnceWith('/');
    expect(p.actor.getSnapshot().value).toBe('redirected');
    // The profile page's redirect is not the dialogs' one: no terms call, no location read.
    expect(p.acceptTerms.calls).toHaveLength(0);
    expect(p.getLocation.calls).toHaveLength(0);
  });

  test("'Redirect now' after a visit-mode save goes to the front page at once", async () => {
    const p = startProfile('PROFILE_PAGE_VISIT');
    await saveSuccessfully(p);
    vi.advanceTimersByTime(2 * SECOND);
    p.actor.send({ type: 'profile.skip' });
    expect(p.navigate).toHaveBeenCalledExactlyOnceWith('/');
    vi.advanceTimersByTime(60 * SECOND);
    expect(p.navigate).toHaveBeenCalledTimes(1);
  });

  test('During the countdown the page can be saved again or the account deleted', async () => {
    const p = startProfile('PROFILE_PAGE_VISIT');
    await saveSuccessfully(p);
    vi.advanceTimersByTime(5 * SECOND);
    p.actor.send({ type: 'profile.save', profile: { ...profile, phone: '0401234567' } });
    expect(p.actor.getSnapshot().value).toBe('saving');
    p.saveProfile.last().resolve({ Id: 1001 });
    await settle();
    // A new save starts a new countdown.
    expect(p.actor.getSnapshot().context.secondsLeft).toBe(10);
    vi.advanceTimersByTime(9 * SECOND);
    expect(p.navigate).not.toHaveBeenCalled();
    p.actor.send({ type: 'profile.delete' });
    expect(p.actor.getSnapshot().value).toBe('confirmingDelete');
    vi.advanceTimersByTime(60 * SECOND);
    expect(p.navigate).not.toHaveBeenCalled();
  });
});

describe('the redirect after a save', () => {
  test.each(['FIRST_LOGIN', 'PROFILE_UPDATE_REQUIRED'] as const)(
    'In %s a success counts down 10 seconds, one tick a second, then redirects',
    async (mode) => {
      const p = startProfile(mode);
      await saveSuccessfully(p);
      expect(p.actor.getSnapshot().matches('countingDown')).toBe(true);
      expect(p.actor.getSnapshot().context.secondsLeft).toBe(10);
      vi.advanceTimersByTime(1 * SECOND);
      expect(p.actor.getSnapshot().context.secondsLeft).toBe(9);
      vi.advanceTimersByTime(8 * SECOND);
      expect(p.actor.getSnapshot().context.secondsLeft).toBe(1);
      expect(p.acceptTerms.calls).toHaveLength(0);
      vi.advanceTimersByTime(1 * SECOND);
      expect(p.actor.getSnapshot().matches('redirecting')).toBe(true);
      await p.finishRedirect();
      expect(p.calls).toEqual([
        'acceptNewMarketingTerms',
        'refreshUser',
        'navigate /fi/reservation?step=slot',
      ]);
      expect(p.actor.getSnapshot().value).toBe('redirected');
    },
  );

  test('The countdown lasts 10 seconds', () => {
    expect(REDIRECT_COUNTDOWN_SECONDS).toBe(10);
  });

  test("'Redirect now' during the countdown redirects at once", async () => {
    const p = startProfile('FIRST_LOGIN');
    await saveSuccessfully(p);
    vi.advanceTimersByTime(3 * SECOND);
    p.actor.send({ type: 'profile.skip' });
    expect(p.actor.getSnapshot().matches('redirecting')).toBe(true);
    // The countdown's notice stays while its redirect runs.
    expect(p.actor.getSnapshot().context.countedDown).toBe(true);
    await p.finishRedirect();
    expect(p.navigate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * SECOND);
    expect(p.navigate).toHaveBeenCalledTimes(1);
  });

  test('In PROFILE_UPDATE_REQUIRED the skip link redirects at once without saving', async () => {
    const p = startProfile('PROFILE_UPDATE_REQUIRED');
    p.actor.send({ type: 'profile.skip' });
    await p.finishRedirect();
    expect(p.saveProfile.calls).toHaveLength(0);
    expect(p.calls).toEqual([
      'acceptNewMarketingTerms',
      'refreshUser',
      'navigate /fi/reservation?step=slot',
    ]);
  });

  test('On the first login the skip link saves the ticked terms, then redirects without a countdown', async () => {
    const p = startProfile('FIRST_LOGIN');
    p.actor.send({ type: 'profile.skip', profile });
    expect(p.actor.getSnapshot().value).toBe('saving');
    expect(p.saveProfile.last().input).toEqual({ userId: 1001, profile });
    p.saveProfile.last().resolve({ Id: 1001 });
    await settle();
    expect(p.actor.getSnapshot().matches('redirecting')).toBe(true);
    expect(p.actor.getSnapshot().context.countedDown).toBe(false);
    await p.finishRedirect();
    expect(p.calls).toEqual([
      'acceptNewMarketingTerms',
      'refreshUser',
      'navigate /fi/reservation?step=slot',
    ]);
  });

  test.each([
    ['without the terms ticked', { ...profile, termsAccepted: false }],
    ['without the form', undefined],
  ])('On the first login the skip link %s is refused like a save', (_, skipped) => {
    const p = startProfile('FIRST_LOGIN');
    p.actor.send({ type: 'profile.skip', profile: skipped });
    expect(p.actor.getSnapshot().value).toEqual({ editing: 'idle' });
    expect(p.saveProfile.calls).toHaveLength(0);
    expect(p.actor.getSnapshot().context.fieldErrors).toEqual({
      termsAccepted: { key: 'terms.mustAccept' },
    });
  });

  test('A failed skip on the first login stays; a later save counts down as usual', async () => {
    const p = startProfile('FIRST_LOGIN');
    p.actor.send({ type: 'profile.skip', profile });
    p.saveProfile.last().reject(serverError());
    await settle();
    expect(p.actor.getSnapshot().value).toEqual({ editing: 'failed' });
    expect(p.actor.getSnapshot().context.error).toBe('profile.saveFailed');
    await saveSuccessfully(p);
    expect(p.actor.getSnapshot().matches('countingDown')).toBe(true);
  });

  test('A skip after a failed save still redirects', async () => {
    const p = startProfile('PROFILE_UPDATE_REQUIRED');
    p.actor.send({ type: 'profile.save', profile });
    p.saveProfile.last().reject(serverError());
    await settle();
    p.actor.send({ type: 'profile.skip' });
    expect(p.actor.getSnapshot().matches('redirecting')).toBe(true);
  });

  test('The profile page has no skip', () => {
    const p = startProfile('PROFILE_PAGE_VISIT');
    p.actor.send({ type: 'profile.skip' });
    expect(p.actor.getSnapshot().value).toEqual({ editing: 'idle' });
  });

  test('Without a user the redirect neither accepts terms nor refreshes', async () => {
    const p = startProfile('PROFILE_UPDATE_REQUIRED', { withUser: false });
    p.actor.send({ type: 'profile.skip' });
    await p.finishRedirect();
    expect(p.acceptTerms.calls).toHaveLength(0);
    expect(p.refreshUser.calls).toHaveLength(0);
    expect(p.navigate).toHaveBeenCalledWith('/fi/reservation?step=slot');
  });

  test('The redirect goes to /login from any other path', async () => {
    const p = startProfile('PROFILE_UPDATE_REQUIRED', {
      location: { pathname: '/reservations', search: '', language: 'en' },
    });
    p.actor.send({ type: 'profile.skip' });
    await p.finishRedirect();
    expect(p.navigate).toHaveBeenCalledWith('/login');
  });

  test('Failures of the marketing-terms call and the refresh are logged and the redirect goes on', async () => {
    const p = startProfile('PROFILE_UPDATE_REQUIRED');
    p.actor.send({ type: 'profile.skip' });
    p.acceptTerms.last().reject(serverError());
    await settle();
    p.refreshUser.last().reject(new Error('me failed'));
    await settle();
    p.getLocation.last().resolve({ pathname: '/', search: '', language: 'fi' });
    await settle();
    expect(p.logError.mock.calls).toEqual([
      ['Accepting the new marketing terms failed'],
      ['Refreshing the user failed'],
    ]);
    expect(p.navigate).toHaveBeenCalledWith('/');
  });

  test('When the location cannot be read the redirect goes to /login', async () => {
    const p = startProfile('PROFILE_UPDATE_REQUIRED', { withUser: false });
    p.actor.send({ type: 'profile.skip' });
    p.getLocation.last().reject(new Error('no window'));
    await settle();
    expect(p.logError).toHaveBeenCalledWith('Reading the current location failed');
    expect(p.navigate).toHaveBeenCalledWith('/login');
  });
});

describe('closing the survey dialog', () => {
  test('Closing the survey dialog marks the new marketing terms accepted', async () => {
    const p = startProfile('PROFILE_UPDATE_REQUIRED');
    p.actor.send({ type: 'profile.close' });
    expect(p.acceptTerms.calls).toHaveLength(1);
    p.acceptTerms.last().resolve(undefined);
    await settle();
    expect(p.actor.getSnapshot().value).toBe('closed');
    expect(p.navigate).not.toHaveBeenCalled();
  });

  test('Closing during the countdown also marks them accepted and stops the redirect', async () => {
    const p = startProfile('PROFILE_UPDATE_REQUIRED');
    await saveSuccessfully(p);
    p.actor.send({ type: 'profile.close' });
    p.acceptTerms.last().resolve(undefined);
    await settle();
    vi.advanceTimersByTime(60 * SECOND);
    expect(p.actor.getSnapshot().value).toBe('closed');
    expect(p.getLocation.calls).toHaveLength(0);
  });

  test('A failed acceptance on close is logged and the dialog still closes', async () => {
    const p = startProfile('PROFILE_UPDATE_REQUIRED');
    p.actor.send({ type: 'profile.close' });
    p.acceptTerms.last().reject(serverError());
    await settle();
    expect(p.logError).toHaveBeenCalledWith('Accepting the new marketing terms failed');
    expect(p.actor.getSnapshot().value).toBe('closed');
  });

  test('Closing without a user just closes', () => {
    const p = startProfile('PROFILE_UPDATE_REQUIRED', { withUser: false });
    p.actor.send({ type: 'profile.close' });
    expect(p.acceptTerms.calls).toHaveLength(0);
    expect(p.actor.getSnapshot().value).toBe('closed');
  });

  test.each(['FIRST_LOGIN', 'PROFILE_PAGE_VISIT'] as const)(
    '%s has no survey dialog to close',
    (mode) => {
      const p = startProfile(mode);
      p.actor.send({ type: 'profile.close' });
      expect(p.actor.getSnapshot().value).toEqual({ editing: 'idle' });
    },
  );
});

describe('account deletion', () => {
  test('Deleting asks for confirmation first', () => {
    const p = startProfile('PROFILE_PAGE_VISIT');
    p.actor.send({ type: 'profile.delete' });
    expect(p.actor.getSnapshot().value).toBe('confirmingDelete');
    expect(CONFIRM_DELETE_KEY).toBe('profile.confirmDelete');
    expect(p.deleteAccount.calls).toHaveLength(0);
    p.actor.send({ type: 'profile.cancelDelete' });
    expect(p.actor.getSnapshot().value).toEqual({ editing: 'idle' });
    expect(p.deleteAccount.calls).toHaveLength(0);
  });

  test('A confirmed deletion deletes, logs out, clears the token, refreshes and goes to / after the countdown', async () => {
    const p = startProfile('PROFILE_PAGE_VISIT');
    p.actor.send({ type: 'profile.delete' });
    p.actor.send({ type: 'profile.confirmDelete' });
    expect(p.actor.getSnapshot().value).toBe('deleting');
    p.deleteAccount.last().resolve(undefined);
    await settle();
    expect(p.logout.calls).toHaveLength(1);
    expect(p.clearToken).not.toHaveBeenCalled();
    p.logout.last().resolve(undefined);
    await settle();
    expect(p.clearToken).toHaveBeenCalledTimes(1);
    expect(p.refreshUser.calls).toHaveLength(1);
    p.refreshUser.last().reject(new Error('signed out'));
    await settle();
    expect(p.actor.getSnapshot().context.secondsLeft).toBe(10);
    vi.advanceTimersByTime(9 * SECOND);
    expect(p.actor.getSnapshot().context.secondsLeft).toBe(1);
    expect(p.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1 * SECOND);
    expect(p.calls).toEqual(['clearToken', 'navigate /']);
    expect(p.actor.getSnapshot().value).toBe('left');
  });

  test("'Redirect now' after a deletion goes to / at once", async () => {
    const p = startProfile('PROFILE_PAGE_VISIT');
    p.actor.send({ type: 'profile.delete' });
    p.actor.send({ type: 'profile.confirmDelete' });
    p.deleteAccount.last().resolve(undefined);
    await settle();
    p.logout.last().reject(new Error('logout failed'));
    await settle();
    expect(p.logError).toHaveBeenCalledWith('The logout call failed');
    expect(p.clearToken).toHaveBeenCalledTimes(1);
    p.refreshUser.last().resolve(undefined);
    await settle();
    p.actor.send({ type: 'profile.skip' });
    expect(p.navigate).toHaveBeenCalledWith('/');
    vi.advanceTimersByTime(60 * SECOND);
    expect(p.navigate).toHaveBeenCalledTimes(1);
  });

  test('A failed deletion shows profile.deleteError and keeps the user', async () => {
    const p = startProfile('PROFILE_PAGE_VISIT');
    p.actor.send({ type: 'profile.delete' });
    p.actor.send({ type: 'profile.confirmDelete' });
    p.deleteAccount.last().reject(serverError());
    await settle();
    expect(p.actor.getSnapshot().value).toEqual({ editing: 'failed' });
    expect(p.actor.getSnapshot().context.error).toBe('profile.deleteError');
    expect(p.logout.calls).toHaveLength(0);
    expect(p.clearToken).not.toHaveBeenCalled();
  });

  test.each(['FIRST_LOGIN', 'PROFILE_UPDATE_REQUIRED'] as const)(
    '%s offers no account deletion',
    (mode) => {
      const p = startProfile(mode);
      p.actor.send({ type: 'profile.delete' });
      expect(p.actor.getSnapshot().value).toEqual({ editing: 'idle' });
    },
  );
});
