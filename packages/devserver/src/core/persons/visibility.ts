import type { Language, Schemas } from '@portal/sdk';
import { birthDateOf } from '@portal/sdk';
import { ownReservation, setHiddenFromGuardians, toReservation } from '../booking/reservations.ts';
import { helsinkiDate } from '../clock.ts';
import { readdressScheduled } from '../notifications/notifications.ts';
import { fail, ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import type { UserRow } from '../users/sessions.ts';
import { ageBandOf } from './persons.ts';

/**
 * A patient aged 12 to 17 hides one of their visits from their guardians, or shows it again
 * (Patient Act 785/1992 §9; contract: setReservationVisibility). Only the patient themself, and
 * only while a minor by the dev clock: else `not-allowed-for-person` (someone else's
 * reservation, or none: `not-found` first).
 */
export function setReservationVisibility(
  state: DevState,
  user: UserRow,
  id: number,
  hidden: boolean,
  language: Language,
): Result<Schemas['Reservation']> {
  const own = ownReservation(state, user, id);
  if (!own.ok) return own;
  const today = helsinkiDate(state.clock.now());
  if (ageBandOf(birthDateOf(user.ssn), today) !== 'minor') return fail('not-allowed-for-person');
  const contact = { email: user.email ?? '', phone: user.phone ?? '' };
  const row = setHiddenFromGuardians(state, own.value, hidden, contact);
  // Hidden, its reminder reaches the patient, not the guardian whose details the booking gave.
  if (hidden) readdressScheduled(state, row.id, contact);
  return ok(toReservation(state, row, language));
}
