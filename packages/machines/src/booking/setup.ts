import { ConflictError, type CodeProblem, type Schemas } from '@portal/sdk';
import { assign, raise, setup } from 'xstate';
import type { BranchSelection } from '../pickers/branch-picker.ts';
import type { Coordinates } from '../pickers/closest-branch.ts';
import { closestBranch } from '../pickers/closest-branch.ts';
import { isApiErrorWith, isMaintenanceError, maintenanceStartsAt } from '../shared/api-errors.ts';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided.ts';
import { slotPickerMachine } from '../slots/slot-picker.machine.ts';
import type {
  BookingAddress,
  BookingChoices,
  BookingProfile,
  BookingStep,
  ChosenCustomerType,
} from './booking-choices.ts';
import { FAMILY_MAX, type BookingPerson } from './family.ts';
import {
  defaultCustomerType,
  hasChosenTimes,
  holdOfSlot,
  isFamilyBooking,
  prefilledDetails,
  withIdentity,
  withPreviousAddress,
  needsVoucherCheck,
  restorableStep,
  sameBranches,
} from './booking-choices.ts';
import type { BookingCodeProblem, CodeField, CodeWayForward } from './code-problems.ts';
import { contactOffer, isPhoneChanged, typedContactOf, withProfileContact } from './contact.ts';
import { codeProblemKey, codeProblemOf, codeWayForward } from './code-problems.ts';
import type { BookingDetails } from './validate-details.ts';
import { areDetailsValid, validateDetails } from './validate-details.ts';
import type {
  Branch,
  BookingReason,
  Employee,
  Slot,
  BookingErrorKey,
  BookingFieldErrorKey,
  BookingFieldErrors,
  BookingContext,
  BookingInput,
  BookingEvent,
} from './types.ts';
/** The customer type a voucher's way forward goes to (its guard has checked there is one). */
export const wayForwardType = (context: BookingContext): ChosenCustomerType =>
  (codeWayForward(context) as Extract<CodeWayForward, { customerType: unknown }>).customerType;

/** The id of a hold that is not of the chosen time (to release), or null. */
export const staleHoldId = (
  choices: Pick<BookingContext, 'hold' | 'slot' | 'familySlots'>,
): string | null =>
  choices.hold !== null && holdOfSlot(choices) === null ? choices.hold.id : null;

/** The duplicate question not asked (or forgotten with the time it was about). */
export const NOT_ASKED = { duplicate: null, allowDuplicate: false } as const;

/** The reservation a 409 `duplicate-reservation` names (`ExistingReservation`), if any. */
export function existingReservationOf(error: unknown): Schemas['Reservation'] | null {
  return error instanceof ConflictError && error.code === 'duplicate-reservation'
    ? (error.existingReservation ?? null)
    : null;
}

/** The step's code problem, unless it is one of `fields`'. */
export const withoutProblemFor = (
  problem: BookingCodeProblem | null,
  fields: readonly string[],
): BookingCodeProblem | null =>
  problem !== null && fields.includes(problem.field) ? null : problem;

export const withoutErrorsFor = (
  errors: BookingFieldErrors,
  fields: readonly string[],
): BookingFieldErrors =>
  Object.fromEntries(
    Object.entries(errors).filter(([field]) => !fields.includes(field)),
  ) as BookingFieldErrors;

/** The failed call's error, as the guards and actions below take it. */
export const errorOf = ({ event }: { event: { error?: unknown } }) => ({ error: event.error });

/**
 * How a booking call (the booking, or the move instead of it) stops, whichever it was: a
 * maintenance break shows the notice, a time taken meanwhile goes back to the times, and a lost
 * session asks for the login again (spec §8); the call's own outcomes follow.
 */
export const STOPPED_BOOKING_CALL = [
  {
    guard: { type: 'isMaintenanceError', params: errorOf },
    target: '#booking.maintenance',
    actions: {
      type: 'setMaintenance',
      params: ({ event }: { event: { error?: unknown } }) => ({
        startsAt: maintenanceStartsAt(event.error),
      }),
    },
  },
  {
    guard: { type: 'isSlotTaken', params: errorOf },
    target: '#booking.wizard.slot',
    actions: ['clearSlot', { type: 'setError', params: { key: 'reservation.slotTaken' } }],
  },
  {
    // The patient has another appointment at that time: another time, the choices kept.
    guard: { type: 'isOwnOverlap', params: errorOf },
    target: '#booking.wizard.slot',
    actions: ['clearSlot', { type: 'setError', params: { key: 'reservation.overlapsOwn' } }],
  },
  {
    guard: { type: 'isUnauthorized', params: errorOf },
    target: '#booking.wizard.loginRequired',
    actions: { type: 'setSignedIn', params: { signedIn: false } },
  },
] as const;

/**
 * The ways on from an ended hold, on the steps that say so (details, confirm, login; not while
 * the booking or the move is under way, so that the time cannot change under them): the same
 * or another of the nearest times held again, or back to the times.
 */
export const HOLD_ENDED_WAYS = {
  'hold.renewed': {
    guard: 'isRenewal',
    actions: {
      type: 'renewHold',
      params: ({ event }: { event: { slot?: Slot; hold?: Schemas['SlotHold'] } }) => ({
        slot: event.slot as Slot,
        hold: event.hold as Schemas['SlotHold'],
      }),
    },
  },
  'hold.chooseAnotherTime': {
    guard: 'isHoldEnded',
    target: '#booking.wizard.slot',
    actions: ['clearSlot', 'clearErrors'],
  },
} as const;

/**
 * The patient's choices about contact details, on the details and confirm steps: the details
 * typed before a login instead of the profile's, and whether the booked phone also goes to the
 * profile (unticked until ticked).
 */
export const CONTACT_CHOICE_WAYS = {
  'details.useTyped': { actions: 'useTypedContact' },
  'details.savePhone': {
    actions: {
      type: 'setSavePhone',
      params: ({ event }: { event: { save?: boolean } }) => ({ save: event.save === true }),
    },
  },
} as const;

/**
 * The booking wizard's setup: its types, the actors it invokes, its actions and guards. The steps
 * (steps/) make their state configurations from it (`bookingSetup.createStateConfig`), and
 * booking.machine.ts composes them into the machine.
 */
export const bookingSetup = setup({
  types: {
    context: {} as BookingContext,
    events: {} as BookingEvent,
    input: {} as BookingInput,
    children: {} as {
      checkVoucher: 'checkVoucher';
      checkCampaignCode: 'checkCampaignCode';
      getPosition: 'getPosition';
      slotPicker: 'slotPicker';
      holdSlot: 'holdSlot';
      createReservation: 'createReservation';
      createFamilyBooking: 'createFamilyBooking';
      moveReservation: 'moveReservation';
      savePhone: 'savePhone';
    },
  },
  actors: {
    checkVoucher: notProvidedActor<Schemas['VoucherCheckResult'], Schemas['VoucherCheckRequest']>(
      'checkVoucher',
    ),
    checkCampaignCode: notProvidedActor<
      Schemas['CampaignCodeCheckResult'],
      Schemas['CampaignCodeCheckRequest']
    >('checkCampaignCode'),
    getPosition: notProvidedActor<Coordinates>('getPosition'),
    slotPicker: slotPickerMachine,
    /** Holds the chosen slot while the details are filled in (`createSlotHold`). */
    holdSlot: notProvidedActor<Schemas['SlotHold'], { slotKey: string; familySlotKeys?: string[] }>(
      'holdSlot',
    ),
    createReservation: notProvidedActor<
      Schemas['Reservation'],
      Schemas['ReservationCreateRequest']
    >('createReservation'),
    /** Books a family's times all or none (issue 55). */
    createFamilyBooking: notProvidedActor<
      Schemas['FamilyBooking'],
      Schemas['FamilyBookingRequest']
    >('createFamilyBooking'),
    /** Moves the patient's other reservation to the chosen slot (the duplicate question). */
    moveReservation: notProvidedActor<
      Schemas['Reservation'],
      { id: number; slotKey: string; holdId?: string }
    >('moveReservation'),
    /** Saves the booked phone to the signed-in user's profile. */
    savePhone: notProvidedActor<unknown, { phone: string }>('savePhone'),
  },
  actions: {
    /** To the strong login, back to `step` afterwards. */
    goToLogin: notProvidedAction<{ step: 'details' | 'confirm' }>('goToLogin'),
    /**
     * Ends a hold on the server, when `id` names one (fire and forget: an unreleased hold
     * expires by itself); null: nothing to release.
     */
    releaseHold: notProvidedAction<{ id: string | null }>('releaseHold'),
    logError: notProvidedAction<{ message: string; error: unknown }>('logError'),

    setCustomerType: assign(({ context }, params: { customerType: ChosenCustomerType }) => {
      // A voucher or commitment is one person's: choosing one books for one (issue 55).
      const alone =
        params.customerType.identifierRequired && isFamilyBooking(context)
          ? { familyIds: [], familySlots: [], slot: null }
          : {};
      const changed = context.customerType?.id !== params.customerType.id;
      if (!changed) return { customerType: params.customerType, ...alone };
      const reasonStillOffered =
        context.reason?.customerTypes.includes(params.customerType.id) ?? false;
      return {
        customerType: params.customerType,
        voucher: null,
        reason: reasonStillOffered ? context.reason : null,
        slot: null,
        fieldErrors: withoutErrorsFor(context.fieldErrors, ['voucherIdentifier']),
        codeProblem: withoutProblemFor(context.codeProblem, ['voucherIdentifier']),
        ...alone,
      };
    }),
    forgetRequestedCustomerType: assign({ requestedCustomerType: null }),
    /** The persons a family booking can take; a chosen one no longer among them is dropped. */
    setFamily: assign(
      ({ context }, params: { persons: BookingPerson[]; person?: BookingPerson | null }) => {
        const familyIds = context.familyIds.filter((id) =>
          params.persons.some((person) => person.id === id),
        );
        const changed = familyIds.length !== context.familyIds.length;
        return {
          family: params.persons,
          ...(params.person === undefined ? {} : { person: params.person }),
          ...(changed ? { familyIds, familySlots: [], slot: null, ...NOT_ASKED } : {}),
        };
      },
    ),
    /**
     * A person ticked or unticked for a family booking: the persons in the list's order, at most
     * FAMILY_MAX; the person the booking is for alone is no family. Another count of persons
     * needs other times; a family books as a private customer (a voucher is one person's).
     */
    toggleFamilyMember: assign(({ context }, params: { personId: number }) => {
      const own = context.person === null ? [] : [context.person.id];
      const base = context.familyIds.length > 0 ? context.familyIds : own;
      const next = base.includes(params.personId)
        ? base.filter((id) => id !== params.personId)
        : base.length >= FAMILY_MAX
          ? base
          : [...base, params.personId];
      const ordered = context.family.map((person) => person.id).filter((id) => next.includes(id));
      const familyIds = ordered.length === 1 && ordered[0] === own[0] ? [] : ordered;
      const family = familyIds.length >= 2;
      const voucherType = context.customerType?.identifierRequired === true;
      return {
        familyIds,
        familySlots: [],
        slot: null,
        ...NOT_ASKED,
        ...(family && voucherType
          ? {
              customerType: defaultCustomerType(context.offeredCustomerTypes) ?? null,
              voucher: null,
              fieldErrors: withoutErrorsFor(context.fieldErrors, ['family', 'voucherIdentifier']),
              codeProblem: withoutProblemFor(context.codeProblem, ['voucherIdentifier']),
            }
          : { fieldErrors: withoutErrorsFor(context.fieldErrors, ['family']) }),
      };
    }),
    /** A family's times chosen: the first is the chosen slot, asked about afresh. */
    chooseFamilyTimes: assign((_, params: { slots: Slot[] }) => ({
      slot: params.slots[0] ?? null,
      familySlots: params.slots,
      date: params.slots[0]?.startTime.slice(0, 10) ?? '',
      error: null,
      familyProblem: null,
      ...NOT_ASKED,
    })),
    setFamilyBooking: assign((_, params: { booking: Schemas['FamilyBooking'] }) => ({
      familyBooking: params.booking,
      reservation: params.booking.reservations[0] ?? null,
      hold: null,
    })),
    /** Whose time or visit a family booking's refusal was about (`ProblemIndex`). */
    setFamilyProblem: assign((_, params: { error: unknown }) => ({
      familyProblem:
        params.error instanceof ConflictError ? (params.error.problemIndex ?? null) : null,
    })),
    setOfferedCustomerTypes: assign((_, params: { customerTypes: ChosenCustomerType[] }) => ({
      offeredCustomerTypes: params.customerTypes,
    })),
    setVoucherIdentifier: assign(({ context }, params: { identifier: string }) => ({
      voucherIdentifier: params.identifier,
      voucher: null,
      fieldErrors: withoutErrorsFor(context.fieldErrors, ['voucherIdentifier']),
      codeProblem: withoutProblemFor(context.codeProblem, ['voucherIdentifier']),
    })),
    setCampaignCode: assign(({ context }, params: { code: string }) => ({
      campaignCode: params.code,
      campaign: null,
      fieldErrors: withoutErrorsFor(context.fieldErrors, ['campaignCode']),
      codeProblem: withoutProblemFor(context.codeProblem, ['campaignCode']),
    })),
    /** A refused code or identifier: its case, and the case's message under the field. */
    setCodeProblem: assign(({ context }, params: { field: CodeField; error: unknown }) => {
      const codeProblem = codeProblemOf(params.error, params.field);
      return {
        codeProblem,
        fieldErrors: {
          ...context.fieldErrors,
          [params.field]: codeProblemKey(params.field, codeProblem, context.customerType?.id),
        },
      };
    }),
    /** Goes on as the step's Next would (after a way forward changed the answers). */
    goOn: raise({ type: 'wizard.next' }),
    requireIdentifier: assign(({ context }) => ({
      fieldErrors: { ...context.fieldErrors, voucherIdentifier: 'validation.required' as const },
    })),
    setVoucher: assign((_, params: { voucher: Schemas['VoucherCheckResult'] }) => ({
      voucher: params.voucher,
    })),
    setCampaign: assign((_, params: { campaign: Schemas['CampaignCodeCheckResult'] }) => ({
      campaign: params.campaign,
      campaignCode: params.campaign.code,
    })),
    setFieldError: assign(
      ({ context }, params: { field: 'reason' | 'family'; key: BookingFieldErrorKey }) => ({
        fieldErrors: { ...context.fieldErrors, [params.field]: params.key },
      }),
    ),
    setReason: assign(({ context }, params: { reason: BookingReason }) => ({
      reason: params.reason,
      slot: context.reason?.id === params.reason.id ? context.slot : null,
      fieldErrors: withoutErrorsFor(context.fieldErrors, ['reason']),
    })),
    setBranch: assign(({ context }, params: { selection: BranchSelection }) => ({
      branch: params.selection,
      slot: sameBranches(context.branch, params.selection) ? context.slot : null,
    })),
    chooseFirstAvailable: assign(
      ({ context }, params: { selection: BranchSelection; date: string }) => ({
        branch: params.selection,
        // Skipping the practitioner step: the one chosen first if they work there, else anyone.
        employee: worksAtChosenBranch(context.preferredEmployee, params.selection)
          ? context.preferredEmployee
          : null,
        date: params.date,
        slot: null,
      }),
    ),
    setLocateCandidates: assign((_, params: { branches: Branch[] }) => ({
      locateCandidates: params.branches,
    })),
    selectClosestBranch: assign(({ context }, params: { position: Coordinates }) => {
      const closest = closestBranch(context.locateCandidates, params.position);
      if (closest === undefined) return { position: params.position };
      const selection = { branchIds: [closest.Id], city: closest.Address.City };
      return {
        branch: selection,
        slot: sameBranches(context.branch, selection) ? context.slot : null,
        position: params.position,
      };
    }),
    clearLocateCandidates: assign({ locateCandidates: [] }),
    setPreferredEmployee: assign((_, params: { employee: Employee | null }) => ({
      preferredEmployee: params.employee,
    })),
    /** Opening the practitioner step: the practitioner chosen first, when they work there. */
    choosePreferredEmployee: assign(({ context }) =>
      context.employee === null && worksAtChosenBranch(context.preferredEmployee, context.branch)
        ? { employee: context.preferredEmployee }
        : {},
    ),
    setEmployee: assign(({ context }, params: { employee: Employee | null }) => ({
      employee: params.employee,
      slot: context.employee?.Id === params.employee?.Id ? context.slot : null,
    })),
    /**
     * The picker's day and slot; a chosen slot ends the 'taken' notice. Another time is asked
     * about afresh (the duplicate question was about the time before).
     */
    setPicked: assign(({ context }, params: { date: string; slot: Slot | null }) => ({
      date: params.date,
      slot: params.slot,
      error: params.slot === null ? context.error : null,
      ...(params.slot?.key === context.slot?.key ? {} : NOT_ASKED),
      // A family's times stay while the picker shows their first one (or only browses days).
      ...(params.slot === null || params.slot.key === context.familySlots[0]?.key
        ? {}
        : { familySlots: [] }),
    })),
    clearSlot: assign({ slot: null, familySlots: [], ...NOT_ASKED }),
    /** The time is no longer the patient's to book: its hold is released (if any) and forgotten. */
    /** Keeps the hold only while it is of the chosen time; an ended one is forgotten. */
    keepChosenHold: assign(({ context }) => ({ hold: holdOfSlot(context), holdEnded: false })),
    forgetHold: assign({ hold: null, holdEnded: false }),
    /** Browsing the days keeps the hold; another time chosen lets it go. */
    keepHoldWhileBrowsing: assign(({ context }) => ({
      hold: context.slot === null ? context.hold : holdOfSlot(context),
    })),
    /** The hold of the chosen time (an answer about another time holds nothing of it). */
    setHold: assign(({ context }, params: { hold: Schemas['SlotHold'] }) => ({
      hold: holdOfSlot({ ...context, hold: params.hold }),
      holdEnded: false,
    })),
    endHold: assign({ hold: null, holdEnded: true }),
    /** Another time held after the hold ended: it is the chosen one now, asked about afresh. */
    renewHold: assign((_, params: { slot: Slot; hold: Schemas['SlotHold'] }) => ({
      slot: params.slot,
      date: params.slot.startTime.slice(0, 10),
      hold: params.hold,
      holdEnded: false,
      error: null,
      ...NOT_ASKED,
    })),
    setDuplicate: assign((_, params: { error: unknown }) => ({
      duplicate: existingReservationOf(params.error),
    })),
    keepBoth: assign({ allowDuplicate: true }),
    setMoved: assign(({ context }, params: { reservation: Schemas['Reservation'] }) => ({
      reservation: params.reservation,
      movedFrom: context.duplicate,
      hold: null,
    })),
    setDetails: assign(({ context }, params: { details: Partial<BookingDetails> }) => {
      const details = { ...context.details, ...params.details };
      return {
        details,
        fieldErrors: withoutErrorsFor(context.fieldErrors, Object.keys(params.details)),
        // A visitor's typing: a login will put the profile's contact in its place.
        ...(context.signedIn ? {} : { visitorContact: typedContactOf(details) }),
      };
    }),
    showDetailsErrors: assign(({ context }) => ({
      fieldErrors: validateDetails(context.details, context.reason),
    })),
    setError: assign((_, params: { key: BookingErrorKey }) => ({ error: params.key })),
    clearErrors: assign({ error: null, fieldErrors: {}, codeProblem: null }),
    setSignedIn: assign((_, params: { signedIn: boolean }) => ({ signedIn: params.signedIn })),
    /**
     * Signed in: the identity's name and identity code replace any typed before; the profile's
     * e-mail and phone replace what a visitor typed, which is offered back (`typedContact`).
     */
    signIn: assign(({ context }, params: { profile: BookingProfile | null | undefined }) => {
      const profile = params.profile ?? null;
      if (profile === null) return { signedIn: true, profile };
      const { details, replaced } = withIdentity(context.details, profile);
      const visitor = context.visitorContact;
      return {
        signedIn: true,
        profile,
        details: visitor === null ? details : withProfileContact(details, profile),
        identityReplaced: context.identityReplaced || replaced,
        ...(visitor === null ? {} : { typedContact: visitor, visitorContact: null }),
      };
    }),
    /** A returning patient's address, kept for a later visit to the step; a begun one stays. */
    setPreviousAddress: assign(({ context }, params: { address: BookingAddress }) => ({
      profile: context.profile && { ...context.profile, address: params.address },
      details: withPreviousAddress(
        context.details,
        params.address,
        context.typedContact,
        context.profile?.address ?? null,
      ),
    })),
    /** The details step's empty fields from the signed-in user's profile; typed ones stay. */
    prefillDetails: assign(({ context }) => ({
      details: prefilledDetails(context.details, context.profile, context.typedContact),
    })),
    /** "Use these instead": the details typed before the login replace the profile's. */
    useTypedContact: assign(({ context }) => {
      const offer = contactOffer(context.typedContact, context.details);
      return {
        details: { ...context.details, ...offer },
        typedContact: null,
        fieldErrors: withoutErrorsFor(context.fieldErrors, Object.keys(offer)),
      };
    }),
    setSavePhone: assign((_, params: { save: boolean }) => ({ savePhoneToProfile: params.save })),
    setMaintenance: assign((_, params: { startsAt: string | null | undefined }) => ({
      maintenanceStartsAt: params.startsAt ?? null,
    })),
    markPhoneUpdateFailed: assign({ phoneUpdateFailed: true }),
    /** Booked: the booking used the hold up. */
    setReservation: assign((_, params: { reservation: Schemas['Reservation'] }) => ({
      reservation: params.reservation,
      hold: null,
    })),
    restoreChoices: assign(({ context }, params: { choices: Partial<BookingChoices> }) => {
      const restored = { ...context, ...params.choices };
      // A voucher or commitment is one person's (issue 55): such answers book for one.
      const choices =
        restored.customerType?.identifierRequired === true && isFamilyBooking(restored)
          ? { ...restored, familyIds: [], familySlots: [] }
          : restored;
      const date = choices.date < context.today ? context.today : choices.date;
      return {
        ...choices,
        date,
        // A stored hold of another slot than the stored one protects nothing.
        hold: holdOfSlot(choices),
        holdEnded: false,
        voucher: null,
        campaign: null,
        error: null,
        fieldErrors: {},
        codeProblem: null,
        ...NOT_ASKED,
      };
    }),
  },
  guards: {
    hasCustomerType: ({ context }) => context.customerType !== null,
    offersRequestedType: ({ context }, params: { offered: readonly ChosenCustomerType[] }) =>
      params.offered.some((type) => type.id === context.requestedCustomerType),
    /** Nothing chosen yet, and a type that needs no number is offered. */
    offersDefaultType: ({ context }, params: { offered: readonly ChosenCustomerType[] }) =>
      context.customerType === null && defaultCustomerType(params.offered) !== undefined,
    isIdentifierMissing: ({ context }) =>
      context.customerType?.identifierRequired === true && context.voucherIdentifier.trim() === '',
    needsVoucherCheck: ({ context }) => needsVoucherCheck(context) && context.voucher === null,
    hasUncheckedCampaignCode: ({ context }) =>
      context.customerType !== null &&
      context.campaignCode.trim() !== '' &&
      context.campaign === null,
    isMaintenanceError: (_, params: { error: unknown }) => isMaintenanceError(params.error),
    /** A code refused at booking, of this field (and case, when given). */
    hasCodeProblem: ({ context }, params: { field: CodeField; problem?: CodeProblem }) =>
      context.codeProblem?.field === params.field &&
      (params.problem === undefined || context.codeProblem.problem === params.problem),
    offersWayForward: ({ context }, params: { event: CodeWayForward['event'] }) =>
      codeWayForward(context)?.event === params.event,
    isInvalidVoucher: (_, params: { error: unknown }) =>
      isApiErrorWith(params.error, 'bad-request', 'invalid-voucher'),
    /** The booking refused the identifier of a voucher or commitment customer. */
    isRefusedVoucher: ({ context }, params: { error: unknown }) =>
      context.customerType?.identifierRequired === true &&
      isApiErrorWith(params.error, 'bad-request', 'invalid-voucher'),
    isInvalidCampaignCode: (_, params: { error: unknown }) =>
      isApiErrorWith(params.error, 'bad-request', 'invalid-campaign-code'),
    isSlotTaken: (_, params: { error: unknown }) =>
      isApiErrorWith(params.error, 'conflict', 'slot-taken'),
    /** The 409 of a time the patient already has another appointment at. */
    isOwnOverlap: (_, params: { error: unknown }) =>
      isApiErrorWith(params.error, 'conflict', 'overlapping-reservation'),
    /** The 409 of the duplicate rule, naming the patient's other reservation. */
    isDuplicate: (_, params: { error: unknown }) =>
      isApiErrorWith(params.error, 'conflict', 'duplicate-reservation') &&
      existingReservationOf(params.error) !== null,
    /** The other reservation can still be moved online (24 hours before its start). */
    canMoveDuplicate: ({ context }) => context.duplicate?.canModify === true,
    isUnauthorized: (_, params: { error: unknown }) => isApiErrorWith(params.error, 'unauthorized'),
    isReasonCoveredByVoucher: ({ context }, params: { reason: BookingReason }) =>
      context.voucher === null || context.voucher.reasonIds.includes(params.reason.id),
    hasReason: ({ context }) => context.reason !== null,
    isSelectionNonEmpty: (_, params: { selection: BranchSelection }) =>
      params.selection.branchIds.length > 0,
    hasBranch: ({ context }) => (context.branch?.branchIds.length ?? 0) > 0,
    /** A time chosen; for a family, one per person. */
    hasSlot: ({ context }) => hasChosenTimes(context),
    isFamily: ({ context }) => isFamilyBooking(context),
    /** Only one person ticked, and not the one the booking is for: no family, no booking. */
    isFamilyOfOneOther: ({ context }) => context.familyIds.length === 1,
    /** A service that needs a description of each visit is booked one person at a time. */
    isReasonNotForFamily: ({ context }, params: { reason: BookingReason }) =>
      isFamilyBooking(context) && params.reason.requiresStaffDescription,
    isHeld: ({ context }) => context.hold !== null,
    isChosenHeld: ({ context }) => holdOfSlot(context) !== null,
    isHoldEnded: ({ context }) => context.holdEnded,
    /** Another time held after the hold ended, the hold being of that very time. */
    isRenewal: ({ context, event }) =>
      context.holdEnded &&
      !isFamilyBooking(context) &&
      event.type === 'hold.renewed' &&
      event.hold.slotKey === event.slot.key,
    areDetailsValid: ({ context }) => areDetailsValid(context.details, context.reason),
    isSignedIn: ({ context }) => context.signedIn,
    isBookedPhoneNew: ({ context }) => willSaveBookedPhone(context),
    restoresTo: ({ context, event }, params: { step: BookingStep }) =>
      event.type === 'wizard.restore' &&
      restorableStep({ ...context, ...event.choices }, event.step) === params.step,
  },
});

/** Whether a practitioner works at one of the chosen branches. */
function worksAtChosenBranch(employee: Employee | null, branch: BranchSelection | null): boolean {
  return employee !== null && employee.Branches.some((id) => branch?.branchIds.includes(id));
}

/**
 * Whether booking will also save the typed phone to the signed-in user's profile: only when the
 * patient ticked it (issue 54: a booking never overwrites the profile unasked).
 */
export function willSaveBookedPhone(
  context: Pick<BookingContext, 'signedIn' | 'profile' | 'details' | 'savePhoneToProfile'>,
): boolean {
  return context.savePhoneToProfile && isPhoneNew(context);
}

/** Whether the booking's phone differs from the signed-in user's profile's (the choice is offered). */
export function isPhoneNew(
  context: Pick<BookingContext, 'signedIn' | 'profile' | 'details'>,
): boolean {
  return (
    context.signedIn &&
    context.profile !== null &&
    isPhoneChanged(context.profile.phone, context.details.phone)
  );
}
