import type { Schemas } from '@portal/sdk';
import type { ReservationRow } from './booking-cache.ts';

/**
 * A reservation's status and group as the patient sees them at a moment of the dev clock. The
 * store keeps the status as it was set; time alone turns a confirmed visit into a completed one
 * and moves a reservation from the coming ones to the past, so both are read through here.
 */

export type ReservationStatus = Schemas['ReservationStatus'];
export type ReservationGroup = Schemas['ReservationGroup'];

/**
 * The status as the patient sees it: a confirmed visit whose end has passed took place, so it
 * reads `completed` (and shows in the history) without anyone having to mark it.
 */
export function effectiveStatus(
  row: Pick<ReservationRow, 'status' | 'endMs'>,
  nowMs: number,
): ReservationStatus {
  const status = row.status as ReservationStatus;
  return status === 'confirmed' && row.endMs <= nowMs ? 'completed' : status;
}

export function groupOf(row: ReservationRow, nowMs: number): ReservationGroup {
  const status = effectiveStatus(row, nowMs);
  if (row.startMs > nowMs && status === 'tentative') return 'tentative';
  if (row.startMs > nowMs && status === 'confirmed') return 'future';
  return 'past';
}
