import { rowById } from '../../core/db.ts';
import {
  alterStoredEntry,
  findAccess,
  pageOf,
  recordAccess,
  toAccessLogView,
  verifyAccessLog,
} from '../../core/access-log/access-log.ts';
import { fail } from '../../core/result.ts';
import { reply } from '../pipeline.ts';
import type { OperationHandlers } from '../types.ts';

/**
 * The access log's operations (issue 57): a user's own entries, the staff search (itself logged:
 * one `read` of `accessLog` per patient whose entries a page showed), the chain's verification,
 * and QA's intruder.
 */
export const accessLogHandlers: OperationHandlers = {
  listAccessLog: ({ state, user, query }) => {
    const entries = findAccess(state, {
      subjectId: user.id,
      ...(query.month === undefined ? {} : { month: query.month }),
    });
    return reply.json(200, pageOf(entries.map(toAccessLogView), query.page, query.pageSize));
  },
  adminListAccessLog: ({ state, user, query }) => {
    const page = pageOf(
      findAccess(state, {
        ...(query.actorId === undefined ? {} : { actorId: query.actorId }),
        ...(query.subjectId === undefined ? {} : { subjectId: query.subjectId }),
        ...(query.from === undefined ? {} : { from: query.from }),
        ...(query.to === undefined ? {} : { to: query.to }),
      }),
      query.page,
      query.pageSize,
    );
    const users = state.db.user.getAll();
    const items = page.items.map((entry) => {
      const subject = rowById(users, entry.subjectId);
      return {
        ...toAccessLogView(entry),
        actorId: entry.actorId,
        subject: {
          id: entry.subjectId,
          name: subject === null ? null : `${subject.firstName} ${subject.lastName}`,
        },
      };
    });
    // Reading the log is logged too (after the page is read: it does not list itself).
    recordAccess(state, {
      actor: user,
      subjectIds: page.items.map((entry) => entry.subjectId),
      action: 'read',
      fields: ['accessLog'],
      operation: 'adminListAccessLog',
    });
    return reply.json(200, { ...page, items });
  },
  verifyAccessLog: ({ state }) => reply.json(200, verifyAccessLog(state)),
  alterDevAccessLogEntry: ({ state, path }) =>
    alterStoredEntry(state, path.id) ? reply.noContent() : fail('not-found'),
};
