import type { Schemas } from '@portal/sdk';
import { toHelsinkiIso } from '../clock.ts';
import { findBranch } from '../directory/directory.ts';
import { invalid, ok, type FieldProblem, type Result } from '../result.ts';
import { nextId, type DevState } from '../state.ts';
import { isBlank } from './text.ts';

/**
 * Stores the user's feedback on a branch. The branch must exist and take patients (enabled),
 * else 'Choose an office' on `branchId`; a blank text is 'Feedback is required' on `text`.
 */
export function sendFeedback(
  state: DevState,
  userId: number,
  input: Schemas['FeedbackInput'],
): Result<Schemas['FeedbackReceipt']> {
  const problems: FieldProblem[] = [];
  const branch = Number.isInteger(input.branchId) ? findBranch(state, input.branchId) : null;
  if (!branch?.enabled) problems.push({ field: 'branchId', message: 'feedback.chooseOffice' });
  if (isBlank(input.text)) problems.push({ field: 'text', message: 'feedback.required' });
  if (problems.length > 0) return invalid(...problems);
  const row = state.db.feedback.create({
    id: nextId(state, 'feedback'),
    userId,
    branchId: input.branchId,
    text: input.text,
    createdAt: toHelsinkiIso(state.clock.now()),
  });
  return ok({ id: row.id, createdAt: row.createdAt });
}
