import { personsOf } from '../../core/persons/persons.ts';
import { reply } from '../pipeline.ts';
import type { OperationHandlers } from '../types.ts';

/** Acting for another person (issue 55): whom the signed-in user may act for today. */
export const personsHandlers: OperationHandlers = {
  listPersons: ({ state, user }) => reply.json(200, personsOf(state, user)),
};
