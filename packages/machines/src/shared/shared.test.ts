import { describe, expect, test } from 'vitest';
import { createActor, setup } from 'xstate';
import { settle } from '../testing/deferred-actor.ts';
import { badRequest, conflict, maintenance, serverError } from '../testing/fixtures.ts';
import {
  isApiErrorWith,
  isMaintenanceError,
  maintenanceStartsAt,
  serverFieldMessages,
} from './api-errors.ts';
import { NotProvidedError, notProvidedAction, notProvidedActor } from './not-provided.ts';
import { isLanguage, normalizePath, splitLanguagePrefix } from './paths.ts';

describe('implementations not provided', () => {
  test('An actor that was not provided fails the invoking state with a NotProvidedError', async () => {
    const machine = setup({ actors: { load: notProvidedActor<string>('load') } }).createMachine({
      initial: 'loading',
      states: {
        loading: { invoke: { src: 'load', onError: 'failed' } },
        failed: {},
      },
    });
    const actor = createActor(machine).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
  });

  test('An action that was not provided throws a NotProvidedError naming it', () => {
    expect(() => notProvidedAction<{ to: string }>('navigate')({}, { to: '/' })).toThrow(
      new NotProvidedError('navigate'),
    );
    expect(new NotProvidedError('navigate').message).toBe(
      '"navigate" is not provided: pass it with machine.provide()',
    );
  });
});

describe('API errors', () => {
  test('A 503 is a maintenance error; other errors are not', () => {
    expect(isMaintenanceError(maintenance())).toBe(true);
    expect(isMaintenanceError(serverError())).toBe(false);
    expect(isMaintenanceError(new Error('503'))).toBe(false);
  });

  test('Errors are matched by kind and, when given, code', () => {
    const taken = conflict({ UserMessage: 'Taken', Code: 'slot-taken' });
    expect(isApiErrorWith(taken, 'conflict')).toBe(true);
    expect(isApiErrorWith(taken, 'conflict', 'slot-taken')).toBe(true);
    expect(isApiErrorWith(taken, 'conflict', 'already-redeemed')).toBe(false);
    expect(isApiErrorWith(taken, 'bad-request')).toBe(false);
    expect(isApiErrorWith({ kind: 'conflict' }, 'conflict')).toBe(false);
  });

  test('The start of a maintenance break is read from a 503 answer only', () => {
    expect(maintenanceStartsAt(maintenance('2026-11-22T20:00:00+02:00'))).toBe(
      '2026-11-22T20:00:00+02:00',
    );
    expect(maintenanceStartsAt(new Error('x'))).toBeNull();
    const withoutStart = maintenance();
    Object.defineProperty(withoutStart, 'startsAt', { value: undefined });
    expect(maintenanceStartsAt(withoutStart)).toBeNull();
  });

  test('Field errors of a 400 become texts under their fields', () => {
    const error = badRequest({
      UserMessage: 'Check',
      Code: 'validation-failed',
      Errors: [{ field: 'phone', errorMessage: 'Bad phone' }],
    });
    expect(serverFieldMessages(error)).toEqual({ phone: { text: 'Bad phone' } });
    expect(serverFieldMessages(serverError())).toEqual({});
  });
});

describe('paths', () => {
  test('Query, hash and trailing slashes are dropped; an empty path is /', () => {
    expect(normalizePath('/fi/reservation/?a=1#x')).toBe('/fi/reservation');
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('///')).toBe('/');
  });

  test('The language prefix is split off the path', () => {
    expect(splitLanguagePrefix('/sv/login')).toEqual({ language: 'sv', rest: '/login' });
    expect(splitLanguagePrefix('/fi')).toEqual({ language: 'fi', rest: '/' });
    expect(splitLanguagePrefix('/login')).toEqual({ language: null, rest: '/login' });
    expect(splitLanguagePrefix('/de/login')).toEqual({ language: null, rest: '/de/login' });
    expect(splitLanguagePrefix('/')).toEqual({ language: null, rest: '/' });
  });

  test('Only fi, sv and en are languages', () => {
    expect(['fi', 'sv', 'en', 'de', ''].filter(isLanguage)).toEqual(['fi', 'sv', 'en']);
  });
});
