import {
  alterStoredEntry,
  ownAccessLog,
  searchAccessLog,
  verifyAccessLog,
} from '../../core/access-log/access-log.ts';
import { fail } from '../../core/result.ts';
import { reply } from '../pipeline.ts';
import type { OperationHandlers } from '../types.ts';

/**
 * The access log's operations (issue 57): a user's own entries, the staff search (the core logs
 * its reading), the chain's verification, and QA's intruder.
 */
export const accessLogHandlers: OperationHandlers = {
  listAccessLog: ({ state, user, query }) => reply.json(200, ownAccessLog(state, user, query)),
  adminListAccessLog: ({ state, user, query }) =>
    reply.json(200, searchAccessLog(state, user, query)),
  verifyAccessLog: ({ state }) => reply.json(200, verifyAccessLog(state)),
  alterDevAccessLogEntry: ({ state, path }) =>
    alterStoredEntry(state, path.id) ? reply.noContent() : fail('not-found'),
};
