import { approveQrLoginAs, resolveMobileLogin } from '../../core/auth/logins.ts';
import { maintenanceState, setMaintenance } from '../../core/maintenance.ts';
import {
  advanceDevClock,
  devClock,
  devScenarios,
  devSession,
  findDevUser,
  devUsers,
  resetDev,
  setDevClock,
  setDevScenario,
  markDevChange,
} from '../../core/dev/dev.ts';
import {
  clearOutbox,
  listOutbox,
  type OutboxFilter,
} from '../../core/notifications/notifications.ts';
import { openWorkingHours } from '../../core/flows/working-hours.ts';
import { fail } from '../../core/result.ts';
import { faultsOf } from '../faults.ts';
import { JOURNAL_SIZE, journalOf } from '../journal.ts';
import { reply } from '../pipeline.ts';
import { MAX_SANDBOXES, SANDBOX_IDLE_MS } from '../sandboxes.ts';
import type { OperationHandlers } from '../types.ts';

/** How often a wait for an outbox message looks again (real time). */
const OUTBOX_POLL_MS = 100;

function outboxFilter(query: {
  userId?: number;
  kind?: OutboxFilter['kind'];
  since?: string;
}): OutboxFilter {
  return {
    userId: query.userId,
    kind: query.kind,
    sinceMs: query.since === undefined ? undefined : Date.parse(query.since),
  };
}

/** Handlers of the dev-mode controls (the pipeline answers 404 when dev mode is off). */
export const devHandlers: OperationHandlers = {
  createDevSession: ({ state, body }) => {
    const result = devSession(state, body.user);
    return result.ok ? reply.json(200, result.value) : result;
  },
  listDevUsers: ({ state }) => reply.json(200, devUsers(state)),
  resetDevState: ({ state, query }) => {
    resetDev(state, query.at);
    faultsOf(state).clear();
    markDevChange(state);
    return reply.noContent();
  },
  getDevClock: ({ state, sandbox }) => reply.json(200, { ...devClock(state), sandbox }),
  listDevOutbox: ({ state, query }) => reply.json(200, listOutbox(state, outboxFilter(query))),
  clearDevOutbox: ({ state }) => {
    clearOutbox(state);
    return reply.noContent();
  },
  waitForDevOutboxMessage: async ({ state, query }) => {
    const filter = outboxFilter(query);
    const timeoutMs = query.timeoutSeconds * 1000;
    const started = Date.now();
    for (;;) {
      // The oldest match: the first message that came.
      const message = listOutbox(state, filter).at(-1) ?? null;
      const waited = Date.now() - started;
      if (message || waited >= timeoutMs) {
        return reply.json(200, { message, waitedSeconds: Math.round(waited / 100) / 10 });
      }
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(OUTBOX_POLL_MS, timeoutMs - waited)),
      );
    }
  },
  listDevJournal: ({ state, query }) =>
    reply.json(200, {
      kept: JOURNAL_SIZE,
      ...journalOf(state).list({
        path: query.path,
        status: query.status,
        user: query.user,
        sinceMs: query.since === undefined ? undefined : Date.parse(query.since),
        limit: query.limit,
      }),
    }),
  clearDevJournal: ({ state }) => {
    journalOf(state).clear();
    return reply.noContent();
  },
  listDevFaults: ({ state }) => reply.json(200, faultsOf(state).list()),
  addDevFault: ({ state, body }) => {
    const added = faultsOf(state).add(body);
    return added.ok ? reply.json(201, added.value) : added;
  },
  clearDevFaults: ({ state }) => {
    faultsOf(state).clear();
    return reply.noContent();
  },
  removeDevFault: ({ state, path }) =>
    faultsOf(state).remove(path.id) ? reply.noContent() : fail('not-found'),
  setDevClock: ({ state, body, sandbox }) => {
    markDevChange(state);
    return reply.json(200, { ...setDevClock(state, body), sandbox });
  },
  advanceDevClock: ({ state, body, sandbox }) => {
    markDevChange(state);
    return reply.json(200, { ...advanceDevClock(state, body), sandbox });
  },
  listDevSandboxes: ({ sandbox, sandboxes }) =>
    reply.json(200, {
      current: sandbox,
      idleMinutes: sandboxes?.idleMinutes ?? SANDBOX_IDLE_MS / 60_000,
      max: sandboxes?.limit ?? MAX_SANDBOXES,
      items: sandboxes?.list() ?? [],
    }),
  dropDevSandbox: ({ path, sandboxes }) =>
    sandboxes?.drop(path.name) ? reply.noContent() : fail('not-found'),
  getDevMaintenance: ({ state }) => reply.json(200, maintenanceState(state)),
  setDevMaintenance: ({ state, body }) => {
    setMaintenance(state, body);
    markDevChange(state);
    return reply.json(200, maintenanceState(state));
  },
  listDevScenarios: ({ state }) => reply.json(200, devScenarios(state)),
  addDevWorkingHours: ({ state, body }) => {
    const opened = openWorkingHours(state, body);
    if (opened.ok) markDevChange(state);
    return opened.ok ? reply.json(201, opened.value) : opened;
  },
  setDevScenario: ({ state, path, body }) => {
    markDevChange(state);
    return reply.json(200, setDevScenario(state, path.name, body.enabled));
  },
  devApproveQrLogin: ({ state, path, body }) => {
    const user = findDevUser(state, body.user);
    if (!user) return fail('not-found');
    const result = approveQrLoginAs(state, path.qrId, user.id);
    return result.ok ? reply.noContent() : result;
  },
  devResolveMobileLogin: ({ state, path, body }) => {
    const result = resolveMobileLogin(state, path.transactionId, body.outcome);
    return result.ok ? reply.noContent() : result;
  },
};
