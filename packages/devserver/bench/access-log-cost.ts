/**
 * What the access log costs a staff read (issue 57): p50/p95 of an admin opening a patient's
 * record (one entry) and of a patient search listing 20 (twenty entries), over HTTP on the
 * loopback, with the log off, with an empty log, and with the log at its byte bound (every write
 * then also prunes the oldest entry). Sequential calls, as an admin's screen makes them.
 */
import { createSeededState } from '../src/core/seed.ts';
import { buildApp } from '../src/http/app.ts';
import { MAX_LOG_BYTES, recordAccess } from '../src/core/access-log/access-log.ts';
import { createSession } from '../src/core/users/sessions.ts';
import type { DevState } from '../src/core/state.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 300);

export interface AccessLogCost {
  log: 'off' | 'empty' | 'at its bound';
  entries: number;
  readP50: number;
  readP95: number;
  searchP50: number;
  searchP95: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Fills the log up to its byte bound, as two years of a busy chain's staff would. */
function fillToBound(state: DevState): void {
  const admin = state.db.user.findFirst({ where: { devKey: { equals: 'admin' } } })!;
  const ids = state.db.user.getAll().map((user) => user.id);
  for (;;) {
    const anchor = state.db.accessLogAnchor.findFirst({ where: { id: { equals: 1 } } });
    if ((anchor?.bytes ?? 0) > MAX_LOG_BYTES - 10_000) break;
    recordAccess(state, {
      actor: admin,
      subjectIds: ids.slice(0, 20),
      action: 'search',
      fields: ['firstname', 'lastname', 'ssn', 'email', 'phone'],
      operation: 'listPatients',
    });
  }
}

async function measure(log: AccessLogCost['log']): Promise<AccessLogCost> {
  const state = createSeededState();
  if (log === 'off') state.accessLogOff = true;
  if (log === 'at its bound') fillToBound(state);
  const app = await buildApp({ state, webRoot: null });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const admin = state.db.user.findFirst({ where: { devKey: { equals: 'admin' } } })!;
  const token = createSession(state, admin.id).token;
  const headers = { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' };
  const time = async (path: string): Promise<{ p50: number; p95: number }> => {
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const start = performance.now();
      const response = await fetch(origin + path, { headers });
      await response.arrayBuffer();
      times.push(performance.now() - start);
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  };
  try {
    const read = await time('/api/admin/patients/1');
    const search = await time('/api/admin/patients?pageSize=20');
    return {
      log,
      entries: state.db.accessLogEntry.count(),
      readP50: read.p50,
      readP95: read.p95,
      searchP50: search.p50,
      searchP95: search.p95,
    };
  } finally {
    await app.close();
  }
}

export async function accessLogCostFigures(): Promise<AccessLogCost[]> {
  const figures: AccessLogCost[] = [];
  for (const log of ['off', 'empty', 'at its bound'] as const) figures.push(await measure(log));
  return figures;
}
