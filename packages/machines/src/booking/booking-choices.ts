import type { Schemas } from '@portal/sdk';
import type { BranchSelection } from '../pickers/branch-picker.ts';
import type { AvailabilityFilters } from '../slots/availability.ts';
import { isTypedAddress, type BookingContact } from './contact.ts';
import type { BookingDetails } from './validate-details.ts';
import { areDetailsValid } from './validate-details.ts';

type CustomerTypeId = Schemas['CustomerTypeId'];

/** What the customer-type step needs to know of a customer type. */
export type ChosenCustomerType = Pick<Schemas['CustomerType'], 'id' | 'identifierRequired'>;

/**
 * The type that comes chosen when the patient has chosen none (issue 54): the first offered that
 * asks for no voucher or commitment number, the private customer; undefined when every type does.
 */
export function defaultCustomerType(
  offered: readonly ChosenCustomerType[],
): ChosenCustomerType | undefined {
  return offered.find((type) => !type.identifierRequired);
}

/** The answers of the booking wizard: what `wizard.back` keeps and `wizard.restore` restores. */
export interface BookingChoices {
  customerType: ChosenCustomerType | null;
  /** The service-voucher or payment-commitment identifier (required for those types). */
  voucherIdentifier: string;
  /** An optional campaign code. */
  campaignCode: string;
  reason: Schemas['BookingReason'] | null;
  branch: BranchSelection | null;
  /** The chosen practitioner; null when none was chosen (the step is optional). */
  employee: Schemas['Employee'] | null;
  /** The day shown in the slot step, `YYYY-MM-DD`. */
  date: string;
  slot: Schemas['Slot'] | null;
  /**
   * The server's hold of the chosen slot (`createSlotHold`) while the details are filled in: no
   * one else can book it meanwhile, and the booking uses it up. Null when not held.
   */
  hold: Schemas['SlotHold'] | null;
  details: BookingDetails;
  /**
   * The contact details a visitor typed while signed out, until a login meets them: the login
   * puts the profile's in their place and offers these instead (`typedContact`). Null when none.
   */
  visitorContact: Partial<BookingContact> | null;
  /**
   * What the patient typed before logging in during the booking: offered as "use these instead"
   * where the profile's differ (`contactOffer`). Null when there was no such login.
   */
  typedContact: Partial<BookingContact> | null;
  /**
   * A family booking's persons (issue 55), in the order chosen: two to four make it one; none
   * (or only the person the booking is for) is a booking for that person alone.
   */
  familyIds: number[];
  /**
   * A family booking's chosen times, one per person of `familyIds` in that order (`slot` is the
   * first of them); empty until chosen.
   */
  familySlots: Schemas['Slot'][];
}

/** Whether the answers make a family booking (two persons or more). */
export function isFamilyBooking(choices: Pick<BookingChoices, 'familyIds'>): boolean {
  return choices.familyIds.length >= 2;
}

/** The hold when it is of the chosen slot (one of another slot protects nothing). */
export function holdOfSlot(
  choices: Pick<BookingChoices, 'hold' | 'slot' | 'familySlots'>,
): Schemas['SlotHold'] | null {
  const { hold, slot } = choices;
  if (hold === null || hold.slotKey !== slot?.key) return null;
  // A family's hold is of all its times, a single time's of that time alone.
  const others = choices.familySlots.slice(1).map((member) => member.key);
  const held = hold.familySlotKeys ?? [];
  return held.length === others.length && held.every((key, index) => key === others[index])
    ? hold
    : null;
}

/** The wizard steps a URL can restore, in order. */
export const BOOKING_STEPS = [
  'customerType',
  'reason',
  'branch',
  'practitioner',
  'slot',
  'details',
  'confirm',
] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

/** A time chosen; for a family, one per person. */
export function hasChosenTimes(
  choices: Pick<BookingChoices, 'slot' | 'familyIds' | 'familySlots'>,
): boolean {
  return (
    choices.slot !== null &&
    (!isFamilyBooking(choices) || choices.familySlots.length === choices.familyIds.length)
  );
}

/** Whether every answer that a step needs before it can be shown is given. */
export function isStepReachable(choices: BookingChoices, step: BookingStep): boolean {
  const hasCustomerType =
    choices.customerType !== null &&
    (!choices.customerType.identifierRequired || choices.voucherIdentifier.trim() !== '');
  const hasBranch = (choices.branch?.branchIds.length ?? 0) > 0;
  switch (step) {
    case 'customerType':
      return true;
    case 'reason':
      return hasCustomerType;
    case 'branch':
      return hasCustomerType && choices.reason !== null;
    case 'practitioner':
    case 'slot':
      return hasCustomerType && choices.reason !== null && hasBranch;
    case 'details':
      return isStepReachable(choices, 'slot') && hasChosenTimes(choices);
    case 'confirm':
      return (
        isStepReachable(choices, 'details') && areDetailsValid(choices.details, choices.reason)
      );
  }
}

/**
 * The step a `wizard.restore` lands on: the requested step when its answers are all there,
 * otherwise the furthest earlier step that can be shown.
 */
export function restorableStep(choices: BookingChoices, requested: BookingStep): BookingStep {
  let step: BookingStep = 'customerType';
  for (const candidate of BOOKING_STEPS.slice(0, BOOKING_STEPS.indexOf(requested) + 1)) {
    if (isStepReachable(choices, candidate)) step = candidate;
  }
  return step;
}

function isVoucherType(id: CustomerTypeId): id is 'serviceVoucher' | 'paymentCommitment' {
  return id === 'serviceVoucher' || id === 'paymentCommitment';
}

/** Whether the chosen type needs its identifier checked before the reason step. */
export function needsVoucherCheck(choices: Pick<BookingChoices, 'customerType'>): boolean {
  return (
    choices.customerType !== null &&
    choices.customerType.identifierRequired &&
    isVoucherType(choices.customerType.id)
  );
}

/** Thrown when a request is built before the wizard has the answers it needs (a bug). */
export class MissingChoiceError extends Error {
  constructor(what: string) {
    super(`The booking has no ${what} yet`);
    this.name = 'MissingChoiceError';
  }
}

export function voucherCheckRequest(choices: BookingChoices): Schemas['VoucherCheckRequest'] {
  const id = choices.customerType?.id;
  if (id === undefined || !isVoucherType(id)) throw new MissingChoiceError('voucher customer type');
  return { customerType: id, identifier: choices.voucherIdentifier.trim() };
}

export function campaignCodeCheckRequest(
  choices: BookingChoices,
): Schemas['CampaignCodeCheckRequest'] {
  return { code: choices.campaignCode.trim() };
}

/** The filters of `getMonthAvailability` and `getDaySlots` (without the month or date). */
export function availabilityFilters(choices: BookingChoices): AvailabilityFilters {
  const { customerType, reason, branch, employee, hold } = choices;
  if (customerType === null) throw new MissingChoiceError('customer type');
  if (reason === null) throw new MissingChoiceError('reason');
  if (branch === null) throw new MissingChoiceError('branch');
  return {
    branchIds: branch.branchIds,
    reasonId: reason.id,
    ...(employee === null ? {} : { employeeId: employee.Id }),
    customerType: customerType.id,
    // The time held for the patient stays among the times they see.
    ...(hold === null ? {} : { holdId: hold.id }),
  };
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/**
 * The `createReservation` body. The identifier is sent only for types that need one; the campaign
 * code in its checked (canonical) form when it was checked; empty optional texts as null.
 */
export function reservationCreateRequest(
  choices: BookingChoices,
  checkedCampaignCode: string | null,
  allowDuplicate = false,
): Schemas['ReservationCreateRequest'] {
  const { customerType, slot, details } = choices;
  if (customerType === null) throw new MissingChoiceError('customer type');
  if (slot === null) throw new MissingChoiceError('slot');
  return {
    slotKey: slot.key,
    customerType: customerType.id,
    voucherIdentifier: customerType.identifierRequired ? orNull(choices.voucherIdentifier) : null,
    campaignCode: checkedCampaignCode ?? orNull(choices.campaignCode),
    descriptionForStaff: orNull(details.descriptionForStaff),
    customer: {
      firstName: details.firstName.trim(),
      lastName: details.lastName.trim(),
      email: details.email.trim(),
      phone: details.phone.trim(),
      ssn: orNull(details.ssn),
      street: details.street.trim(),
      postalCode: details.postalCode.trim(),
      city: details.city.trim(),
    },
    // Only once the patient chose to keep both (the duplicate rule's 409 before).
    ...(allowDuplicate ? { allowDuplicate: true } : {}),
    ...holdIdOf(choices),
  };
}

/**
 * The `createFamilyBooking` body: each person with their time, the details' contact and address
 * for every reservation, the campaign code as for one booking.
 */
export function familyBookingRequest(
  choices: BookingChoices,
  checkedCampaignCode: string | null,
): Schemas['FamilyBookingRequest'] {
  const { familyIds, familySlots, details } = choices;
  if (familySlots.length !== familyIds.length) throw new MissingChoiceError('family times');
  return {
    members: familyIds.map((personId, index) => ({
      personId,
      slotKey: (familySlots[index] as Schemas['Slot']).key,
    })),
    campaignCode: checkedCampaignCode ?? orNull(choices.campaignCode),
    contact: {
      email: details.email.trim(),
      phone: details.phone.trim(),
      street: details.street.trim(),
      postalCode: details.postalCode.trim(),
      city: details.city.trim(),
    },
    ...holdIdOf(choices),
  };
}

/** `{ holdId }` of the chosen slot's hold, or nothing. */
export function holdIdOf(choices: Pick<BookingChoices, 'hold' | 'slot' | 'familySlots'>): {
  holdId?: string;
} {
  const hold = holdOfSlot(choices);
  return hold === null ? {} : { holdId: hold.id };
}

/** Two branch selections choose the same branches. */
export function sameBranches(a: BranchSelection | null, b: BranchSelection | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.branchIds.length === b.branchIds.length && a.branchIds.every((id, i) => b.branchIds[i] === id)
  );
}

/** What the signed-in user's profile says of the booking's details (spec §3 User.Person). */
export interface BookingProfile {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  ssn: string;
  /**
   * The address to start from: the patient record's (issue 54: a first-time patient types none),
   * replaced by the previous booking's once that is known. Left out until known.
   */
  address?: BookingAddress | null;
}

/** A name or identity code as compared: trimmed, one space between words, case-insensitive. */
const identityText = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleUpperCase('fi');

/**
 * The details with the name and identity code of the strong identity (issue 36: the identity
 * wins over what was typed before logging in), and whether a typed value was replaced.
 */
export function withIdentity(
  details: BookingDetails,
  profile: BookingProfile,
): { details: BookingDetails; replaced: boolean } {
  const identity = { firstName: profile.firstName, lastName: profile.lastName, ssn: profile.ssn };
  let replaced = false;
  for (const [field, value] of Object.entries(identity) as Array<[keyof typeof identity, string]>) {
    const typed = details[field];
    if (typed.trim() !== '' && identityText(typed) !== identityText(value)) replaced = true;
  }
  return { details: { ...details, ...identity }, replaced };
}

/** A postal address as the booking's details hold it. */
export interface BookingAddress {
  street: string;
  postalCode: string;
  city: string;
}

/**
 * The details with the previous booking's address, when the patient has not begun one: a street,
 * postal code or city typed keeps the whole address as typed, unless it is the one typed before
 * logging in (`typed`), untouched since: the profile's side wins over that (offered back instead).
 * An address filled in for the patient (`filled`: the patient record's), untouched since, gives
 * way too: the latest booking's is the patient's own latest word.
 */
export function withPreviousAddress(
  details: BookingDetails,
  address: BookingAddress,
  typed: Partial<BookingContact> | null = null,
  filled: BookingAddress | null = null,
): BookingDetails {
  const parts = ['street', 'postalCode', 'city'] as const;
  const begun = parts.some((part) => details[part].trim() !== '');
  const untouchedFill =
    filled !== null && parts.every((part) => details[part].trim() === filled[part].trim());
  return begun && !isTypedAddress(typed, details) && !untouchedFill
    ? details
    : { ...details, ...address };
}

/** The details with their empty fields filled from the profile; typed fields stay as typed. */
export function prefilledDetails(
  details: BookingDetails,
  profile: BookingProfile | null,
  typed: Partial<BookingContact> | null = null,
): BookingDetails {
  if (profile === null) return details;
  const known: Partial<BookingDetails> = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email ?? '',
    phone: profile.phone ?? '',
    ssn: profile.ssn,
  };
  const filled = { ...details };
  for (const [field, value] of Object.entries(known) as Array<[keyof BookingDetails, string]>) {
    if (filled[field].trim() === '' && value !== '') filled[field] = value;
  }
  return profile.address ? withPreviousAddress(filled, profile.address, typed) : filled;
}
