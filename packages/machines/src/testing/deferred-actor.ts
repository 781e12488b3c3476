import { fromPromise } from 'xstate';

export interface DeferredCall<TOutput, TInput> {
  input: TInput;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
}

/**
 * A promise actor whose every invocation waits until the test settles it:
 * `const load = deferredActor<User>(); … load.last().resolve(user); await settle();`
 */
export function deferredActor<TOutput, TInput = void>() {
  const calls: Array<DeferredCall<TOutput, TInput>> = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push({ input, resolve, reject });
      }),
  );
  return {
    logic,
    calls,
    last(): DeferredCall<TOutput, TInput> {
      const call = calls.at(-1);
      if (call === undefined) throw new Error('The actor was not invoked');
      return call;
    },
  };
}

/** A promise actor that never settles: the test sends the done or error event itself. */
export function pendingActor<TOutput, TInput = void>() {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => undefined));
}

/** Lets settled promises deliver their results to the actors (no timers involved). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}
