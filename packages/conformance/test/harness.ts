import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { buildApp, createSeededState } from '@portal/devserver/http';
import { conformanceCli, tokenVariable } from '../src/index.ts';

/** Monday 23 November 2026, 10:00 in Helsinki: inside the chat's hours. */
export const TEST_NOW = new Date('2026-11-23T10:00:00+02:00');

// The checker talks HTTP to a real listening dev server, as it would to a backend team's server.

export const ALL_USERS = ['patient', 'admin', 'content-manager', 'first-login'] as const;
let servers: FastifyInstance[] = [];

/** Closes every server started so far (done after each test). */
export async function closeServers(): Promise<void> {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
}

afterEach(closeServers);

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

/** Listens on a free port of 127.0.0.1; the server is closed after the test. Returns its URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  servers.push(app);
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** Starts a dev server (clock on a Monday inside the chat hours); `breakIt` adds hooks first. */
export async function start(breakIt?: (app: FastifyInstance) => void): Promise<string> {
  const app = await buildApp({ webRoot: null, state: createSeededState({ now: TEST_NOW }) });
  breakIt?.(app);
  return listen(app);
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
