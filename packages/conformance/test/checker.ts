import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import {
  failureLines,
  runConformance,
  type ConformanceOptions,
  type OperationReport,
  type Report,
} from '../src/index.ts';
import { ALL_USERS, tokenEnv } from './harness.ts';

// How the checker's test files run it and read its reports. Constants and functions only: the
// files of a worker share this module (the project does not isolate them).

/** Runs the checker as the tests do: every test user signed in, a short timeout, a fixed seed. */
export async function check(
  baseUrl: string,
  options: Partial<ConformanceOptions> = {},
): Promise<Report> {
  // A fixed seed: the generated bodies are the same in every run of the tests.
  return runConformance({ baseUrl, loginAs: ALL_USERS, timeoutMs: 5000, seed: 7, ...options });
}

/** The report of one operation (a test that names one the report lacks fails). */
export function operation(report: Report, id: string): OperationReport {
  const found = report.operations.find((o) => o.operationId === id);
  if (!found) throw new Error(`${id} is not in the report`);
  return found;
}

/** "operation: check: message" for every failed check (the package's own list). */
export const failures = failureLines;

/** The message of a check that must have failed (the test fails when it did not). */
export function failed(report: Report, id: string, check: string): string {
  const result = operation(report, id).checks.find((c) => c.name === check);
  if (!result) throw new Error(`${id} has no check "${check}"`);
  expect(result.outcome, `${id}: ${check}`).toBe('failed');
  return result.message ?? '';
}

/** The error body a broken server answers with. */
export const ERROR = Object.freeze({ UserMessage: 'Broken on purpose.', Code: 'server-error' });

const run = promisify(execFile);

/**
 * The status of a curl command's answer (the last, when the command first makes the requests that
 * issue what it sends), with the test users' tokens in its variables.
 */
export async function curlStatus(curl: string, env: NodeJS.ProcessEnv): Promise<number> {
  // The server runs in this process: the command must not block it (no execFileSync).
  // In a folder of its own: an upload's command writes its file (upload.bin) where it runs.
  const cwd = mkdtempSync(join(tmpdir(), 'portal-curl-'));
  const { stdout } = await run('bash', ['-c', `${curl} --max-time 10`], {
    encoding: 'utf8',
    env,
    cwd,
  });
  rmSync(cwd, { recursive: true, force: true });
  return Number([...stdout.matchAll(/^HTTP\/[\d.]+ (\d{3})/gm)].at(-1)?.[1]);
}

/**
 * Runs the checker against a broken server, then replays the last request of every failed check
 * with its curl command: the same status must come back (uploads, which the command leaves to a
 * file, aside).
 */
export async function checkBroken(
  baseUrl: string,
  options: Partial<ConformanceOptions> = {},
): Promise<Report> {
  const report = await check(baseUrl, options);
  const env = await tokenEnv(baseUrl);
  let replayed = 0;
  for (const o of report.operations) {
    for (const c of o.checks) {
      const exchange = c.exchanges.at(-1);
      if (c.outcome !== 'failed' || !exchange || exchange.status === null) continue;
      expect(
        await curlStatus(exchange.curl, env),
        `${o.operationId}: ${c.name}\n${exchange.curl}`,
      ).toBe(exchange.status);
      replayed += 1;
    }
  }
  expect(replayed).toBeGreaterThan(0);
  return report;
}
