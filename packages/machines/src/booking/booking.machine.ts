import { ConflictError, type CodeProblem, type Schemas } from '@portal/sdk';
import type { SnapshotFrom } from 'xstate';
import { assign, raise, setup } from 'xstate';
import type { BranchSelection } from '../pickers/branch-picker.ts';
import type { Coordinates } from '../pickers/closest-branch.ts';
import { closestBranch } from '../pickers/closest-branch.ts';
import { isApiErrorWith, isMaintenanceError, maintenanceStartsAt } from '../shared/api-errors.ts';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided.ts';
import type { SlotPickerChangedEvent } from '../slots/slot-picker.machine.ts';
import { slotPickerMachine } from '../slots/slot-picker.machine.ts';
import type {
  BookingAddress,
  BookingChoices,
  BookingProfile,
  BookingStep,
  ChosenCustomerType,
} from './booking-choices.ts';
import {
  availabilityFilters,
  holdIdOf,
  holdOfSlot,
  isPhoneChanged,
  prefilledDetails,
  withIdentity,
  withPreviousAddress,
  campaignCodeCheckRequest,
  needsVoucherCheck,
  reservationCreateRequest,
  restorableStep,
  sameBranches,
  voucherCheckRequest,
} from './booking-choices.ts';
import type {
  BookingCodeProblem,
  CodeField,
  CodeProblemKey,
  CodeWayForward,
} from './code-problems.ts';
import { codeProblemKey, codeProblemOf, codeWayForward } from './code-problems.ts';
import type { BookingDetails, DetailsErrors } from './validate-details.ts';
import { EMPTY_DETAILS, areDetailsValid, validateDetails } from './validate-details.ts';

type Branch = Schemas['Branch'];
type BookingReason = Schemas['BookingReason'];
type Employee = Schemas['Employee'];
type Slot = Schemas['Slot'];

/** Message keys the wizard puts in `context.error`. */
export type BookingErrorKey =
  | 'reservation.slotTaken'
  | 'reservation.saveFailed'
  | 'reservation.moveFailed'
  | 'reservation.checkFailed';

/**
 * Message keys the wizard puts in `context.fieldErrors` besides the details' validation keys: a
 * refused code or identifier has one per case (`reservation.code.campaign.expired`), the generic
 * `reservation.invalidVoucher` / `reservation.invalidCampaignCode` when the server did not say.
 */
export type BookingFieldErrorKey =
  | 'validation.required'
  | 'reservation.invalidVoucher'
  | 'reservation.invalidCampaignCode'
  | CodeProblemKey
  | 'reservation.reasonNotCovered';

export type BookingFieldErrors = DetailsErrors &
  Partial<Record<'voucherIdentifier' | 'campaignCode' | 'reason', BookingFieldErrorKey>>;

export interface BookingContext extends BookingChoices {
  /** Today in Europe/Helsinki, `YYYY-MM-DD` (input): no earlier day can be shown. */
  today: string;
  signedIn: boolean;
  /**
   * The signed-in user's profile: it fills the details step's empty fields, and a booking with
   * another phone saves that phone to it after the reservation is made (spec §8).
   */
  profile: BookingProfile | null;
  /**
   * A customer type asked for by the link that opened the wizard (`?customerType=`, the
   * service-voucher page): chosen when the customer types are first offered, then forgotten.
   */
  requestedCustomerType: ChosenCustomerType['id'] | null;
  /** The customer types the step offers (`customerType.offer`): the ways forward choose among them. */
  offeredCustomerTypes: ChosenCustomerType[];
  /**
   * The case of the campaign code or identifier the server refused, shown under its field with a
   * way forward (`codeWayForward`); null again once that field or the customer type changes or
   * the step is left.
   */
  codeProblem: BookingCodeProblem | null;
  /** The checked voucher; null until checked (and again after the identifier changes). */
  voucher: Schemas['VoucherCheckResult'] | null;
  /** The checked campaign code; null until checked (and again after the code changes). */
  campaign: Schemas['CampaignCodeCheckResult'] | null;
  /**
   * A practitioner chosen first on the location step (spec §4 employee picker): their branches
   * are listed first, and the practitioner step starts with them chosen when they work there.
   */
  preferredEmployee: Employee | null;
  /** The branches to pick the closest from while the device position is asked. */
  locateCandidates: Branch[];
  /**
   * The device position, once the patient asked for the closest branch: the branch picker says
   * how far each clinic is, and lists the nearest one's region first.
   */
  position: Coordinates | null;
  fieldErrors: BookingFieldErrors;
  error: BookingErrorKey | null;
  /** When the maintenance break started, when known. */
  maintenanceStartsAt: string | null;
  /** The booked phone could not be saved to the profile (the thank-you says so). */
  phoneUpdateFailed: boolean;
  /** The booked reservation, on the thank-you step. */
  reservation: Schemas['Reservation'] | null;
  /**
   * The patient's own reservation of the same service within 14 days that the booking would
   * duplicate (the server's 409 `duplicate-reservation`): the confirm step asks to keep both or
   * to move that one to the chosen time. Null when not asked; a change of time forgets it.
   */
  duplicate: Schemas['Reservation'] | null;
  /** The patient chose to keep both: the booking is sent again with `allowDuplicate`. */
  allowDuplicate: boolean;
  /**
   * The reservation as it was before the patient moved it to the chosen time instead of booking
   * a second one: the thank-you says it was moved, from when.
   */
  movedFrom: Schemas['Reservation'] | null;
  /**
   * Signing in replaced a name or identity code typed before it with the identity's (the
   * details and confirm steps say so).
   */
  identityReplaced: boolean;
  /**
   * The hold of the chosen time ended before the booking (it expired, or the page was away):
   * the step says so and offers the nearest free times (`hold.renewed` holds one again).
   */
  holdEnded: boolean;
}

export interface BookingInput {
  /** Today in Europe/Helsinki, `YYYY-MM-DD`. */
  today: string;
  signedIn: boolean;
  /** The signed-in user's profile (null or left out: signed out, or not known). */
  profile?: BookingProfile | null;
  /** A customer type to start with (the link's `?customerType=`), when it is offered. */
  requestedCustomerType?: string | null;
}

export type BookingEvent =
  | { type: 'customerType.select'; customerType: ChosenCustomerType }
  /** The customer types the step offers, once loaded (a requested one is chosen then). */
  | { type: 'customerType.offer'; customerTypes: ChosenCustomerType[] }
  | { type: 'voucher.change'; identifier: string }
  | { type: 'campaignCode.change'; code: string }
  /** A refused campaign code's way forward: go on without the code. */
  | { type: 'campaignCode.skip' }
  /** An identifier of the other voucher type: choose that type, keep the identifier, check again. */
  | { type: 'voucher.switchCustomerType' }
  /** An unknown, expired, not yet valid or used-up identifier: go on as a private customer. */
  | { type: 'voucher.bookAsPrivate' }
  /** The voucher covers visits only until an earlier day (refused at booking): another time. */
  | { type: 'slot.chooseEarlier' }
  | { type: 'reason.select'; reason: BookingReason }
  /** Chooses the service and goes on to the location in one tap. */
  | { type: 'reason.choose'; reason: BookingReason }
  | { type: 'branch.select'; selection: BranchSelection }
  /**
   * "First available time in <city>": every clinic of the city, the practitioner chosen first
   * (or anyone), straight to the times on the day of the first available one (`date`).
   */
  | { type: 'branch.firstAvailable'; selection: BranchSelection; date: string }
  /** 'Closest branch': ask the device position and pick the nearest of these branches. */
  | { type: 'branch.locate'; branches: Branch[] }
  | { type: 'employee.select'; employee: Employee | null }
  /** The location step's optional practitioner-first choice (null: none). */
  | { type: 'practitioner.prefer'; employee: Employee | null }
  /** The slot step's picker (`slotPicker`) shows another day or has a slot chosen. */
  | SlotPickerChangedEvent
  | { type: 'details.change'; details: Partial<BookingDetails> }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  /** Skips the optional practitioner step. */
  | { type: 'wizard.skip' }
  | { type: 'wizard.submit' }
  /** The duplicate question: book this time as well, keeping the other reservation. */
  | { type: 'duplicate.keepBoth' }
  /** The duplicate question: move the other reservation to this time instead of booking. */
  | { type: 'duplicate.move' }
  /** The duplicate question: neither; choose another time. */
  | { type: 'duplicate.chooseAnotherTime' }
  /** The server says the chosen time's hold has ended (expired, or released while away). */
  | { type: 'hold.ended' }
  /** A time held again after the hold ended (the same time or one of the nearest): kept typed answers. */
  | { type: 'hold.renewed'; slot: Slot; hold: Schemas['SlotHold'] }
  /** After the hold ended: back to the times to choose another. */
  | { type: 'hold.chooseAnotherTime' }
  /** Restores a step and its answers, e.g. from the URL. */
  | { type: 'wizard.restore'; step: BookingStep; choices: Partial<BookingChoices> }
  /** The login-required step's login button. */
  | { type: 'auth.login' }
  /** Signed in (again), with the user's profile for the details and the phone check. */
  | { type: 'auth.loggedIn'; profile?: BookingProfile | null }
  /** The signed-in patient's previous booking's address, found while the details step shows. */
  | { type: 'details.previousAddress'; address: BookingAddress }
  | { type: 'auth.loggedOut' }
  | { type: 'maintenance.on'; startsAt?: string | null }
  | { type: 'maintenance.off' };

/** The customer type a voucher's way forward goes to (its guard has checked there is one). */
const wayForwardType = (context: BookingContext): ChosenCustomerType =>
  (codeWayForward(context) as Extract<CodeWayForward, { customerType: unknown }>).customerType;

/** The id of a hold that is not of the chosen time (to release), or null. */
const staleHoldId = (choices: Pick<BookingContext, 'hold' | 'slot'>): string | null =>
  choices.hold !== null && holdOfSlot(choices) === null ? choices.hold.id : null;

/** The duplicate question not asked (or forgotten with the time it was about). */
const NOT_ASKED = { duplicate: null, allowDuplicate: false } as const;

/** The reservation a 409 `duplicate-reservation` names (`ExistingReservation`), if any. */
function existingReservationOf(error: unknown): Schemas['Reservation'] | null {
  return error instanceof ConflictError && error.code === 'duplicate-reservation'
    ? (error.existingReservation ?? null)
    : null;
}

/** The step's code problem, unless it is one of `fields`'. */
const withoutProblemFor = (
  problem: BookingCodeProblem | null,
  fields: readonly string[],
): BookingCodeProblem | null =>
  problem !== null && fields.includes(problem.field) ? null : problem;

const withoutErrorsFor = (
  errors: BookingFieldErrors,
  fields: readonly string[],
): BookingFieldErrors =>
  Object.fromEntries(
    Object.entries(errors).filter(([field]) => !fields.includes(field)),
  ) as BookingFieldErrors;

/** The failed call's error, as the guards and actions below take it. */
const errorOf = ({ event }: { event: { error?: unknown } }) => ({ error: event.error });

/**
 * How a booking call (the booking, or the move instead of it) stops, whichever it was: a
 * maintenance break shows the notice, a time taken meanwhile goes back to the times, and a lost
 * session asks for the login again (spec §8); the call's own outcomes follow.
 */
const STOPPED_BOOKING_CALL = [
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
const HOLD_ENDED_WAYS = {
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
 * The booking wizard (spec §2 Reservation wizard, §4 Appointment, §5, §8): customerType → reason
 * → branch → practitioner (optional) → slot → details → confirm (→ loginRequired when signed
 * out) → submitting → thankYou, with `maintenance` blocking every step.
 *
 * The slot step invokes the slot picker (`slotPicker`, shared with rescheduling) and keeps the day
 * and slot it reports.
 *
 * A refused campaign code or identifier keeps its case (`codeProblem`, the server's `Problem`):
 * the field shows its message and the step offers one way forward (`codeWayForward`), each an
 * event that changes the answers and then goes on as `wizard.next` would.
 *
 * A booking of a service the patient already has within 14 days is asked about first (the
 * server's 409 `duplicate-reservation`): keep both (sent again with `allowDuplicate`), move that
 * reservation to the chosen time instead (`moveReservation`), or choose another time.
 *
 * Injected: actors `checkVoucher`, `checkCampaignCode`, `getPosition` (geolocation),
 * `slotPicker` (the slot picker machine with its loaders), `createReservation`,
 * `moveReservation`, `savePhone`; actions `goToLogin`, `logError`.
 */
export const bookingMachine = setup({
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
    holdSlot: notProvidedActor<Schemas['SlotHold'], { slotKey: string }>('holdSlot'),
    createReservation: notProvidedActor<
      Schemas['Reservation'],
      Schemas['ReservationCreateRequest']
    >('createReservation'),
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
      const changed = context.customerType?.id !== params.customerType.id;
      if (!changed) return { customerType: params.customerType };
      const reasonStillOffered =
        context.reason?.customerTypes.includes(params.customerType.id) ?? false;
      return {
        customerType: params.customerType,
        voucher: null,
        reason: reasonStillOffered ? context.reason : null,
        slot: null,
        fieldErrors: withoutErrorsFor(context.fieldErrors, ['voucherIdentifier']),
        codeProblem: withoutProblemFor(context.codeProblem, ['voucherIdentifier']),
      };
    }),
    forgetRequestedCustomerType: assign({ requestedCustomerType: null }),
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
      ({ context }, params: { field: 'reason'; key: BookingFieldErrorKey }) => ({
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
    })),
    clearSlot: assign({ slot: null, ...NOT_ASKED }),
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
      hold: holdOfSlot({ hold: params.hold, slot: context.slot }),
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
    setDetails: assign(({ context }, params: { details: Partial<BookingDetails> }) => ({
      details: { ...context.details, ...params.details },
      fieldErrors: withoutErrorsFor(context.fieldErrors, Object.keys(params.details)),
    })),
    showDetailsErrors: assign(({ context }) => ({
      fieldErrors: validateDetails(context.details, context.reason),
    })),
    setError: assign((_, params: { key: BookingErrorKey }) => ({ error: params.key })),
    clearErrors: assign({ error: null, fieldErrors: {}, codeProblem: null }),
    setSignedIn: assign((_, params: { signedIn: boolean }) => ({ signedIn: params.signedIn })),
    /** Signed in: the identity's name and identity code replace any typed before. */
    signIn: assign(({ context }, params: { profile: BookingProfile | null | undefined }) => {
      const profile = params.profile ?? null;
      if (profile === null) return { signedIn: true, profile };
      const { details, replaced } = withIdentity(context.details, profile);
      return {
        signedIn: true,
        profile,
        details,
        identityReplaced: context.identityReplaced || replaced,
      };
    }),
    /** A returning patient's address, kept for a later visit to the step; a begun one stays. */
    setPreviousAddress: assign(({ context }, params: { address: BookingAddress }) => ({
      profile: context.profile && { ...context.profile, address: params.address },
      details: withPreviousAddress(context.details, params.address),
    })),
    /** The details step's empty fields from the signed-in user's profile; typed ones stay. */
    prefillDetails: assign(({ context }) => ({
      details: prefilledDetails(context.details, context.profile),
    })),
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
      const choices = { ...context, ...params.choices };
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
    hasSlot: ({ context }) => context.slot !== null,
    isHeld: ({ context }) => context.hold !== null,
    isChosenHeld: ({ context }) => holdOfSlot(context) !== null,
    isHoldEnded: ({ context }) => context.holdEnded,
    /** Another time held after the hold ended, the hold being of that very time. */
    isRenewal: ({ context, event }) =>
      context.holdEnded && event.type === 'hold.renewed' && event.hold.slotKey === event.slot.key,
    areDetailsValid: ({ context }) => areDetailsValid(context.details, context.reason),
    isSignedIn: ({ context }) => context.signedIn,
    isBookedPhoneNew: ({ context }) => willSaveBookedPhone(context),
    restoresTo: ({ context, event }, params: { step: BookingStep }) =>
      event.type === 'wizard.restore' &&
      restorableStep({ ...context, ...event.choices }, event.step) === params.step,
  },
}).createMachine({
  id: 'booking',
  context: ({ input }) => ({
    customerType: null,
    voucherIdentifier: '',
    campaignCode: '',
    reason: null,
    branch: null,
    employee: null,
    date: input.today,
    slot: null,
    details: EMPTY_DETAILS,
    today: input.today,
    signedIn: input.signedIn,
    profile: input.profile ?? null,
    requestedCustomerType: (input.requestedCustomerType ?? null) as ChosenCustomerType['id'] | null,
    offeredCustomerTypes: [],
    codeProblem: null,
    voucher: null,
    campaign: null,
    preferredEmployee: null,
    locateCandidates: [],
    position: null,
    fieldErrors: {},
    error: null,
    maintenanceStartsAt: null,
    phoneUpdateFailed: false,
    hold: null,
    reservation: null,
    identityReplaced: false,
    holdEnded: false,
    duplicate: null,
    allowDuplicate: false,
    movedFrom: null,
  }),
  initial: 'wizard',
  on: {
    'maintenance.on': {
      target: '.maintenance',
      actions: { type: 'setMaintenance', params: ({ event }) => ({ startsAt: event.startsAt }) },
    },
    'auth.loggedIn': {
      actions: {
        type: 'signIn',
        params: ({ event }) => ({ profile: event.profile }),
      },
    },
    'auth.loggedOut': { actions: { type: 'setSignedIn', params: { signedIn: false } } },
    'wizard.restore': [
      {
        guard: { type: 'restoresTo', params: { step: 'confirm' } },
        target: '.wizard.confirm',
        actions: { type: 'restoreChoices', params: ({ event }) => ({ choices: event.choices }) },
      },
      {
        guard: { type: 'restoresTo', params: { step: 'details' } },
        target: '.wizard.details',
        actions: { type: 'restoreChoices', params: ({ event }) => ({ choices: event.choices }) },
      },
      {
        guard: { type: 'restoresTo', params: { step: 'slot' } },
        target: '.wizard.slot',
        actions: { type: 'restoreChoices', params: ({ event }) => ({ choices: event.choices }) },
      },
      {
        guard: { type: 'restoresTo', params: { step: 'practitioner' } },
        target: '.wizard.practitioner',
        actions: { type: 'restoreChoices', params: ({ event }) => ({ choices: event.choices }) },
      },
      {
        guard: { type: 'restoresTo', params: { step: 'branch' } },
        target: '.wizard.branch',
        actions: { type: 'restoreChoices', params: ({ event }) => ({ choices: event.choices }) },
      },
      {
        guard: { type: 'restoresTo', params: { step: 'reason' } },
        target: '.wizard.reason',
        actions: { type: 'restoreChoices', params: ({ event }) => ({ choices: event.choices }) },
      },
      {
        target: '.wizard.customerType',
        actions: { type: 'restoreChoices', params: ({ event }) => ({ choices: event.choices }) },
      },
    ],
  },
  states: {
    wizard: {
      initial: 'customerType',
      // The server says the chosen time's hold has ended, whatever the step.
      on: {
        'hold.ended': { guard: 'isHeld', actions: 'endHold' },
      },
      states: {
        customerType: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'customerType.offer': [
                  {
                    guard: {
                      type: 'offersRequestedType',
                      params: ({ event }) => ({ offered: event.customerTypes }),
                    },
                    actions: [
                      {
                        type: 'setOfferedCustomerTypes',
                        params: ({ event }) => ({ customerTypes: event.customerTypes }),
                      },
                      {
                        type: 'setCustomerType',
                        params: ({ context, event }) => ({
                          customerType: event.customerTypes.find(
                            (type) => type.id === context.requestedCustomerType,
                          ) as ChosenCustomerType,
                        }),
                      },
                      'forgetRequestedCustomerType',
                    ],
                  },
                  {
                    actions: [
                      {
                        type: 'setOfferedCustomerTypes',
                        params: ({ event }) => ({ customerTypes: event.customerTypes }),
                      },
                      'forgetRequestedCustomerType',
                    ],
                  },
                ],
                'customerType.select': {
                  actions: {
                    type: 'setCustomerType',
                    params: ({ event }) => ({ customerType: event.customerType }),
                  },
                },
                'voucher.change': {
                  actions: {
                    type: 'setVoucherIdentifier',
                    params: ({ event }) => ({ identifier: event.identifier }),
                  },
                },
                'campaignCode.change': {
                  actions: {
                    type: 'setCampaignCode',
                    params: ({ event }) => ({ code: event.code }),
                  },
                },
                'campaignCode.skip': {
                  guard: { type: 'offersWayForward', params: { event: 'campaignCode.skip' } },
                  actions: [{ type: 'setCampaignCode', params: { code: '' } }, 'goOn'],
                },
                'voucher.switchCustomerType': {
                  guard: {
                    type: 'offersWayForward',
                    params: { event: 'voucher.switchCustomerType' },
                  },
                  actions: [
                    {
                      type: 'setCustomerType',
                      params: ({ context }) => ({ customerType: wayForwardType(context) }),
                    },
                    'goOn',
                  ],
                },
                'voucher.bookAsPrivate': {
                  guard: { type: 'offersWayForward', params: { event: 'voucher.bookAsPrivate' } },
                  actions: [
                    {
                      type: 'setCustomerType',
                      params: ({ context }) => ({ customerType: wayForwardType(context) }),
                    },
                    { type: 'setVoucherIdentifier', params: { identifier: '' } },
                    'goOn',
                  ],
                },
                'wizard.next': [
                  { guard: 'isIdentifierMissing', actions: 'requireIdentifier' },
                  { guard: 'needsVoucherCheck', target: 'checkingVoucher', actions: 'clearErrors' },
                  {
                    guard: 'hasUncheckedCampaignCode',
                    target: 'checkingCampaignCode',
                    actions: 'clearErrors',
                  },
                  {
                    guard: 'hasCustomerType',
                    target: '#booking.wizard.reason',
                    actions: 'clearErrors',
                  },
                ],
              },
            },
            checkingVoucher: {
              invoke: {
                id: 'checkVoucher',
                src: 'checkVoucher',
                input: ({ context }) => voucherCheckRequest(context),
                onDone: [
                  {
                    guard: 'hasUncheckedCampaignCode',
                    target: 'checkingCampaignCode',
                    actions: {
                      type: 'setVoucher',
                      params: ({ event }) => ({ voucher: event.output }),
                    },
                  },
                  {
                    target: '#booking.wizard.reason',
                    actions: {
                      type: 'setVoucher',
                      params: ({ event }) => ({ voucher: event.output }),
                    },
                  },
                ],
                onError: [
                  {
                    guard: {
                      type: 'isMaintenanceError',
                      params: ({ event }) => ({ error: event.error }),
                    },
                    target: '#booking.maintenance',
                    actions: {
                      type: 'setMaintenance',
                      params: ({ event }) => ({ startsAt: maintenanceStartsAt(event.error) }),
                    },
                  },
                  {
                    guard: {
                      type: 'isInvalidVoucher',
                      params: ({ event }) => ({ error: event.error }),
                    },
                    target: 'editing',
                    actions: {
                      type: 'setCodeProblem',
                      params: ({ event }) => ({ field: 'voucherIdentifier', error: event.error }),
                    },
                  },
                  {
                    target: 'editing',
                    actions: { type: 'setError', params: { key: 'reservation.checkFailed' } },
                  },
                ],
              },
            },
            checkingCampaignCode: {
              invoke: {
                id: 'checkCampaignCode',
                src: 'checkCampaignCode',
                input: ({ context }) => campaignCodeCheckRequest(context),
                onDone: {
                  target: '#booking.wizard.reason',
                  actions: {
                    type: 'setCampaign',
                    params: ({ event }) => ({ campaign: event.output }),
                  },
                },
                onError: [
                  {
                    guard: {
                      type: 'isMaintenanceError',
                      params: ({ event }) => ({ error: event.error }),
                    },
                    target: '#booking.maintenance',
                    actions: {
                      type: 'setMaintenance',
                      params: ({ event }) => ({ startsAt: maintenanceStartsAt(event.error) }),
                    },
                  },
                  {
                    guard: {
                      type: 'isInvalidCampaignCode',
                      params: ({ event }) => ({ error: event.error }),
                    },
                    target: 'editing',
                    actions: {
                      type: 'setCodeProblem',
                      params: ({ event }) => ({ field: 'campaignCode', error: event.error }),
                    },
                  },
                  {
                    target: 'editing',
                    actions: { type: 'setError', params: { key: 'reservation.checkFailed' } },
                  },
                ],
              },
            },
          },
        },
        reason: {
          on: {
            'reason.select': [
              {
                guard: {
                  type: 'isReasonCoveredByVoucher',
                  params: ({ event }) => ({ reason: event.reason }),
                },
                actions: { type: 'setReason', params: ({ event }) => ({ reason: event.reason }) },
              },
              {
                actions: {
                  type: 'setFieldError',
                  params: { field: 'reason', key: 'reservation.reasonNotCovered' },
                },
              },
            ],
            // One tap on a service chooses it and goes on (the list says so, WCAG 3.2.2).
            'reason.choose': [
              {
                guard: {
                  type: 'isReasonCoveredByVoucher',
                  params: ({ event }) => ({ reason: event.reason }),
                },
                target: 'branch',
                actions: [
                  { type: 'setReason', params: ({ event }) => ({ reason: event.reason }) },
                  'clearErrors',
                ],
              },
              {
                actions: {
                  type: 'setFieldError',
                  params: { field: 'reason', key: 'reservation.reasonNotCovered' },
                },
              },
            ],
            'wizard.next': { guard: 'hasReason', target: 'branch', actions: 'clearErrors' },
            'wizard.back': { target: 'customerType', actions: 'clearErrors' },
          },
        },
        branch: {
          initial: 'choosing',
          on: {
            'wizard.back': { target: 'reason', actions: 'clearErrors' },
            'practitioner.prefer': {
              actions: {
                type: 'setPreferredEmployee',
                params: ({ event }) => ({ employee: event.employee }),
              },
            },
          },
          states: {
            choosing: {
              on: {
                'branch.select': {
                  guard: {
                    type: 'isSelectionNonEmpty',
                    params: ({ event }) => ({ selection: event.selection }),
                  },
                  actions: {
                    type: 'setBranch',
                    params: ({ event }) => ({ selection: event.selection }),
                  },
                },
                'branch.firstAvailable': {
                  guard: {
                    type: 'isSelectionNonEmpty',
                    params: ({ event }) => ({ selection: event.selection }),
                  },
                  target: '#booking.wizard.slot',
                  actions: [
                    {
                      type: 'chooseFirstAvailable',
                      params: ({ event }) => ({ selection: event.selection, date: event.date }),
                    },
                    'clearErrors',
                  ],
                },
                'branch.locate': {
                  target: 'locating',
                  actions: {
                    type: 'setLocateCandidates',
                    params: ({ event }) => ({ branches: event.branches }),
                  },
                },
                'wizard.next': {
                  guard: 'hasBranch',
                  target: '#booking.wizard.practitioner',
                  actions: 'clearErrors',
                },
              },
            },
            locating: {
              invoke: {
                id: 'getPosition',
                src: 'getPosition',
                onDone: {
                  target: 'choosing',
                  actions: [
                    {
                      type: 'selectClosestBranch',
                      params: ({ event }) => ({ position: event.output }),
                    },
                    'clearLocateCandidates',
                  ],
                },
                onError: {
                  target: 'choosing',
                  actions: [
                    {
                      type: 'logError',
                      params: ({ event }) => ({
                        message: 'Locating the closest branch failed',
                        error: event.error,
                      }),
                    },
                    'clearLocateCandidates',
                  ],
                },
              },
            },
          },
        },
        practitioner: {
          // Only when the step opens: a later deselection stays.
          entry: 'choosePreferredEmployee',
          on: {
            'employee.select': {
              actions: {
                type: 'setEmployee',
                params: ({ event }) => ({ employee: event.employee }),
              },
            },
            'wizard.next': { target: 'slot', actions: 'clearErrors' },
            'wizard.skip': {
              target: 'slot',
              actions: [{ type: 'setEmployee', params: { employee: null } }, 'clearErrors'],
            },
            'wizard.back': { target: 'branch', actions: 'clearErrors' },
          },
        },
        slot: {
          // The times again: a hold of the time still chosen stays (the times show it chosen);
          // any other (the time was taken, or not chosen any more) is released.
          entry: [
            {
              type: 'releaseHold',
              params: ({ context }) => ({ id: staleHoldId(context) }),
            },
            'keepChosenHold',
          ],
          invoke: {
            id: 'slotPicker',
            src: 'slotPicker',
            input: ({ context }) => ({
              today: context.today,
              date: context.date,
              filters: availabilityFilters(context),
              slot: context.slot,
              taken: context.error === 'reservation.slotTaken',
            }),
            // The picker stops at a maintenance break.
            onDone: {
              target: '#booking.maintenance',
              actions: {
                type: 'setMaintenance',
                params: ({ event }) => ({ startsAt: event.output.maintenanceStartsAt }),
              },
            },
          },
          on: {
            // Back before the times: the held time is let go.
            'wizard.back': {
              target: 'practitioner',
              actions: [
                {
                  type: 'releaseHold',
                  params: ({ context }) => ({ id: context.hold?.id ?? null }),
                },
                'forgetHold',
                'clearErrors',
              ],
            },
          },
          initial: 'choosing',
          states: {
            choosing: {
              on: {
                'slotPicker.changed': {
                  actions: [
                    {
                      type: 'setPicked',
                      params: ({ event }) => ({ date: event.date, slot: event.slot }),
                    },
                    // Another time chosen: the one held before is let go (browsing the days
                    // keeps it, and the times show it).
                    {
                      type: 'releaseHold',
                      params: ({ context }) => ({
                        id: context.slot === null ? null : staleHoldId(context),
                      }),
                    },
                    'keepHoldWhileBrowsing',
                  ],
                },
                'wizard.next': [
                  // Back from the details with the time still held: on at once.
                  {
                    guard: 'isChosenHeld',
                    target: '#booking.wizard.details',
                    actions: 'clearErrors',
                  },
                  { guard: 'hasSlot', target: 'holding', actions: 'clearErrors' },
                ],
              },
            },
            /**
             * The chosen time is held for the patient while they fill in the details. A time
             * taken meanwhile is said now, with the times shown afresh; a hold that fails for
             * another reason lets the patient go on unheld (the booking still checks the time).
             * The picker's changes wait meanwhile, so the hold is of the time shown chosen.
             */
            holding: {
              invoke: {
                id: 'holdSlot',
                src: 'holdSlot',
                input: ({ context }) => ({ slotKey: (context.slot as Slot).key }),
                onDone: {
                  target: '#booking.wizard.details',
                  actions: { type: 'setHold', params: ({ event }) => ({ hold: event.output }) },
                },
                onError: [
                  {
                    guard: { type: 'isMaintenanceError', params: errorOf },
                    target: '#booking.maintenance',
                    actions: {
                      type: 'setMaintenance',
                      params: ({ event }) => ({ startsAt: maintenanceStartsAt(event.error) }),
                    },
                  },
                  {
                    guard: { type: 'isSlotTaken', params: errorOf },
                    target: '#booking.wizard.slot',
                    reenter: true,
                    actions: [
                      'clearSlot',
                      { type: 'setError', params: { key: 'reservation.slotTaken' } },
                    ],
                  },
                  {
                    target: '#booking.wizard.details',
                    actions: {
                      type: 'logError',
                      params: ({ event }) => ({
                        message: 'Holding the chosen time failed; going on unheld',
                        error: event.error,
                      }),
                    },
                  },
                ],
              },
            },
          },
        },
        details: {
          entry: 'prefillDetails',
          on: {
            // The strong login offered on the details step: the identity fills them.
            'auth.login': { actions: { type: 'goToLogin', params: { step: 'details' } } },
            'auth.loggedIn': {
              actions: [
                { type: 'signIn', params: ({ event }) => ({ profile: event.profile }) },
                'prefillDetails',
              ],
            },
            'details.change': {
              actions: { type: 'setDetails', params: ({ event }) => ({ details: event.details }) },
            },
            'details.previousAddress': {
              actions: {
                type: 'setPreviousAddress',
                params: ({ event }) => ({ address: event.address }),
              },
            },
            'wizard.next': [
              { guard: 'areDetailsValid', target: 'confirm', actions: 'clearErrors' },
              { actions: 'showDetailsErrors' },
            ],
            'wizard.back': { target: 'slot', actions: 'clearErrors' },
            ...HOLD_ENDED_WAYS,
          },
        },
        confirm: {
          initial: 'reviewing',
          states: {
            reviewing: {
              on: {
                'wizard.submit': [
                  { guard: 'isSignedIn', target: 'submitting', actions: 'clearErrors' },
                  { target: '#booking.wizard.loginRequired', actions: 'clearErrors' },
                ],
                'wizard.back': { target: '#booking.wizard.details', actions: 'clearErrors' },
                // The way forward from a code refused at booking (the confirm step says its case).
                'campaignCode.skip': {
                  guard: { type: 'hasCodeProblem', params: { field: 'campaignCode' } },
                  actions: [{ type: 'setCampaignCode', params: { code: '' } }, 'clearErrors'],
                },
                'slot.chooseEarlier': {
                  guard: {
                    type: 'hasCodeProblem',
                    params: { field: 'voucherIdentifier', problem: 'ends-before-visit' },
                  },
                  target: '#booking.wizard.slot',
                  actions: ['clearSlot', 'clearErrors'],
                },
                ...HOLD_ENDED_WAYS,
              },
            },
            submitting: {
              invoke: {
                id: 'createReservation',
                src: 'createReservation',
                input: ({ context }) =>
                  reservationCreateRequest(
                    context,
                    context.campaign?.code ?? null,
                    context.allowDuplicate,
                  ),
                onDone: [
                  {
                    guard: 'isBookedPhoneNew',
                    target: '#booking.savingPhone',
                    actions: {
                      type: 'setReservation',
                      params: ({ event }) => ({ reservation: event.output }),
                    },
                  },
                  {
                    target: '#booking.thankYou',
                    actions: {
                      type: 'setReservation',
                      params: ({ event }) => ({ reservation: event.output }),
                    },
                  },
                ],
                onError: [
                  ...STOPPED_BOOKING_CALL,
                  {
                    guard: { type: 'isDuplicate', params: ({ event }) => ({ error: event.error }) },
                    target: 'duplicate',
                    actions: {
                      type: 'setDuplicate',
                      params: ({ event }) => ({ error: event.error }),
                    },
                  },
                  // A code refused now (the visit after the voucher's last day, a campaign code not
                  // for this service, or one used up meanwhile): its case, said on the confirm step.
                  {
                    guard: {
                      type: 'isInvalidCampaignCode',
                      params: ({ event }) => ({ error: event.error }),
                    },
                    target: 'reviewing',
                    actions: {
                      type: 'setCodeProblem',
                      params: ({ event }) => ({ field: 'campaignCode', error: event.error }),
                    },
                  },
                  {
                    guard: {
                      type: 'isRefusedVoucher',
                      params: ({ event }) => ({ error: event.error }),
                    },
                    target: 'reviewing',
                    actions: {
                      type: 'setCodeProblem',
                      params: ({ event }) => ({ field: 'voucherIdentifier', error: event.error }),
                    },
                  },
                  {
                    target: 'reviewing',
                    actions: { type: 'setError', params: { key: 'reservation.saveFailed' } },
                  },
                ],
              },
            },
            /**
             * The patient already has this service within 14 days: keep both, move that one to
             * this time, or choose another time (Back still goes to the details).
             */
            duplicate: {
              on: {
                'duplicate.keepBoth': {
                  target: 'submitting',
                  actions: ['keepBoth', 'clearErrors'],
                },
                'duplicate.move': {
                  guard: 'canMoveDuplicate',
                  target: 'moving',
                  actions: 'clearErrors',
                },
                'duplicate.chooseAnotherTime': {
                  target: '#booking.wizard.slot',
                  actions: ['clearSlot', 'clearErrors'],
                },
                'wizard.back': { target: '#booking.wizard.details', actions: 'clearErrors' },
                ...HOLD_ENDED_WAYS,
                // Another time held after the hold ended: the question was about the time before.
                'hold.renewed': {
                  guard: 'isRenewal',
                  target: 'reviewing',
                  actions: {
                    type: 'renewHold',
                    params: ({ event }) => ({ slot: event.slot, hold: event.hold }),
                  },
                },
              },
            },
            /** Moving the other reservation to the chosen time instead of booking a second. */
            moving: {
              invoke: {
                id: 'moveReservation',
                src: 'moveReservation',
                input: ({ context }) => ({
                  id: (context.duplicate as Schemas['Reservation']).id,
                  slotKey: (context.slot as Slot).key,
                  ...holdIdOf(context),
                }),
                onDone: {
                  target: '#booking.thankYou',
                  actions: {
                    type: 'setMoved',
                    params: ({ event }) => ({ reservation: event.output }),
                  },
                },
                onError: [
                  ...STOPPED_BOOKING_CALL,
                  // Not moved (the other reservation changed meanwhile, or a failure): the
                  // question stays, with the other ways.
                  {
                    target: 'duplicate',
                    actions: { type: 'setError', params: { key: 'reservation.moveFailed' } },
                  },
                ],
              },
            },
          },
        },
        loginRequired: {
          on: {
            'auth.login': { actions: { type: 'goToLogin', params: { step: 'confirm' } } },
            'auth.loggedIn': {
              target: 'confirm',
              actions: {
                type: 'signIn',
                params: ({ event }) => ({ profile: event.profile }),
              },
            },
            'wizard.back': { target: 'confirm' },
            ...HOLD_ENDED_WAYS,
          },
        },
        history: {
          type: 'history',
          history: 'shallow',
          target: 'customerType',
        },
      },
    },
    /**
     * Booked, and the booked phone differs from the profile's: it is saved to the profile (spec §8
     * 'Failed to update the phone number'). The thank-you shows meanwhile; a failure only says
     * so, the booking stands.
     */
    savingPhone: {
      invoke: {
        id: 'savePhone',
        src: 'savePhone',
        input: ({ context }) => ({ phone: context.details.phone.trim() }),
        onDone: 'thankYou',
        onError: {
          target: 'thankYou',
          actions: [
            'markPhoneUpdateFailed',
            {
              type: 'logError',
              params: ({ event }) => ({
                message: 'Saving the booked phone number to the profile failed',
                error: event.error,
              }),
            },
          ],
        },
      },
    },
    thankYou: {
      type: 'final',
    },
    maintenance: {
      on: {
        'maintenance.off': { target: '#booking.wizard.history' },
        // Keeps the answers, but the break still blocks every step.
        'wizard.restore': {
          actions: { type: 'restoreChoices', params: ({ event }) => ({ choices: event.choices }) },
        },
      },
    },
  },
});

export type BookingMachine = typeof bookingMachine;

/** Whether a practitioner works at one of the chosen branches. */
function worksAtChosenBranch(employee: Employee | null, branch: BranchSelection | null): boolean {
  return employee !== null && employee.Branches.some((id) => branch?.branchIds.includes(id));
}

/** Whether booking will also save the typed phone to the signed-in user's profile. */
export function willSaveBookedPhone(
  context: Pick<BookingContext, 'signedIn' | 'profile' | 'details'>,
): boolean {
  return (
    context.signedIn &&
    context.profile !== null &&
    isPhoneChanged(context.profile.phone, context.details.phone)
  );
}

export type BookingView = BookingStep | 'loginRequired' | 'thankYou' | 'maintenance';

/** What the wizard shows now: a step, the login-required step, thank-you or the maintenance notice. */
export function bookingView(snapshot: SnapshotFrom<BookingMachine>): BookingView {
  const { value } = snapshot;
  // While the booked phone is saved, the reservation is made: the thank-you shows.
  if (value === 'savingPhone') return 'thankYou';
  if (typeof value === 'string') return value;
  const step = value.wizard;
  return (typeof step === 'string' ? step : Object.keys(step)[0]) as BookingView;
}
