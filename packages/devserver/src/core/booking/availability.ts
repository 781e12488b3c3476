import {
  parseSlotKey,
  serializeSlotKey,
  type Language,
  type Schemas,
  type SlotKeyParts,
} from '@portal/sdk';
import { helsinkiDate, toHelsinkiIso } from '../clock.ts';
import type { FieldProblem } from '../result.ts';
import { fail, ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import {
  CANCEL_WINDOW_MS,
  addDays,
  bookingWindow,
  dateInfo,
  datesOfMonth,
  localIso,
  localMs,
  type DateInfo,
} from './calendar.ts';
import {
  findReason,
  reasonAllows,
  reasonCustomerTypes,
  reasonPrice,
  reasons,
  type CustomerTypeId,
  type ReasonDefinition,
} from './catalog.ts';
import {
  dayPlan,
  gridStarts,
  overlaps,
  unbookedStarts,
  type Block,
  type DayPlan,
} from './schedule.ts';

/**
 * Free slots: the practitioners' working days (schedule.ts) minus other patients' appointments
 * (derived from the seed) minus the reservations in the store. Everything that does not depend
 * on the clock is cached per state and rebuilt when the rows it was computed from change.
 */

type BranchRow = ReturnType<DevState['db']['branch']['getAll']>[number];
type EmployeeRow = ReturnType<DevState['db']['employee']['getAll']>[number];
export type ReservationRow = ReturnType<DevState['db']['reservation']['getAll']>[number];

/** Statuses that hold a practitioner's time. */
export const ACTIVE_STATUSES: ReadonlySet<string> = new Set(['tentative', 'confirmed']);

/** A practitioner's calendar at a branch: the booking system's resource of a slot. */
const RESOURCE_FACTOR = 1000;

export function resourceIdOf(employeeId: number, branchId: number): number {
  return employeeId * RESOURCE_FACTOR + branchId;
}

export function resourceParts(resourceId: number): { employeeId: number; branchId: number } {
  return {
    employeeId: Math.floor(resourceId / RESOURCE_FACTOR),
    branchId: resourceId % RESOURCE_FACTOR,
  };
}

type ExtraHoursRow = ReturnType<DevState['db']['extraHours']['getAll']>[number];

interface BookingCache {
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

function planOf(cache: BookingCache, employee: EmployeeRow, info: DateInfo): DayPlan | null {
  const key = `${employee.id}|${info.date}`;
  let plan = cache.plans.get(key);
  if (plan === undefined) {
    const extra = cache.extraHours.filter(
      (row) => row.employeeId === employee.id && row.date === info.date,
    );
    plan = withExtraHours(dayPlan(cache.seed, employee, info), employee, info, extra);
    cache.plans.set(key, plan);
  }
  return plan;
}

/** A day's plan with the extra hours opened on it (free time; at the day's branch or home). */
function withExtraHours(
  plan: DayPlan | null,
  employee: EmployeeRow,
  info: DateInfo,
  extra: ExtraHoursRow[],
): DayPlan | null {
  const home = employee.branchIds[0];
  if (extra.length === 0 || !employee.enabled || home === undefined) return plan;
  const base = plan ?? {
    employeeId: employee.id,
    date: info.date,
    branchId: home,
    blocks: [],
    busy: [],
  };
  return { ...base, blocks: mergeBlocks([...base.blocks, ...extra]) };
}

/** Working blocks in order, overlapping ones joined (touching ones keep their own slot grid). */
export function mergeBlocks(blocks: readonly Block[]): Block[] {
  const merged: Block[] = [];
  for (const { start, end } of [...blocks].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && start < last.end) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  return merged;
}

/** The branch a practitioner works at on a day (their plan's, with any extra hours). */
export function planBranchOf(
  state: DevState,
  employeeId: number,
  date: string,
): { branchId: number; blocks: readonly Block[] } | null {
  const cache = bookingCache(state);
  const employee = cache.employeeById.get(employeeId);
  if (!employee) return null;
  const plan = planOf(cache, employee, dateInfo(date));
  return plan ? { branchId: plan.branchId, blocks: plan.blocks } : null;
}

function reservedOverlap(
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

/** A practitioner's time a hold keeps from everyone else (a live hold, or one being weighed). */
export interface HeldTime {
  employeeId: number;
  date: string;
  startMs: number;
  endMs: number;
}

/** Held times per `employeeId|date`: not cached, since the clock ends holds. */
export type HeldIndex = ReadonlyMap<string, readonly HeldTime[]>;

/** Held times by practitioner and day. */
export function indexHeld(holds: Iterable<HeldTime>): HeldIndex {
  const index = new Map<string, HeldTime[]>();
  for (const hold of holds) {
    const key = `${hold.employeeId}|${hold.date}`;
    const day = index.get(key);
    if (day) day.push(hold);
    else index.set(key, [hold]);
  }
  return index;
}

/** The holds (holds.ts) that have not expired by the clock, but `ownHoldId`, by practitioner and day. */
export function heldIndex(state: DevState, ownHoldId?: string): HeldIndex {
  const now = state.clock.nowMs();
  return indexHeld(
    state.db.slotHold.getAll().filter((hold) => hold.expiresMs > now && hold.id !== ownHoldId),
  );
}

/** Whether a held time overlaps a practitioner's time. */
export function heldOverlap(
  held: HeldIndex,
  employeeId: number,
  date: string,
  startMs: number,
  endMs: number,
): boolean {
  if (held.size === 0) return false;
  return (
    held
      .get(`${employeeId}|${date}`)
      ?.some((hold) => hold.startMs < endMs && startMs < hold.endMs) ?? false
  );
}

function freeStartsOf(
  cache: BookingCache,
  plan: DayPlan,
  info: DateInfo,
  duration: number,
): number[] {
  const key = `${plan.employeeId}|${plan.date}`;
  let byDuration = cache.freeStarts.get(key);
  if (!byDuration) {
    byDuration = new Map();
    cache.freeStarts.set(key, byDuration);
  }
  let starts = byDuration.get(duration);
  if (!starts) {
    starts = unbookedStarts(plan, duration)
      .map((minute) => localMs(info, minute))
      .filter(
        (ms) => !reservedOverlap(cache, plan.employeeId, plan.date, ms, ms + duration * 60_000),
      );
    byDuration.set(duration, starts);
  }
  return starts;
}

export interface AvailabilityFilters {
  branchIds: number[];
  reasonId: number;
  employeeId?: number;
  customerType: CustomerTypeId;
  /** The caller's own hold: its time is not hidden from them. */
  holdId?: string;
}

interface ResolvedFilters {
  branches: BranchRow[];
  branchIds: Set<number>;
  reason: ReasonDefinition;
  employees: EmployeeRow[];
  customerType: CustomerTypeId;
}

/** Unknown ids answer 400; disabled branches and practitioners simply have no slots. */
function resolveFilters(
  cache: BookingCache,
  filters: AvailabilityFilters,
): Result<ResolvedFilters> {
  const problems: FieldProblem[] = [];
  const branches: BranchRow[] = [];
  for (const id of filters.branchIds) {
    const branch = cache.branchById.get(id);
    if (branch) branches.push(branch);
  }
  if (branches.length !== filters.branchIds.length)
    problems.push({ field: 'branchIds', message: 'validation.unknownReference' });
  const reason = findReason(filters.reasonId);
  if (!reason) problems.push({ field: 'reasonId', message: 'validation.unknownReference' });
  else if (!reasonAllows(reason, filters.customerType))
    problems.push({ field: 'reasonId', message: 'booking.reasonNotForCustomerType' });
  let only: EmployeeRow | undefined;
  if (filters.employeeId !== undefined) {
    only = cache.employeeById.get(filters.employeeId);
    if (!only) problems.push({ field: 'employeeId', message: 'validation.unknownReference' });
  }
  if (problems.length > 0 || !reason) return fail('validation-failed', { fieldErrors: problems });
  const enabledBranchIds = new Set(branches.filter((b) => b.enabled).map((b) => b.id));
  const employees = (only ? [only] : cache.employees).filter(
    (employee) =>
      employee.enabled &&
      reason.kinds.includes(employee.kind as never) &&
      employee.branchIds.some((id) => enabledBranchIds.has(id)),
  );
  return ok({
    branches,
    branchIds: enabledBranchIds,
    reason,
    employees,
    customerType: filters.customerType,
  });
}

interface FreeSlot {
  plan: DayPlan;
  employee: EmployeeRow;
  startMs: number;
}

/** The free slots of one date for resolved filters, or only their count. */
function freeOnDate(
  state: DevState,
  cache: BookingCache,
  filters: ResolvedFilters,
  date: string,
  window: { today: string; lastDate: string },
  held: HeldIndex,
  collect?: FreeSlot[],
): number {
  if (state.settings.scenarios['no-free-slots']) return 0;
  if (date < window.today || date > window.lastDate) return 0;
  const info = dateInfo(date);
  const now = state.clock.nowMs();
  const cutOff = date === window.today;
  const duration = filters.reason.durationMinutes * 60_000;
  let count = 0;
  for (const employee of filters.employees) {
    const plan = planOf(cache, employee, info);
    if (!plan || !filters.branchIds.has(plan.branchId)) continue;
    for (const startMs of freeStartsOf(cache, plan, info, filters.reason.durationMinutes)) {
      if (cutOff && startMs <= now) continue;
      if (heldOverlap(held, employee.id, date, startMs, startMs + duration)) continue;
      count += 1;
      collect?.push({ plan, employee, startMs });
    }
  }
  return count;
}

/** Free slots per day of a month (every day of the month, 0 outside the horizon). */
export function monthAvailability(
  state: DevState,
  filters: AvailabilityFilters & { month: string },
): Result<Schemas['MonthAvailability']> {
  const cache = bookingCache(state);
  const resolved = resolveFilters(cache, filters);
  if (!resolved.ok) return resolved;
  const window = bookingWindow(state.clock.nowMs());
  const held = heldIndex(state, filters.holdId);
  return ok({
    month: filters.month,
    days: datesOfMonth(filters.month).map((date) => ({
      date,
      freeSlots: freeOnDate(state, cache, resolved.value, date, window, held),
    })),
  });
}

/**
 * Every free time of a branch on a date, summed over the reasons (each reason once, for a
 * customer type it is offered to): what `held` hides is left out. The hold budget (holds.ts)
 * weighs holds by it.
 */
export function branchFreeTimes(
  state: DevState,
  branchId: number,
  date: string,
  held: HeldIndex = new Map(),
): number {
  const cache = bookingCache(state);
  const window = bookingWindow(state.clock.nowMs());
  let count = 0;
  for (const reason of reasons) {
    const customerType = reasonCustomerTypes(reason)[0];
    if (customerType === undefined) continue;
    const resolved = resolveFilters(cache, {
      branchIds: [branchId],
      reasonId: reason.id,
      customerType,
    });
    if (resolved.ok) count += freeOnDate(state, cache, resolved.value, date, window, held);
  }
  return count;
}

/** A first free slot start and its day. */
interface FirstStart {
  info: DateInfo;
  ms: number;
}

export interface FirstFreeFilters {
  reasonId: number;
  customerType: CustomerTypeId;
  /** The branches' times of this practitioner only. */
  employeeId?: number;
  /** The practitioners' times at these branches only. */
  branchIds?: number[];
}

/**
 * The first free time of every branch and of every practitioner who performs the reason
 * (`getFirstFreeTimes`): the same free slots as the month and day views, scanned day by day from
 * today until every branch and practitioner has one or the booking horizon ends.
 */
export function firstFreeTimes(
  state: DevState,
  filters: FirstFreeFilters,
  language: Language = 'fi',
): Result<Schemas['FirstFreeTimes']> {
  const cache = bookingCache(state);
  const everyBranch = cache.branches.map((branch) => branch.id);
  // Unknown ids answer 400 as in the month and day views.
  const checked = resolveFilters(cache, {
    branchIds: filters.branchIds ?? everyBranch,
    reasonId: filters.reasonId,
    customerType: filters.customerType,
    ...(filters.employeeId === undefined ? {} : { employeeId: filters.employeeId }),
  });
  if (!checked.ok) return checked;
  // Who performs the reason, at any enabled branch.
  const performers = resolveFilters(cache, {
    branchIds: everyBranch,
    reasonId: filters.reasonId,
    customerType: filters.customerType,
  });
  if (!performers.ok) return performers;
  const { reason, branchIds: enabled, employees } = performers.value;
  const practitionerBranches = filters.branchIds === undefined ? null : new Set(filters.branchIds);
  const countsForBranches = (employee: EmployeeRow): boolean =>
    filters.employeeId === undefined || employee.id === filters.employeeId;
  // What can be found: the scan stops once it has all of it (a branch where none of them works,
  // or a practitioner working only elsewhere, stays null without scanning the horizon for it).
  const branchTargets = new Set(
    employees
      .filter(countsForBranches)
      .flatMap((employee) => employee.branchIds.filter((id) => enabled.has(id))),
  );
  const practitionerTargets = employees.filter(
    (employee) =>
      practitionerBranches === null ||
      employee.branchIds.some((id) => practitionerBranches.has(id)),
  );
  const branchFirst = new Map<number, FirstStart>();
  const practitionerFirst = new Map<number, FirstStart>();
  const window = bookingWindow(state.clock.nowMs());
  const now = state.clock.nowMs();
  const held = heldIndex(state);
  const duration = reason.durationMinutes * 60_000;
  const done = (): boolean =>
    practitionerFirst.size >= practitionerTargets.length &&
    [...branchTargets].every((id) => branchFirst.has(id));
  if (!state.settings.scenarios['no-free-slots']) {
    for (let date = window.today; date <= window.lastDate && !done(); date = addDays(date, 1)) {
      const info = dateInfo(date);
      const dayFirst = new Map<number, FirstStart>();
      for (const employee of employees) {
        const plan = planOf(cache, employee, info);
        if (!plan || !enabled.has(plan.branchId)) continue;
        const forPractitioner =
          !practitionerFirst.has(employee.id) &&
          (practitionerBranches === null || practitionerBranches.has(plan.branchId));
        const forBranch = countsForBranches(employee) && !branchFirst.has(plan.branchId);
        if (!forPractitioner && !forBranch) continue;
        const starts = freeStartsOf(cache, plan, info, reason.durationMinutes);
        const first = starts.find(
          (ms) =>
            (date !== window.today || ms > now) &&
            !heldOverlap(held, employee.id, date, ms, ms + duration),
        );
        if (first === undefined) continue;
        if (forPractitioner) practitionerFirst.set(employee.id, { info, ms: first });
        if (!forBranch) continue;
        const earlier = dayFirst.get(plan.branchId);
        if (earlier === undefined || first < earlier.ms)
          dayFirst.set(plan.branchId, { info, ms: first });
      }
      for (const [branchId, first] of dayFirst) branchFirst.set(branchId, first);
    }
  }
  // As the day view writes a slot's start (no time zone lookup per entry).
  const time = (first: FirstStart | undefined): string | null =>
    first === undefined
      ? null
      : localIso(first.info, Math.round((first.ms - localMs(first.info, 0)) / 60_000));
  return ok({
    branches: cache.branches.map((branch) => {
      const closedReason = branch.enabled ? null : closedReasonOf(branch, language);
      return {
        branchId: branch.id,
        firstFreeTime: time(branchFirst.get(branch.id)),
        ...(closedReason === null ? {} : { closedReason }),
      };
    }),
    practitioners: employees.map((employee) => ({
      employeeId: employee.id,
      firstFreeTime: time(practitionerFirst.get(employee.id)),
    })),
  });
}

/** Why a disabled branch takes no online booking, in the language; null when not recorded. */
function closedReasonOf(branch: BranchRow, language: Language): string | null {
  const reason = {
    fi: branch.closedReasonFi,
    sv: branch.closedReasonSv,
    en: branch.closedReasonEn,
  };
  return reason[language] ?? reason.fi ?? null;
}

/** What a slot says besides its time: its price, and whether a booking of it stays changeable online. */
interface SlotTerms {
  reason: ReasonDefinition;
  customerType: CustomerTypeId;
  nowMs: number;
  branchPhone: (branchId: number) => string;
}

function toSlot(slot: FreeSlot, terms: SlotTerms): Schemas['Slot'] {
  const { reason, customerType } = terms;
  const info = dateInfo(slot.plan.date);
  const minute = Math.round((slot.startMs - localMs(info, 0)) / 60_000);
  const startTime = localIso(info, minute);
  const endTime = localIso(info, minute + reason.durationMinutes);
  const resourceId = resourceIdOf(slot.employee.id, slot.plan.branchId);
  const modifiableUntilMs = slot.startMs - CANCEL_WINDOW_MS;
  return {
    key: serializeSlotKey({
      branchId: slot.plan.branchId,
      resourceId,
      reasonId: reason.id,
      startTime,
      endTime,
    }),
    branchId: slot.plan.branchId,
    resourceId,
    reasonId: reason.id,
    employeeId: slot.employee.id,
    employeeName: slot.employee.name,
    startTime,
    endTime,
    price: reasonPrice(reason, customerType),
    canModify: terms.nowMs < modifiableUntilMs,
    modifiableUntil: toHelsinkiIso(modifiableUntilMs),
    branchPhone: terms.branchPhone(slot.plan.branchId),
  };
}

/** The free slots of a day, and the nearest earlier and later days with free slots. */
export function daySlots(
  state: DevState,
  filters: AvailabilityFilters & { date: string },
): Result<Schemas['DaySlots']> {
  const cache = bookingCache(state);
  const resolved = resolveFilters(cache, filters);
  if (!resolved.ok) return resolved;
  const window = bookingWindow(state.clock.nowMs());
  const held = heldIndex(state, filters.holdId);
  const found: FreeSlot[] = [];
  freeOnDate(state, cache, resolved.value, filters.date, window, held, found);
  const slots = found
    .sort(
      (a, b) =>
        a.startMs - b.startMs ||
        a.plan.branchId - b.plan.branchId ||
        a.employee.name.localeCompare(b.employee.name, 'fi') ||
        a.employee.id - b.employee.id,
    )
    .map((slot) =>
      toSlot(slot, {
        reason: resolved.value.reason,
        customerType: filters.customerType,
        nowMs: state.clock.nowMs(),
        branchPhone: (branchId) => cache.branchById.get(branchId)?.phone ?? '',
      }),
    );

  let previous: string | null = null;
  const lastBefore = addDays(filters.date, -1);
  for (
    let date = lastBefore < window.lastDate ? lastBefore : window.lastDate;
    date >= window.today;
    date = addDays(date, -1)
  ) {
    if (freeOnDate(state, cache, resolved.value, date, window, held) > 0) {
      previous = date;
      break;
    }
  }
  let next: string | null = null;
  // Only a day before the window's last has later days in it. (A later one, such as 9999-12-31,
  // would step into a five-digit year that sorts before today as text.)
  const firstAfter = filters.date < window.lastDate ? addDays(filters.date, 1) : null;
  for (
    let date = firstAfter === null ? null : firstAfter > window.today ? firstAfter : window.today;
    date !== null && date <= window.lastDate;
    date = addDays(date, 1)
  ) {
    if (freeOnDate(state, cache, resolved.value, date, window, held) > 0) {
      next = date;
      break;
    }
  }
  return ok({
    date: filters.date,
    previousDateWithSlots: previous,
    nextDateWithSlots: next,
    slots,
  });
}

/** A bookable slot named by a key, resolved against the directory and the catalogue. */
export interface SlotRef {
  parts: SlotKeyParts;
  branch: BranchRow;
  employee: EmployeeRow;
  reason: ReasonDefinition;
  date: string;
  startMs: number;
  endMs: number;
  /** Canonical times (Helsinki offset). */
  startTime: string;
  endTime: string;
}

/** The slot key's parts, or null when it is malformed. */
export function readSlotKey(key: string): SlotKeyParts | null {
  try {
    return parseSlotKey(key);
  } catch {
    return null;
  }
}

/**
 * Checks that a key names a real slot that is free now: 409 `slot-unavailable` when it names no
 * bookable slot (past, beyond the horizon, not on the practitioner's working grid, branch or
 * practitioner disabled), 409 `slot-taken` when it exists but is booked. `ignoreReservationId`
 * leaves a reservation out of the check (the one being moved); a live hold of someone else
 * (holds.ts) is `slot-taken` too, but not `ownHoldId`. Synchronous: check and insert happen in
 * the same turn of the event loop.
 */
export function checkSlot(
  state: DevState,
  parts: SlotKeyParts,
  ignoreReservationId?: number,
  ownHoldId?: string,
): Result<SlotRef> {
  const cache = bookingCache(state);
  const reason = findReason(parts.reasonId);
  const branch = cache.branchById.get(parts.branchId);
  const { employeeId, branchId: resourceBranchId } = resourceParts(parts.resourceId);
  const employee = cache.employeeById.get(employeeId);
  if (!reason || !branch?.enabled || !employee?.enabled || resourceBranchId !== branch.id)
    return fail('slot-unavailable');
  if (!reason.kinds.includes(employee.kind as never) || !employee.branchIds.includes(branch.id))
    return fail('slot-unavailable');
  const startMs = Date.parse(parts.startTime);
  const endMs = Date.parse(parts.endTime);
  if (endMs - startMs !== reason.durationMinutes * 60_000) return fail('slot-unavailable');
  const date = helsinkiDate(startMs);
  const window = bookingWindow(state.clock.nowMs());
  if (date < window.today || date > window.lastDate || startMs <= state.clock.nowMs())
    return fail('slot-unavailable');
  const info = dateInfo(date);
  const plan = planOf(cache, employee, info);
  if (!plan || plan.branchId !== branch.id) return fail('slot-unavailable');
  const minute = gridStarts(plan.blocks, reason.durationMinutes).find(
    (m) => localMs(info, m) === startMs,
  );
  if (minute === undefined) return fail('slot-unavailable');
  if (state.settings.scenarios['no-free-slots']) return fail('slot-taken');
  const slot = { start: minute, end: minute + reason.durationMinutes };
  if (plan.busy.some((busy) => overlaps(slot, busy))) return fail('slot-taken');
  if (reservedOverlap(cache, employee.id, date, startMs, endMs, ignoreReservationId))
    return fail('slot-taken');
  if (heldOverlap(heldIndex(state, ownHoldId), employee.id, date, startMs, endMs))
    return fail('slot-taken');
  return ok({
    parts,
    branch,
    employee,
    reason,
    date,
    startMs,
    endMs,
    startTime: localIso(info, minute),
    endTime: localIso(info, minute + reason.durationMinutes),
  });
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
