import type { Schemas } from '@portal/sdk';
import { assertEvent, assign, setup } from 'xstate';
import { isApiErrorWith, serverFieldMessages } from '../shared/api-errors.ts';
import type { Message } from '../shared/message.ts';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided.ts';
import type { CurrentLocation } from './redirect-target.ts';
import { profileRedirectTarget } from './redirect-target.ts';

type ProfileUpdate = Schemas['ProfileUpdate'];

/** The three profile form modes (spec §2). */
export type ProfileMode = 'FIRST_LOGIN' | 'PROFILE_UPDATE_REQUIRED' | 'PROFILE_PAGE_VISIT';

/** Spec §9: the profile redirect counts down 10 s. */
export const REDIRECT_COUNTDOWN_SECONDS = 10;
const SECOND_MS = 1000;

/** Where a profile page save and an account deletion end (spec §4). */
export const FRONT_PAGE_PATH = '/';

/** The prompt the UI shows in `confirmingDelete` (spec §8). */
export const CONFIRM_DELETE_KEY = 'profile.confirmDelete';

export type ProfileErrorKey = 'profile.saveFailed' | 'profile.deleteError';

export interface ProfileContext {
  mode: ProfileMode;
  /** The signed-in user's id; null when no user exists. */
  userId: number | null;
  /** Messages under fields: `termsAccepted` (client rule) or the server's field errors. */
  fieldErrors: Record<string, Message>;
  error: ProfileErrorKey | null;
  /** The seconds the countdown shows. */
  secondsLeft: number;
  /** The save under way came from the first login's skip link: it redirects without a countdown. */
  redirectAtOnce: boolean;
  /** A countdown has run: its notice stays on screen while the redirect that follows runs. */
  countedDown: boolean;
}

export interface ProfileInput {
  mode: ProfileMode;
  user: Pick<Schemas['User'], 'Id'> | null;
}

export type ProfileEvent =
  | { type: 'profile.save'; profile: ProfileUpdate }
  /**
   * The skip link, and the countdown's 'redirect now'. The first login's skip link carries the
   * form's terms acceptance (`profile`): the terms gate cannot be skipped, only the rest of it.
   */
  | { type: 'profile.skip'; profile?: ProfileUpdate }
  /** The survey dialog (PROFILE_UPDATE_REQUIRED) was closed. */
  | { type: 'profile.close' }
  | { type: 'profile.delete' }
  | { type: 'profile.confirmDelete' }
  | { type: 'profile.cancelDelete' };

/**
 * Profile save and redirect (spec §2 Profile, §4 Profile save and Account deletion, §5, §8).
 *
 * - editing (idle | failed) → saving → success or failure. FIRST_LOGIN needs the terms
 *   ticked (`terms.mustAccept`, no save). A 400 with field errors puts them under their fields;
 *   any other failure is `profile.saveFailed`.
 * - In FIRST_LOGIN and PROFILE_UPDATE_REQUIRED a success counts down 10 s (a tick each second)
 *   and redirects; `profile.skip` redirects at once (also during the countdown: 'redirect now').
 *   The first login's skip link saves the terms acceptance it carries (refused like a save when
 *   the terms are not ticked), then redirects at once: the terms gate would otherwise come back
 *   on the page it redirects to (docs/decisions/009).
 * - PROFILE_PAGE_VISIT: a success shows the saved notice with the same countdown (`pageSaved`),
 *   then goes to the front page; 'redirect now' goes at once, and saving again stays possible.
 * - The redirect: when a user exists, `acceptNewMarketingTerms`, then `refreshUser` (failures only
 *   logged), then navigate to `profileRedirectTarget(getLocation())`.
 * - Closing the survey dialog marks the new marketing terms accepted (when a user exists).
 * - Deletion (visit mode): confirm → `deleteAccount` → `logout`, `clearToken`, `refreshUser` →
 *   the same 10 s countdown with 'redirect now' → navigate to `/`. A failure is
 *   `profile.deleteError`.
 *
 * Injected: actors `saveProfile`, `acceptNewMarketingTerms`, `refreshUser`, `getLocation`,
 * `deleteAccount`, `logout`; actions `navigate`, `clearToken`, `logError`.
 */
/** A countdown's ticks: `secondsLeft` goes down once a second while its state lasts. */
const TICKING = {
  initial: 'ticking',
  states: {
    ticking: {
      after: { countdownTick: { target: 'ticking', reenter: true, actions: 'tick' } },
    },
  },
} as const;

/** Going to the front page (the countdown's end, or its 'redirect now'). */
function leaveForFrontPage<T extends string>(target: T) {
  return { target, actions: { type: 'navigate', params: { to: FRONT_PAGE_PATH } } } as const;
}

/** The 10 s countdown to the front page after a profile page save or an account deletion. */
function countdownToFrontPage<T extends string>(target: T) {
  return {
    entry: 'startCountdown',
    after: { redirectCountdown: leaveForFrontPage(target) },
    ...TICKING,
  } as const;
}

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as ProfileInput,
  },
  actors: {
    saveProfile: notProvidedActor<
      Schemas['ProfileUpdateResult'],
      { userId: number | null; profile: ProfileUpdate }
    >('saveProfile'),
    acceptNewMarketingTerms: notProvidedActor<unknown>('acceptNewMarketingTerms'),
    refreshUser: notProvidedActor<unknown>('refreshUser'),
    getLocation: notProvidedActor<CurrentLocation>('getLocation'),
    deleteAccount: notProvidedActor<unknown>('deleteAccount'),
    logout: notProvidedActor<unknown>('logout'),
  },
  actions: {
    navigate: notProvidedAction<{ to: string }>('navigate'),
    clearToken: notProvidedAction('clearToken'),
    logError: notProvidedAction<{ message: string; error: unknown }>('logError'),
    requireTerms: assign({
      fieldErrors: { termsAccepted: { key: 'terms.mustAccept' } },
      error: null,
    }),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    setServerFieldErrors: assign((_, params: { error: unknown }) => ({
      fieldErrors: serverFieldMessages(params.error),
    })),
    setError: assign((_, params: { key: ProfileErrorKey }) => ({ error: params.key })),
    startCountdown: assign({ secondsLeft: REDIRECT_COUNTDOWN_SECONDS, countedDown: true }),
    markRedirectAtOnce: assign((_, params: { atOnce: boolean }) => ({
      redirectAtOnce: params.atOnce,
    })),
    tick: assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - 1) })),
  },
  guards: {
    mustAcceptTerms: ({ context, event }) =>
      context.mode === 'FIRST_LOGIN' &&
      (event.type === 'profile.save' || event.type === 'profile.skip') &&
      event.profile?.termsAccepted !== true,
    isFirstLogin: ({ context }) => context.mode === 'FIRST_LOGIN',
    redirectsAtOnce: ({ context }) => context.redirectAtOnce,
    isVisit: ({ context }) => context.mode === 'PROFILE_PAGE_VISIT',
    isRedirectingMode: ({ context }) => context.mode !== 'PROFILE_PAGE_VISIT',
    isSurvey: ({ context }) => context.mode === 'PROFILE_UPDATE_REQUIRED',
    hasUser: ({ context }) => context.userId !== null,
    hasFieldErrors: (_, params: { error: unknown }) =>
      isApiErrorWith(params.error, 'bad-request') && params.error.fieldErrors.length > 0,
  },
  delays: {
    redirectCountdown: REDIRECT_COUNTDOWN_SECONDS * SECOND_MS,
    countdownTick: SECOND_MS,
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    mode: input.mode,
    userId: input.user?.Id ?? null,
    fieldErrors: {},
    error: null,
    secondsLeft: REDIRECT_COUNTDOWN_SECONDS,
    redirectAtOnce: false,
    countedDown: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'profile.save': [
          { guard: 'mustAcceptTerms', target: '.idle', actions: 'requireTerms' },
          {
            target: 'saving',
            actions: ['clearErrors', { type: 'markRedirectAtOnce', params: { atOnce: false } }],
          },
        ],
        'profile.skip': [
          { guard: 'mustAcceptTerms', target: '.idle', actions: 'requireTerms' },
          {
            guard: 'isFirstLogin',
            target: 'saving',
            actions: ['clearErrors', { type: 'markRedirectAtOnce', params: { atOnce: true } }],
          },
          { guard: 'isRedirectingMode', target: 'redirecting' },
        ],
        'profile.close': { guard: 'isSurvey', target: 'closing' },
        'profile.delete': { guard: 'isVisit', target: 'confirmingDelete', actions: 'clearErrors' },
      },
      states: {
        idle: {},
        failed: {},
      },
    },
    saving: {
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context, event }) => {
          assertEvent(event, ['profile.save', 'profile.skip']);
          if (event.profile === undefined) throw new Error('A save needs the profile');
          return { userId: context.userId, profile: event.profile };
        },
        onDone: [
          { guard: 'isVisit', target: 'pageSaved' },
          { guard: 'redirectsAtOnce', target: 'redirecting' },
          { target: 'countingDown' },
        ],
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'editing.failed',
            actions: {
              type: 'setServerFieldErrors',
              params: ({ event }) => ({ error: event.error }),
            },
          },
          {
            target: 'editing.failed',
            actions: { type: 'setError', params: { key: 'profile.saveFailed' } },
          },
        ],
      },
    },
    countingDown: {
      entry: 'startCountdown',
      after: { redirectCountdown: 'redirecting' },
      on: {
        'profile.skip': 'redirecting',
        'profile.close': { guard: 'isSurvey', target: 'closing' },
      },
      ...TICKING,
    },
    pageSaved: {
      ...countdownToFrontPage('redirected'),
      on: {
        'profile.skip': leaveForFrontPage('redirected'),
        'profile.save': {
          target: 'saving',
          actions: ['clearErrors', { type: 'markRedirectAtOnce', params: { atOnce: false } }],
        },
        'profile.delete': { target: 'confirmingDelete', actions: 'clearErrors' },
      },
      ...TICKING,
    },
    redirecting: {
      initial: 'checkingUser',
      states: {
        checkingUser: {
          always: [{ guard: 'hasUser', target: 'acceptingTerms' }, { target: 'locating' }],
        },
        acceptingTerms: {
          invoke: {
            id: 'acceptNewMarketingTerms',
            src: 'acceptNewMarketingTerms',
            onDone: 'refreshingUser',
            onError: {
              target: 'refreshingUser',
              actions: {
                type: 'logError',
                params: ({ event }) => ({
                  message: 'Accepting the new marketing terms failed',
                  error: event.error,
                }),
              },
            },
          },
        },
        refreshingUser: {
          invoke: {
            id: 'refreshUser',
            src: 'refreshUser',
            onDone: 'locating',
            onError: {
              target: 'locating',
              actions: {
                type: 'logError',
                params: ({ event }) => ({
                  message: 'Refreshing the user failed',
                  error: event.error,
                }),
              },
            },
          },
        },
        locating: {
          invoke: {
            id: 'getLocation',
            src: 'getLocation',
            onDone: {
              target: '#profile.redirected',
              actions: {
                type: 'navigate',
                params: ({ event }) => ({ to: profileRedirectTarget(event.output) }),
              },
            },
            onError: {
              target: '#profile.redirected',
              actions: [
                {
                  type: 'logError',
                  params: ({ event }) => ({
                    message: 'Reading the current location failed',
                    error: event.error,
                  }),
                },
                { type: 'navigate', params: { to: '/login' } },
              ],
            },
          },
        },
      },
    },
    redirected: { type: 'final' },
    closing: {
      initial: 'checkingUser',
      states: {
        checkingUser: {
          always: [{ guard: 'hasUser', target: 'acceptingTerms' }, { target: '#profile.closed' }],
        },
        acceptingTerms: {
          invoke: {
            id: 'acceptNewMarketingTerms',
            src: 'acceptNewMarketingTerms',
            onDone: '#profile.closed',
            onError: {
              target: '#profile.closed',
              actions: {
                type: 'logError',
                params: ({ event }) => ({
                  message: 'Accepting the new marketing terms failed',
                  error: event.error,
                }),
              },
            },
          },
        },
      },
    },
    closed: { type: 'final' },
    confirmingDelete: {
      on: {
        'profile.confirmDelete': 'deleting',
        'profile.cancelDelete': 'editing',
      },
    },
    deleting: {
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        onDone: 'accountDeleted',
        onError: {
          target: 'editing.failed',
          actions: [
            { type: 'setError', params: { key: 'profile.deleteError' } },
            {
              type: 'logError',
              params: ({ event }) => ({
                message: 'Deleting the account failed',
                error: event.error,
              }),
            },
          ],
        },
      },
    },
    accountDeleted: {
      initial: 'loggingOut',
      states: {
        loggingOut: {
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: { target: 'refreshing', actions: 'clearToken' },
            onError: {
              target: 'refreshing',
              actions: [
                {
                  type: 'logError',
                  params: ({ event }) => ({
                    message: 'The logout call failed',
                    error: event.error,
                  }),
                },
                'clearToken',
              ],
            },
          },
        },
        refreshing: {
          // Without a token the refresh fails and clears the session's user: both ends are fine.
          invoke: {
            id: 'refreshUser',
            src: 'refreshUser',
            onDone: 'countingDown',
            onError: 'countingDown',
          },
        },
        countingDown: {
          ...countdownToFrontPage('#profile.left'),
          on: { 'profile.skip': leaveForFrontPage('#profile.left') },
        },
      },
    },
    left: { type: 'final' },
  },
});

export type ProfileMachine = typeof profileMachine;
