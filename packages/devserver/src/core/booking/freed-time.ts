import type { ReservationRow } from './booking-cache.ts';

/**
 * A practitioner's time that has just become free: the time a move or cancel leaves behind, or
 * new working hours. Booking says what was freed; the waitlist (`offerFreedTime`) offers it on.
 */
export interface FreedTime {
  employeeId: number | null;
  branchId: number;
  startMs: number;
  endMs: number;
}

export function freedTimeOf(row: ReservationRow): FreedTime {
  return {
    employeeId: row.employeeId,
    branchId: row.branchId,
    startMs: row.startMs,
    endMs: row.endMs,
  };
}
