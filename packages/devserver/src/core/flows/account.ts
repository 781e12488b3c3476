import { recordAccess } from '../access-log/access-log.ts';
import { deleteReservationsOf } from '../booking/reservations.ts';
import { deleteChatDataOf } from '../chat/chat.ts';
import { deleteContentDataOf } from '../content/anamnesis.ts';
import { deleteRedemptionsOfUser } from '../coupons/coupons.ts';
import { deleteNotificationsOf } from '../notifications/notifications.ts';
import { patientToDelete } from '../patients/patients.ts';
import { ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import { endSessionsOf, type UserRow } from '../users/sessions.ts';
import { deleteWaitlistOf } from '../waitlist/waitlist.ts';

/**
 * Deletes the account: every session ends, and each area drops what belongs only to the user.
 * The one place that knows every area holding a user's data (decision 019): the users domain
 * knows none of them, and a new area adds its own `delete…Of` here.
 */
export function deleteAccount(state: DevState, user: UserRow): void {
  endSessionsOf(state, user.id);
  deleteChatDataOf(state, user.id);
  deleteRedemptionsOfUser(state, user.id);
  deleteReservationsOf(state, user.id);
  deleteContentDataOf(state, user.id);
  deleteNotificationsOf(state, user.id);
  deleteWaitlistOf(state, user.id);
  state.db.user.delete({ where: { id: { equals: user.id } } });
}

/**
 * An admin deletes a patient's account the way `deleteCurrentPatient` does: sessions end at once
 * and every area drops the user's own data. An admin cannot delete their own account here (403).
 */
export function deletePatient(state: DevState, actor: UserRow, id: number): Result<null> {
  const user = patientToDelete(state, actor, id);
  if (!user.ok) return user;
  deleteAccount(state, user.value);
  // The access log keeps who deleted whom (issue 57): the entry outlives the account.
  recordAccess(state, {
    actor,
    subjectIds: [id],
    action: 'delete',
    fields: [],
    operation: 'deletePatient',
  });
  return ok(null);
}
