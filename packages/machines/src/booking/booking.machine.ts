import type { SnapshotFrom } from 'xstate';
import type { BookingStep, ChosenCustomerType } from './booking-choices.ts';
import { BOOKING_STEPS } from './booking-choices.ts';
import { EMPTY_DETAILS } from './validate-details.ts';
import type { BookingEvent } from './types.ts';
import { bookingSetup } from './setup.ts';
import { customerTypeStep } from './steps/customer-type.ts';
import { reasonStep } from './steps/reason.ts';
import { branchStep } from './steps/branch.ts';
import { practitionerStep } from './steps/practitioner.ts';
import { slotStep } from './steps/slot.ts';
import { detailsStep } from './steps/details.ts';
import { confirmStep } from './steps/confirm.ts';
import { loginRequiredStep } from './steps/login-required.ts';

export { isPhoneNew, willSaveBookedPhone } from './setup.ts';
export type {
  BookingErrorKey,
  BookingFieldErrorKey,
  BookingFieldErrors,
  BookingContext,
  BookingInput,
  BookingEvent,
} from './types.ts';

/** The steps a restore may land on, the latest first (the first step is the fallback). */
const RESTORABLE_STEPS = BOOKING_STEPS.slice(1).reverse();

const restoredChoices = ({
  event,
}: {
  event: Extract<BookingEvent, { type: 'wizard.restore' }>;
}) => ({ choices: event.choices });

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
 * A family booking (issue 55): the first step ticks two to four of the persons the user may
 * book for (`family`, input or `family.offer`); the times step chooses one time per person
 * (`family.choose`: back to back or at the same time), held together; the confirm step books
 * them all or none (`createFamilyBooking`). A family books as a private customer, and a service
 * that needs a description of each visit is booked one person at a time.
 *
 * Injected: actors `checkVoucher`, `checkCampaignCode`, `getPosition` (geolocation),
 * `slotPicker` (the slot picker machine with its loaders), `holdSlot`, `createReservation`,
 * `createFamilyBooking`, `moveReservation`, `savePhone`; actions `goToLogin`, `logError`,
 * `releaseHold`.
 */
export const bookingMachine = bookingSetup.createMachine({
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
    visitorContact: null,
    typedContact: null,
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
    savePhoneToProfile: false,
    hold: null,
    reservation: null,
    identityReplaced: false,
    holdEnded: false,
    duplicate: null,
    allowDuplicate: false,
    movedFrom: null,
    person: input.person ?? null,
    family: input.family ?? [],
    familyIds: [],
    familySlots: [],
    familyBooking: null,
    familyProblem: null,
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
    'family.offer': {
      actions: {
        type: 'setFamily',
        params: ({ event }) => ({
          persons: event.persons,
          ...(event.person === undefined ? {} : { person: event.person }),
        }),
      },
    },
    // The step list drives the restore: the latest step the answers reach, else the first.
    'wizard.restore': [
      ...RESTORABLE_STEPS.map((step) => ({
        guard: { type: 'restoresTo' as const, params: { step } },
        target: `.wizard.${step}` as const,
        actions: { type: 'restoreChoices' as const, params: restoredChoices },
      })),
      {
        target: '.wizard.customerType',
        actions: { type: 'restoreChoices', params: restoredChoices },
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
        customerType: customerTypeStep,
        reason: reasonStep,
        branch: branchStep,
        practitioner: practitionerStep,
        slot: slotStep,
        details: detailsStep,
        confirm: confirmStep,
        loginRequired: loginRequiredStep,
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
