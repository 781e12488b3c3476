import { fail, ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import { branchesAndEmployees, type ReservationRow } from './booking-cache.ts';
import { effectiveStatus } from './status.ts';

/**
 * Whether a reservation can still be changed online: the one rule that moving, cancelling, the
 * earlier-time waitlist and its offers all ask, and that a reservation and a free slot show as
 * `canModify` and `modifiableUntil`. A reservation is changeable while it is active (tentative
 * or confirmed, and not yet completed) and its start is more than 24 hours of elapsed time away;
 * from then on the patient phones the clinic. It lives here, beside the reservations it is about,
 * so that the booking views and the other domains (the waitlist) import it rather than restate it.
 */

/** Moving and cancelling online end this long before the start (spec §9). */
export const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The last moment to move or cancel online: 24 hours (elapsed time) before the start. */
export function modifiableUntilMs(row: Pick<ReservationRow, 'startMs'>): number {
  return row.startMs - CANCEL_WINDOW_MS;
}

/**
 * Whether the reservation can be moved or cancelled online now: active, and before its last
 * moment (at exactly 24 hours before the start it no longer can).
 */
export function canModify(
  row: Pick<ReservationRow, 'status' | 'startMs' | 'endMs'>,
  nowMs: number,
): boolean {
  const status = effectiveStatus(row, nowMs);
  return (status === 'tentative' || status === 'confirmed') && nowMs < modifiableUntilMs(row);
}

/** 409 `inside-cancel-window` with the branch's phone: change it by phone. */
export function insideWindow(state: DevState, row: ReservationRow): Result<never> {
  const phone = branchesAndEmployees(state).branchById.get(row.branchId)?.phone ?? '';
  return fail('inside-cancel-window', { params: { phone } });
}

/**
 * The rule as an answer, in the contract's order for a move and a waitlist wish: 409
 * `not-modifiable` when the reservation is no longer active (cancelled, completed, no-show), else
 * 409 `inside-cancel-window` when its last moment has passed; otherwise its status as the patient
 * sees it.
 */
export function checkModifiable(
  state: DevState,
  row: ReservationRow,
  nowMs: number,
): Result<'tentative' | 'confirmed'> {
  const status = effectiveStatus(row, nowMs);
  if (status !== 'tentative' && status !== 'confirmed') return fail('not-modifiable');
  if (!canModify(row, nowMs)) return insideWindow(state, row);
  return ok(status);
}
