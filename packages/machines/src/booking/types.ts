/**
 * The booking wizard's types: its context, its input and its events. `setup.ts` gives the machine
 * its actors, actions and guards, `steps/` a state configuration per step, and `booking.machine.ts`
 * composes them.
 */
import { type Schemas } from '@portal/sdk';
import type { BranchSelection } from '../pickers/branch-picker.ts';
import type { Coordinates } from '../pickers/closest-branch.ts';
import type { SlotPickerChangedEvent } from '../slots/slot-picker.machine.ts';
import type {
  BookingAddress,
  BookingChoices,
  BookingProfile,
  BookingStep,
  ChosenCustomerType,
} from './booking-choices.ts';
import type { BookingCodeProblem, CodeProblemKey } from './code-problems.ts';
import type { BookingDetails, DetailsErrors } from './validate-details.ts';
import type { BookingPerson } from './family.ts';
export type Branch = Schemas['Branch'];
export type BookingReason = Schemas['BookingReason'];
export type Employee = Schemas['Employee'];
export type Slot = Schemas['Slot'];

/** Message keys the wizard puts in `context.error`. */
export type BookingErrorKey =
  | 'reservation.slotTaken'
  | 'reservation.overlapsOwn'
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
  | 'reservation.reasonNotCovered'
  | 'reservation.reasonNotForFamily'
  | 'reservation.familyOneOther';

export type BookingFieldErrors = DetailsErrors &
  Partial<Record<'voucherIdentifier' | 'campaignCode' | 'reason' | 'family', BookingFieldErrorKey>>;

export interface BookingContext extends BookingChoices {
  /** Today in Europe/Helsinki, `YYYY-MM-DD` (input): no earlier day can be shown. */
  today: string;
  signedIn: boolean;
  /**
   * Whom the booking is for (input; issue 55): the person the user acts for, or themself; null
   * when not known (signed out). A booking for one person is theirs.
   */
  person: BookingPerson | null;
  /**
   * The persons a family booking can take (the user's persons with the `book` right, themself
   * first): offered on the first step when there are two or more.
   */
  family: BookingPerson[];
  /** The booked family block, on the thank-you step. */
  familyBooking: Schemas['FamilyBooking'] | null;
  /**
   * The person of a family booking a refusal was about (`ProblemIndex`: their time was taken,
   * or they have a visit then), by index in `familyIds`; null otherwise.
   */
  familyProblem: number | null;
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
  /**
   * The patient ticked "save the number to my profile" too (offered when the booking's phone
   * differs from the profile's); unticked, the booking leaves the profile as it is.
   */
  savePhoneToProfile: boolean;
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
  /** Whom the booking is for: the person acted for, or the user themself (null: not known). */
  person?: BookingPerson | null;
  /** The persons a family booking can take, when already known (`family.offer` later). */
  family?: BookingPerson[];
}

export type BookingEvent =
  /**
   * The persons a family booking can take, once loaded (or changed), with whom the booking is
   * for among them (left out: as before).
   */
  | { type: 'family.offer'; persons: BookingPerson[]; person?: BookingPerson | null }
  /** A person ticked or unticked for a family booking (the first step). */
  | { type: 'family.toggle'; personId: number }
  /** A family's times chosen on the slot step (one per person, in their order). */
  | { type: 'family.choose'; slots: Slot[] }
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
  /** "Use these instead": the contact details typed before the login, not the profile's. */
  | { type: 'details.useTyped' }
  /** The "save the number to my profile too" choice. */
  | { type: 'details.savePhone'; save: boolean }
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
