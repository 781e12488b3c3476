import {
  exportMarketingConsents,
  getPatient,
  listPatients,
  updatePatient,
} from '../../core/patients/patients.ts';
import { deletePatient } from '../../core/flows/account.ts';
import { type Result } from '../../core/result.ts';
import { reply } from '../pipeline.ts';
import type { OperationHandlers, Reply } from '../types.ts';

function json<T>(status: number, result: Result<T>): Result<Reply> {
  return result.ok ? reply.json(status, result.value) : result;
}

/**
 * Handlers of the staff patient operations (admin only, enforced by the pipeline). The core
 * records each use of a patient's data in the access log (issue 57).
 */
export const patientsHandlers: OperationHandlers = {
  listPatients: ({ state, user, query }) => reply.json(200, listPatients(state, user, query)),
  getPatient: ({ state, user, path }) => json(200, getPatient(state, user, path.id)),
  updatePatient: ({ state, user, path, body }) =>
    json(200, updatePatient(state, user, path.id, body)),
  deletePatient: ({ state, user, path }) => {
    const result = deletePatient(state, user, path.id);
    return result.ok ? reply.noContent() : result;
  },
  exportMarketingConsents: ({ state, user }) => {
    const { fileName, csv } = exportMarketingConsents(state, user);
    return reply.raw(200, csv, 'text/csv; charset=utf-8', {
      'Content-Disposition': `attachment; filename="${fileName}"`,
    });
  },
};
