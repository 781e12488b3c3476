import { fromPromise } from 'xstate';

/**
 * Thrown by the default implementation of an injected actor or action: the machine was started
 * without `.provide({ actors, actions })` for it. The web app provides real implementations;
 * tests provide fakes.
 */
export class NotProvidedError extends Error {
  constructor(readonly implementation: string) {
    super(`"${implementation}" is not provided: pass it with machine.provide()`);
    this.name = 'NotProvidedError';
  }
}

/** A placeholder actor that rejects with a NotProvidedError when invoked. */
export function notProvidedActor<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new NotProvidedError(name)));
}

/** A placeholder action that throws a NotProvidedError when executed. */
export function notProvidedAction<TParams = undefined>(name: string) {
  return (_args: unknown, _params: TParams): void => {
    throw new NotProvidedError(name);
  };
}
