import type { DevState } from '../state.ts';
import type { DayPlan } from './schedule.ts';

/**
 * The booking area's index of the store: branches, practitioners and reservations by id, each
 * user's reservations and each practitioner-day's active ones. It is kept per state and checked
 * against the store on every call, so the calls behind every page (availability, "My
 * reservations") do not scan the tables. It also keeps what day-plans.ts derives from these rows
 * (plans and free starts): anything that does not depend on the clock is computed once and
 * rebuilt when the rows it came from change.
 */

export type BranchRow = ReturnType<DevState['db']['branch']['getAll']>[number];
export type EmployeeRow = ReturnType<DevState['db']['employee']['getAll']>[number];
export type ReservationRow = ReturnType<DevState['db']['reservation']['getAll']>[number];
export type ExtraHoursRow = ReturnType<DevState['db']['extraHours']['getAll']>[number];

/** Statuses that hold a practitioner's time. */
export const ACTIVE_STATUSES: ReadonlySet<string> = new Set(['tentative', 'confirmed']);

export interface BookingCache {
  seed: number;
  employees: EmployeeRow[];
  branches: BranchRow[];
  extraHours: ExtraHoursRow[];
  reservations: ReservationRow[];
  branchById: Map<number, BranchRow>;
  employeeById: Map<number, EmployeeRow>;
  reservationById: Map<number, ReservationRow>;
  reservationsByUser: Map<number, ReservationRow[]>;
  /** Active reservations per `employeeId|date`. */
  activeByEmployeeDay: Map<string, ReservationRow[]>;
  plans: Map<string, DayPlan | null>;
  /** Free slot starts (ms) per `employeeId|date`, then per duration, before the clock's cut-off. */
  freeStarts: Map<string, Map<number, number[]>>;
}

const caches = new WeakMap<DevState, BookingCache>();

function sameRows<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function indexReservations(cache: BookingCache, rows: ReservationRow[]): void {
  const previous = cache.activeByEmployeeDay;
  cache.reservations = rows;
  cache.reservationById = new Map();
  cache.reservationsByUser = new Map();
  cache.activeByEmployeeDay = new Map();
  for (const row of rows) {
    cache.reservationById.set(row.id, row);
    const own = cache.reservationsByUser.get(row.userId);
    if (own) own.push(row);
    else cache.reservationsByUser.set(row.userId, [row]);
    if (row.employeeId !== null && ACTIVE_STATUSES.has(row.status)) {
      const key = `${row.employeeId}|${row.date}`;
      const day = cache.activeByEmployeeDay.get(key);
      if (day) day.push(row);
      else cache.activeByEmployeeDay.set(key, [row]);
    }
  }
  // Only the practitioner-days whose reservations changed lose their free slots.
  for (const key of new Set([...previous.keys(), ...cache.activeByEmployeeDay.keys()])) {
    if (!sameRows(previous.get(key) ?? [], cache.activeByEmployeeDay.get(key) ?? []))
      cache.freeStarts.delete(key);
  }
}

/**
 * The state's booking cache, checked against the store on every call: the store's rows are
 * replaced (never mutated) on update, so comparing row identities detects any change, whoever
 * made it (reset, persistence, other areas).
 */
export function bookingCache(state: DevState): BookingCache {
  const employees = state.db.employee.getAll();
  const branches = state.db.branch.getAll();
  const extraHours = state.db.extraHours.getAll();
  const reservations = state.db.reservation.getAll();
  let cache = caches.get(state);
  if (
    !cache ||
    cache.seed !== state.seed ||
    !sameRows(cache.employees, employees) ||
    !sameRows(cache.branches, branches) ||
    !sameRows(cache.extraHours, extraHours)
  ) {
    cache = {
      seed: state.seed,
      employees,
      branches,
      extraHours,
      reservations: [],
      branchById: new Map(branches.map((b) => [b.id, b])),
      employeeById: new Map(employees.map((e) => [e.id, e])),
      reservationById: new Map(),
      reservationsByUser: new Map(),
      activeByEmployeeDay: new Map(),
      plans: new Map(),
      freeStarts: new Map(),
    };
    indexReservations(cache, reservations);
    caches.set(state, cache);
  } else if (!sameRows(cache.reservations, reservations)) {
    indexReservations(cache, reservations);
  }
  return cache;
}

/** The active reservation of a practitioner that overlaps a time, but `ignoreId`. */
export function reservedOverlap(
  cache: BookingCache,
  employeeId: number,
  date: string,
  startMs: number,
  endMs: number,
  ignoreId?: number,
): ReservationRow | undefined {
  return cache.activeByEmployeeDay
    .get(`${employeeId}|${date}`)
    ?.find((row) => row.id !== ignoreId && row.startMs < endMs && startMs < row.endMs);
}

/** Stored reservations of a user (from the cache's index). */
export function reservationsOfUser(state: DevState, userId: number): ReservationRow[] {
  return bookingCache(state).reservationsByUser.get(userId) ?? [];
}

export function reservationById(state: DevState, id: number): ReservationRow | undefined {
  return bookingCache(state).reservationById.get(id);
}

export function branchesAndEmployees(state: DevState): {
  branchById: ReadonlyMap<number, BranchRow>;
  employeeById: ReadonlyMap<number, EmployeeRow>;
} {
  const cache = bookingCache(state);
  return { branchById: cache.branchById, employeeById: cache.employeeById };
}
