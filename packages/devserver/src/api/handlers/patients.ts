import type { Schemas } from '@portal/sdk';
import { recordAccess } from '../../core/access-log/access-log.ts';
import {
  MARKETING_EXPORT_HEADER,
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

/** The fields of a patient that the admin view shows (`AdminPatient`), as the access log names them. */
const SHOWN_FIELDS = [
  'firstname',
  'lastname',
  'ssn',
  'email',
  'phone',
  'role',
  'smsMarketing',
  'emailMarketing',
  'messagingConsent',
  'street',
  'postalCode',
  'city',
  'createdAt',
] as const satisfies readonly (keyof Schemas['AdminPatient'])[];

/** The shown fields whose values differ between two readings of a patient. */
function changedFields(before: Schemas['AdminPatient'], after: Schemas['AdminPatient']): string[] {
  return SHOWN_FIELDS.filter((field) => before[field] !== after[field]);
}

/**
 * Handlers of the staff patient operations (admin only, enforced by the pipeline). Each records
 * what it read, changed, exported or deleted of whom in the access log (issue 57): a search one
 * entry per patient it listed, a change the fields that changed.
 */
export const patientsHandlers: OperationHandlers = {
  listPatients: ({ state, user, query }) => {
    const page = listPatients(state, query);
    recordAccess(state, {
      actor: user,
      subjectIds: page.items.map((item) => item.id),
      action: 'search',
      fields: SHOWN_FIELDS,
      operation: 'listPatients',
    });
    return reply.json(200, page);
  },
  getPatient: ({ state, user, path }) => {
    const result = getPatient(state, path.id);
    if (result.ok) {
      recordAccess(state, {
        actor: user,
        subjectIds: [path.id],
        action: 'read',
        fields: SHOWN_FIELDS,
        operation: 'getPatient',
      });
    }
    return json(200, result);
  },
  updatePatient: ({ state, user, path, body }) => {
    const before = getPatient(state, path.id);
    const result = updatePatient(state, user, path.id, body);
    if (result.ok && before.ok) {
      const fields = changedFields(before.value, result.value);
      if (fields.length > 0) {
        recordAccess(state, {
          actor: user,
          subjectIds: [path.id],
          action: 'change',
          fields,
          operation: 'updatePatient',
        });
      }
    }
    return json(200, result);
  },
  deletePatient: ({ state, user, path }) => {
    const result = deletePatient(state, user, path.id);
    if (!result.ok) return result;
    recordAccess(state, {
      actor: user,
      subjectIds: [path.id],
      action: 'delete',
      fields: [],
      operation: 'deletePatient',
    });
    return reply.noContent();
  },
  exportMarketingConsents: ({ state, user }) => {
    const { fileName, csv, ids } = exportMarketingConsents(state);
    recordAccess(state, {
      actor: user,
      subjectIds: ids,
      action: 'export',
      fields: MARKETING_EXPORT_HEADER.filter((column) => column !== 'id'),
      operation: 'exportMarketingConsents',
    });
    return reply.raw(200, csv, 'text/csv; charset=utf-8', {
      'Content-Disposition': `attachment; filename="${fileName}"`,
    });
  },
};
