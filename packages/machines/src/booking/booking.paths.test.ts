import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Schemas } from '@portal/sdk';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Coordinates } from '../pickers/closest-branch.ts';
import { allBranches } from '../testing/branches.ts';
import {
  TODAY,
  aino,
  campaignResult,
  checkUp,
  child7,
  familyBookingOf,
  familyHeld,
  guardian,
  heldSlot,
  nextSlot,
  offeredTypes,
  privateCustomer,
  privateOnly,
  reservation,
  slot,
  toothache,
  validDetails,
  voucherCustomer,
  voucherResult,
} from '../testing/booking-fixtures.ts';
import { pendingActor } from '../testing/deferred-actor.ts';
import {
  badRequest,
  conflict,
  maintenance,
  serverError,
  unauthorized,
} from '../testing/fixtures.ts';
import type { PathCoverage } from '../testing/path-coverage.ts';
import {
  actorEvents,
  allStateNodes,
  allTransitions,
  describeTransition,
} from '../testing/path-coverage.ts';
import {
  generatePathSet,
  replayPathSet,
  sourcesHash,
  type PathModel,
  type PathSet,
} from '../testing/path-sets.ts';
import type { BookingChoices } from './booking-choices.ts';
import { BOOKING_STEPS } from './booking-choices.ts';
import type { DayQuery, MonthQuery } from '../slots/availability.ts';
import { slotPickerMachine } from '../slots/slot-picker.machine.ts';
import type { BookingEvent } from './booking.machine.ts';
import { bookingMachine } from './booking.machine.ts';
import { areDetailsValid } from './validate-details.ts';

const machine = bookingMachine.provide({
  actors: {
    checkVoucher: pendingActor<Schemas['VoucherCheckResult'], Schemas['VoucherCheckRequest']>(),
    checkCampaignCode: pendingActor<
      Schemas['CampaignCodeCheckResult'],
      Schemas['CampaignCodeCheckRequest']
    >(),
    getPosition: pendingActor<Coordinates>(),
    // The picker's own paths are covered by its test; here it only waits.
    slotPicker: slotPickerMachine.provide({
      actors: {
        loadMonthAvailability: pendingActor<Schemas['MonthAvailability'], MonthQuery>(),
        loadDaySlots: pendingActor<Schemas['DaySlots'], DayQuery>(),
      },
      actions: { logError: () => undefined },
    }),
    holdSlot: pendingActor<Schemas['SlotHold'], { slotKey: string; familySlotKeys?: string[] }>(),
    createReservation: pendingActor<Schemas['Reservation'], Schemas['ReservationCreateRequest']>(),
    createFamilyBooking: pendingActor<Schemas['FamilyBooking'], Schemas['FamilyBookingRequest']>(),
    moveReservation: pendingActor<
      Schemas['Reservation'],
      { id: number; slotKey: string; holdId?: string }
    >(),
    savePhone: pendingActor<unknown, { phone: string }>(),
  },
  actions: {
    goToLogin: () => undefined,
    logError: () => undefined,
    releaseHold: () => undefined,
  },
});

type Snapshot = SnapshotFrom<typeof machine>;

/** A family's two times back to back (issue 55). */
const familyTimes = [slot(), nextSlot(slot())];

const complete: Partial<BookingChoices> = {
  customerType: privateCustomer,
  reason: checkUp,
  branch: { branchIds: [4, 3], city: 'Helsinki' },
  employee: aino,
  date: '2026-12-05',
  slot: slot('2026-12-05'),
  details: validDetails,
};

const restores: BookingEvent[] = [
  ...BOOKING_STEPS.map((step) => ({ type: 'wizard.restore' as const, step, choices: complete })),
  // A service-voucher customer's booking (the booking may refuse the identifier).
  {
    type: 'wizard.restore',
    step: 'confirm',
    choices: { ...complete, customerType: voucherCustomer, voucherIdentifier: 'PSV-1' },
  },
];

/** The duplicate rule's 409, naming the patient's other check-up. */
function duplicateOf(canModify: boolean) {
  return conflict({
    UserMessage: 'Already booked',
    Code: 'duplicate-reservation',
    ExistingReservation: { ...reservation(slot('2026-12-08', '14')), id: 977, canModify },
  });
}

const systemEvents = actorEvents({
  checkVoucher: {
    outputs: [voucherResult],
    errors: [
      maintenance(),
      badRequest({ UserMessage: 'No', Code: 'invalid-voucher' }),
      badRequest({ UserMessage: 'No', Code: 'invalid-voucher', Problem: 'other-customer-type' }),
      badRequest({
        UserMessage: 'No',
        Code: 'invalid-voucher',
        Problem: 'expired',
        ProblemDate: '2026-10-31',
      }),
      serverError(),
    ],
  },
  checkCampaignCode: {
    outputs: [campaignResult],
    errors: [
      maintenance(),
      badRequest({ UserMessage: 'No', Code: 'invalid-campaign-code' }),
      badRequest({
        UserMessage: 'No',
        Code: 'invalid-campaign-code',
        Problem: 'expired',
        ProblemDate: '2025-12-31',
      }),
      serverError(),
    ],
  },
  getPosition: { outputs: [{ latitude: 61.5, longitude: 23.76 }], errors: [new Error('denied')] },
  // The picker stops only at a maintenance break.
  slotPicker: { outputs: [{ maintenanceStartsAt: '2026-12-01T20:00:00+02:00' }] },
  holdSlot: {
    outputs: [heldSlot(slot()), familyHeld(familyTimes)],
    errors: [maintenance(), conflict({ UserMessage: 'Taken', Code: 'slot-taken' }), serverError()],
  },
  createReservation: {
    outputs: [reservation(slot())],
    errors: [
      maintenance(),
      conflict({ UserMessage: 'Taken', Code: 'slot-taken' }),
      // The patient already has another appointment at that time.
      conflict({ UserMessage: 'Busy', Code: 'overlapping-reservation' }),
      unauthorized(),
      badRequest({ UserMessage: 'No', Code: 'invalid-campaign-code', Problem: 'not-for-reason' }),
      badRequest({
        UserMessage: 'No',
        Code: 'invalid-voucher',
        Problem: 'ends-before-visit',
        ProblemDate: '2026-12-01',
      }),
      serverError(),
      // The same service within 14 days: one the patient may still move, one inside its 24 h.
      duplicateOf(true),
      duplicateOf(false),
    ],
  },
  moveReservation: {
    outputs: [reservation(slot())],
    errors: [
      maintenance(),
      conflict({ UserMessage: 'Taken', Code: 'slot-taken' }),
      conflict({ UserMessage: 'Busy', Code: 'overlapping-reservation' }),
      unauthorized(),
      serverError(),
    ],
  },
  savePhone: { outputs: [null], errors: [serverError()] },
  createFamilyBooking: {
    outputs: [familyBookingOf(familyTimes, [guardian, child7])],
    errors: [
      maintenance(),
      // Whose time was taken, or who has a visit then.
      conflict({ UserMessage: 'Taken', Code: 'slot-taken', ProblemIndex: 1 }),
      conflict({ UserMessage: 'Busy', Code: 'overlapping-reservation', ProblemIndex: 0 }),
      unauthorized(),
      badRequest({ UserMessage: 'No', Code: 'invalid-campaign-code', Problem: 'not-for-reason' }),
      serverError(),
    ],
  },
}) as BookingEvent[];

/** Signing in as a user whose profile has the booked phone, or none. */
const profile = (phone: string | null) => ({
  firstName: 'Maija',
  lastName: 'Meikäläinen',
  email: null,
  phone,
  ssn: '',
});
const signIns: BookingEvent[] = [
  { type: 'auth.loggedIn', profile: profile(validDetails.phone) },
  { type: 'auth.loggedIn', profile: profile(null) },
];

/**
 * The events offered in a state. Root-level events (restore, maintenance, login state) are offered
 * only at the start or where they matter, so that the state space stays small; the coverage tests
 * below fail if this hides a transition.
 */
function events(snapshot: Snapshot): BookingEvent[] {
  const { context } = snapshot;
  const step = (name: string) => snapshot.matches({ wizard: name as never });
  const offered: BookingEvent[] = [
    { type: 'wizard.next' },
    { type: 'wizard.back' },
    { type: 'wizard.skip' },
    { type: 'wizard.submit' },
    ...systemEvents,
  ];
  if (step('customerType')) {
    offered.push(
      { type: 'customerType.select', customerType: privateCustomer },
      { type: 'customerType.select', customerType: voucherCustomer },
      { type: 'voucher.change', identifier: context.voucherIdentifier === '' ? 'PSV-1' : '' },
      { type: 'campaignCode.change', code: context.campaignCode === '' ? 'HYMY10' : '' },
      { type: 'customerType.offer', customerTypes: offeredTypes },
      { type: 'campaignCode.skip' },
      { type: 'voucher.switchCustomerType' },
      { type: 'voucher.bookAsPrivate' },
    );
    // A family (issue 55): the child ticked and unticked; the persons offered (again).
    if (context.family.length > 0)
      offered.push(
        { type: 'family.toggle', personId: child7.id },
        { type: 'family.toggle', personId: guardian.id },
      );
    // The persons arrive after the start (the guardian's input has none yet); a later list
    // without the child drops them from the family.
    if (context.person !== null)
      offered.push({
        type: 'family.offer',
        persons: context.family.length === 0 ? [guardian, child7] : [guardian],
        person: guardian,
      });
    if (context.customerType === null) {
      offered.push(...restores, { type: 'maintenance.on', startsAt: null });
    }
  }
  if (step('reason')) {
    const reason = context.voucher === null ? checkUp : privateOnly;
    offered.push({ type: 'reason.select', reason }, { type: 'reason.choose', reason });
    if (context.familyIds.length >= 2)
      offered.push(
        { type: 'reason.select', reason: toothache },
        { type: 'reason.choose', reason: toothache },
      );
  }
  if (step('branch')) {
    offered.push(
      { type: 'branch.select', selection: { branchIds: [4, 3], city: 'Helsinki' } },
      { type: 'branch.locate', branches: allBranches },
      { type: 'practitioner.prefer', employee: context.preferredEmployee === null ? aino : null },
      {
        type: 'branch.firstAvailable',
        selection: { branchIds: [4, 3], city: 'Helsinki' },
        date: '2026-12-02',
      },
    );
  }
  if (step('practitioner')) offered.push({ type: 'employee.select', employee: aino });
  if (step('slot')) {
    offered.push(
      { type: 'slotPicker.changed', date: '2026-12-15', slot: null },
      { type: 'slotPicker.changed', date: '2026-12-02', slot: slot() },
    );
    if (context.familyIds.length >= 2) offered.push({ type: 'family.choose', slots: familyTimes });
  }
  if (step('details')) {
    const valid = areDetailsValid(context.details, context.reason);
    offered.push(
      { type: 'details.change', details: valid ? { email: '' } : validDetails },
      {
        type: 'details.previousAddress',
        address: { street: 'Testikatu 1', postalCode: '00100', city: 'Helsinki' },
      },
      ...(context.signedIn ? [] : [{ type: 'auth.login' } as const, ...signIns.slice(0, 1)]),
      { type: 'details.useTyped' },
      { type: 'details.savePhone', save: !context.savePhoneToProfile },
    );
  }
  if (snapshot.matches({ wizard: { confirm: 'reviewing' } })) {
    offered.push(
      { type: 'auth.loggedOut' },
      ...signIns,
      { type: 'campaignCode.skip' },
      { type: 'slot.chooseEarlier' },
      { type: 'details.useTyped' },
      { type: 'details.savePhone', save: !context.savePhoneToProfile },
    );
  }
  if (snapshot.matches({ wizard: { confirm: 'duplicate' } })) {
    offered.push(
      { type: 'duplicate.keepBoth' },
      { type: 'duplicate.move' },
      { type: 'duplicate.chooseAnotherTime' },
    );
  }
  if (step('loginRequired')) offered.push({ type: 'auth.login' }, ...signIns);
  // The chosen time's hold, where it shows.
  if (['details', 'confirm', 'loginRequired'].some(step)) {
    const later = slot('2026-12-02', '10');
    offered.push(
      { type: 'hold.ended' },
      { type: 'hold.renewed', slot: later, hold: heldSlot(later) },
      { type: 'hold.chooseAnotherTime' },
    );
  }
  if (snapshot.matches('maintenance')) offered.push({ type: 'maintenance.off' }, restores[4]!);
  return offered;
}

/** The state key: the value plus the answers that the current state's guards read. */
function serializeState(snapshot: Snapshot): string {
  const { context } = snapshot;
  const step = (name: string) => snapshot.matches({ wizard: name as never });
  const facts: unknown[] = [snapshot.value];
  if (step('customerType')) {
    facts.push(
      context.customerType?.id ?? null,
      context.voucherIdentifier !== '',
      context.voucher !== null,
      context.campaignCode !== '',
      context.campaign !== null,
      context.requestedCustomerType,
      context.offeredCustomerTypes.length,
      context.codeProblem,
      context.family.length,
    );
  }
  // The family's persons matter on every step (issue 55).
  facts.push(context.familyIds, context.familySlots.length);
  if (step('reason')) facts.push(context.reason !== null, context.voucher !== null);
  if (step('branch')) facts.push(context.branch !== null, context.preferredEmployee !== null);
  if (step('slot')) facts.push(context.date, context.slot?.key ?? null, context.hold !== null);
  if (['details', 'confirm', 'loginRequired'].some(step))
    facts.push(context.hold?.slotKey ?? null, context.holdEnded, context.slot?.key);
  if (step('details')) facts.push(areDetailsValid(context.details, context.reason));
  if (step('confirm') || step('loginRequired'))
    facts.push(
      context.signedIn,
      context.profile?.phone,
      context.codeProblem,
      context.customerType?.id,
      context.duplicate?.canModify ?? null,
      context.allowDuplicate,
      context.savePhoneToProfile,
    );
  return JSON.stringify(facts);
}

/** What each step needs before it can be shown. */
function check(snapshot: Snapshot): void {
  const { context } = snapshot;
  const step = (name: string) => snapshot.matches({ wizard: name as never });
  if (!step('customerType') && !snapshot.matches('maintenance')) {
    expect(context.customerType).not.toBeNull();
    if (context.customerType?.identifierRequired) expect(context.voucherIdentifier).not.toBe('');
  }
  if (['branch', 'practitioner', 'slot', 'details', 'confirm', 'loginRequired'].some(step)) {
    expect(context.reason).not.toBeNull();
  }
  if (['practitioner', 'slot', 'details', 'confirm', 'loginRequired'].some(step)) {
    expect(context.branch?.branchIds.length).toBeGreaterThan(0);
  }
  if (['details', 'confirm', 'loginRequired'].some(step)) {
    expect(context.slot).not.toBeNull();
    // A family has one time per person, the first being the chosen slot.
    if (context.familyIds.length >= 2) {
      expect(context.familySlots).toHaveLength(context.familyIds.length);
      expect(context.familySlots[0]?.key).toBe(context.slot?.key);
    }
  }
  // A family is two persons or more; one alone is only the other person ticked.
  expect(context.familyIds.length).not.toBeGreaterThan(4);
  if (snapshot.matches({ wizard: { confirm: 'bookingFamily' } })) {
    expect(context.signedIn).toBe(true);
    expect(context.familyIds.length).toBeGreaterThanOrEqual(2);
  }
  if (context.familyBooking !== null) expect(snapshot.matches('thankYou')).toBe(true);
  if (context.familyIds.length >= 2 && context.customerType !== null)
    expect(context.customerType.identifierRequired).toBe(false);
  // Past the times, a hold is of the chosen time, never beside an ended one; on the times, only
  // the time still chosen (or chosen before browsing other days) stays held.
  if (['details', 'confirm', 'loginRequired'].some(step) && context.hold !== null) {
    expect(context.hold.slotKey).toBe(context.slot?.key);
    expect(context.holdEnded).toBe(false);
  }
  if (snapshot.matches({ wizard: { slot: 'choosing' } })) {
    if (context.slot !== null && context.hold !== null)
      expect(context.hold.slotKey).toBe(context.slot.key);
    expect(context.holdEnded).toBe(false);
  }
  if (['confirm', 'loginRequired'].some(step)) {
    expect(areDetailsValid(context.details, context.reason)).toBe(true);
  }
  if (snapshot.matches({ wizard: { confirm: 'submitting' } })) expect(context.signedIn).toBe(true);
  // The duplicate question names the other reservation; only a movable one is moved.
  if (snapshot.matches({ wizard: { confirm: 'duplicate' } }))
    expect(context.duplicate).not.toBeNull();
  if (snapshot.matches({ wizard: { confirm: 'moving' } }))
    expect(context.duplicate?.canModify).toBe(true);
  if (context.allowDuplicate) expect(context.duplicate).not.toBeNull();
  if (context.movedFrom !== null) expect(snapshot.matches('thankYou')).toBe(true);
  if (step('loginRequired')) expect(context.signedIn).toBe(false);
  if (snapshot.matches('thankYou')) expect(context.reservation).not.toBeNull();
  if (snapshot.matches('savingPhone')) {
    expect(context.signedIn).toBe(true);
    expect(context.profile?.phone).not.toBe(context.details.phone);
  }
  expect(context.date >= context.today).toBe(true);
  // A refused code's case lives on the first step, or on the confirm step when the booking
  // itself refused it (kept through a maintenance break).
  if (context.codeProblem !== null) {
    expect(
      step('customerType') ||
        snapshot.matches({ wizard: { confirm: 'reviewing' } }) ||
        snapshot.matches('maintenance'),
    ).toBe(true);
    expect(context.fieldErrors[context.codeProblem.field]).toBeDefined();
    if (context.codeProblem.field === 'voucherIdentifier')
      expect(context.customerType?.identifierRequired).toBe(true);
  }
}

beforeAll(() => {
  vi.useFakeTimers();
});
afterAll(() => {
  vi.useRealTimers();
});

/** The checked-in path set, and the command that makes it again after a change to the wizard. */
const SET_FILE = fileURLToPath(new URL('./booking.paths.json', import.meta.url));
const GENERATE = 'pnpm --filter @portal/machines paths';
/** How long making the path set may take (`UPDATE_PATHS=1`); the replay has vitest's default. */
const GENERATION_TIMEOUT_MS = process.env.UPDATE_PATHS === '1' ? 900_000 : undefined;

describe('booking wizard paths', () => {
  const model = {
    machine,
    inputs: [
      { today: TODAY, signedIn: true },
      { today: TODAY, signedIn: false },
      { today: TODAY, signedIn: false, requestedCustomerType: 'serviceVoucher' },
      // A guardian who may book for their child (issue 55): a family booking is offered.
      { today: TODAY, signedIn: true, person: guardian, family: [] },
    ],
    events,
    serializeState,
    check,
  } satisfies PathModel<typeof machine>;
  // This file and every module it imports: the machine, its steps, the fakes, the events offered.
  const sources = sourcesHash(fileURLToPath(import.meta.url));
  let set: PathSet;
  let coverage: PathCoverage = { paths: [], taken: new Set(), visited: new Set() };

  beforeAll(() => {
    if (process.env.UPDATE_PATHS === '1') {
      // The whole exploration, every snapshot checked; the covering paths are kept.
      set = generatePathSet(model, { sources, generatedBy: GENERATE });
      const lines = set.paths.map((path) => JSON.stringify(path));
      const { paths: _paths, ...head } = set;
      writeFileSync(
        SET_FILE,
        `${JSON.stringify(head).slice(0, -1)},"paths":[\n${lines.join(',\n')}\n]}\n`,
      );
    } else {
      set = JSON.parse(readFileSync(SET_FILE, 'utf8')) as PathSet;
    }
    if (set.sources === sources) coverage = replayPathSet(model, set);
    // Making the set anew explores every state (57,469 with the family booking): about 90 s on
    // an idle machine of two cores, more under load; a replay takes seconds.
  }, GENERATION_TIMEOUT_MS);

  test(`The checked-in paths are the wizard's of today (\`${GENERATE}\` makes them again)`, () => {
    expect(set.sources, `The wizard changed since its paths were made: run \`${GENERATE}\``).toBe(
      sources,
    );
    expect(set.paths.length).toBeGreaterThan(0);
  });

  test('The paths through the wizard visit every state', () => {
    const missing = allStateNodes(machine).filter((node) => !coverage.visited.has(node));
    expect(missing.map((node) => node.id)).toEqual([]);
  });

  test('The paths through the wizard take every transition', () => {
    const missing = allTransitions(machine).filter((transition) => !coverage.taken.has(transition));
    expect(missing.map(describeTransition)).toEqual([]);
  });
});
