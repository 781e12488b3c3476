import { listBranchGroups, listBranches, listEmployees } from '../../core/directory/directory.ts';
import { reply } from '../pipeline.ts';
import type { OperationHandlers } from '../types.ts';

/** Handlers of the branch and employee operations: request → core → reply. */
export const directoryHandlers: OperationHandlers = {
  listBranches: ({ state }) => reply.json(200, listBranches(state)),
  listBranchGroups: ({ state, language }) => reply.json(200, listBranchGroups(state, language)),
  listEmployees: ({ state }) => reply.json(200, listEmployees(state)),
};
