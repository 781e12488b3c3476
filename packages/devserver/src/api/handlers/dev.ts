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
import { listOutbox } from '../../core/notifications/notifications.ts';
import { openWorkingHours } from '../../core/flows/working-hours.ts';
import { fail } from '../../core/result.ts';
import { reply } from '../pipeline.ts';
import type { OperationHandlers } from '../types.ts';

/** Handlers of the dev-mode controls (the pipeline answers 404 when dev mode is off). */
export const devHandlers: OperationHandlers = {
  createDevSession: ({ state, body }) => {
    const result = devSession(state, body.user);
    return result.ok ? reply.json(200, result.value) : result;
  },
  listDevUsers: ({ state }) => reply.json(200, devUsers(state)),
  resetDevState: ({ state }) => {
    resetDev(state);
    markDevChange(state);
    return reply.noContent();
  },
  getDevClock: ({ state }) => reply.json(200, devClock(state)),
  listDevOutbox: ({ state, query }) => reply.json(200, listOutbox(state, query.userId)),
  setDevClock: ({ state, body }) => {
    markDevChange(state);
    return reply.json(200, setDevClock(state, body));
  },
  advanceDevClock: ({ state, body }) => {
    markDevChange(state);
    return reply.json(200, advanceDevClock(state, body));
  },
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
