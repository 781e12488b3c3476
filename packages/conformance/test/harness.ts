import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { buildApp, createSeededState } from '@portal/devserver/http';
import { conformanceCli, TEST_USERS, tokenVariable } from '../src/index.ts';

/** Monday 23 November 2026, 10:00 in Helsinki: inside the chat's hours. */
export const TEST_NOW = new Date('2026-11-23T10:00:00+02:00');

// The checker talks HTTP to a real listening dev server, as it would to a backend team's server.
// This module keeps no state: the test files of a worker share it (the project does not isolate
// them), and a hook or a list of servers here would serve only the first file that imported it.

/** Every test user the checker signs in as (`TEST_USERS`). */
export const ALL_USERS = TEST_USERS;

/** The repository's contract, as `pnpm conformance` reads it. */
export const CONTRACT = fileURLToPath(new URL('../../../openapi/portal.yaml', import.meta.url));

/** Runs the command (no tokens from this process's environment) and captures what it prints. */
export async function cli(
  argv: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; printed: string }> {
  const printed: string[] = [];
  const stdout = process.stdout.write.bind(process.stdout);
  const stderr = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string) => printed.push(chunk) > 0) as typeof stdout;
  process.stderr.write = ((chunk: string) => printed.push(chunk) > 0) as typeof stderr;
  try {
    const code = await conformanceCli(argv, {
      env,
      defaultContract: CONTRACT,
      defaultContractName: 'openapi/portal.yaml',
    });
    return { code, printed: printed.join('') };
  } finally {
    process.stdout.write = stdout;
    process.stderr.write = stderr;
  }
}

/** Listens on a free port of 127.0.0.1 and returns the server's URL. */
async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Listens on a free port of 127.0.0.1 and returns the server's URL; the server is closed when
 * the running test finishes (so it must be called inside a test: `withServer` is for the rest).
 */
export async function listen(app: FastifyInstance): Promise<string> {
  onTestFinished(() => app.close());
  return listenOnFreePort(app);
}

/**
 * A seeded dev server, its clock frozen at `now` (by default on a Monday inside the chat hours);
 * `breakIt` adds hooks first.
 */
async function devServer(
  breakIt?: (app: FastifyInstance) => void,
  now: Date = TEST_NOW,
): Promise<FastifyInstance> {
  const app = await buildApp({ webRoot: null, state: createSeededState({ now }) });
  breakIt?.(app);
  return app;
}

/** Starts a dev server for the running test (closed when it finishes). Returns its URL. */
export async function start(breakIt?: (app: FastifyInstance) => void): Promise<string> {
  return listen(await devServer(breakIt));
}

/** Starts a dev server for the running test with its clock frozen at `now`. Returns its URL. */
export async function startAt(now: Date): Promise<string> {
  return listen(await devServer(undefined, now));
}

/**
 * Runs `work` against a dev server of its own and closes the server afterwards, whatever
 * happened: for a `beforeAll`, where no test is running whose end would close it.
 */
export async function withServer<T>(work: (baseUrl: string) => Promise<T>): Promise<T> {
  const app = await devServer();
  try {
    return await work(await listenOnFreePort(app));
  } finally {
    await app.close();
  }
}

/** A dev session's token for each test user, by the variable the reports use. */
export async function tokenEnv(baseUrl: string): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const user of ALL_USERS) {
    const response = await fetch(`${baseUrl}/api/dev/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ user }),
    });
    const { access_token: token } = (await response.json()) as { access_token: string };
    env[tokenVariable(user)] = token;
  }
  return env;
}

/**
 * A bug many servers have: no lock around a booking. The booking that lost a slot is answered
 * as the one that won it (its 409 slot-taken becomes the winner's 201), so one slot is "booked"
 * by several patients.
 */
export function withoutABookingLock(app: FastifyInstance): void {
  const winners = new Map<string, string>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'POST' || request.url.split('?')[0] !== '/api/reservations')
      return payload;
    const key = String((request.body as { slotKey?: unknown } | undefined)?.slotKey);
    if (reply.statusCode === 201) winners.set(key, String(payload));
    const won = winners.get(key);
    if (reply.statusCode === 409 && won && String(payload).includes('slot-taken')) {
      reply.code(201);
      return won;
    }
    return payload;
  });
}

/** Each app's tokens by user (a WeakMap: an app that is closed takes its tokens with it). */
const DEV_TOKENS = new WeakMap<FastifyInstance, Map<string, Promise<string>>>();

/**
 * A dev session's token of a test user, asked of the app itself (for hooks that play a server
 * which looks a resource up by its id alone, as its owner would): one per app and user.
 */
export function devToken(app: FastifyInstance, user: string): Promise<string> {
  let token = DEV_TOKENS.get(app)?.get(user);
  if (!token) {
    token = app
      .inject({
        method: 'POST',
        url: '/api/dev/session',
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        payload: { user },
      })
      .then((answer) => (answer.json() as { access_token: string }).access_token);
    const tokens = DEV_TOKENS.get(app) ?? new Map<string, Promise<string>>();
    tokens.set(user, token);
    DEV_TOKENS.set(app, tokens);
  }
  return token;
}
