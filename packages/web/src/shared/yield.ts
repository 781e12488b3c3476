import type { PortalClient } from '@portal/sdk';

/**
 * Resolves in a task of its own, so that what follows does not lengthen the task running now:
 * the browser's `scheduler.yield()` where it has one (it resumes ahead of other tasks), else a
 * message to a channel of its own (no timer: React's scheduler yields the same way).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

/**
 * The client with each call started in a task of its own: for TanStack Query, which starts a
 * screen's queries as it mounts (all in the task that commits it) and a mutation in the tap's
 * own task. Building and sending a request is a millisecond or two of a slow phone's main
 * thread; a page that asks for three things at once held it that much longer.
 */
export function withCallsInTasksOfTheirOwn(client: PortalClient): PortalClient {
  const calls = Object.fromEntries(
    METHODS.map((method) => {
      const call = client[method] as (...args: unknown[]) => Promise<unknown>;
      return [
        method,
        async (...args: unknown[]) => {
          await yieldToMain();
          return call(...args);
        },
      ];
    }),
  );
  return { ...client, ...calls } as PortalClient;
}
