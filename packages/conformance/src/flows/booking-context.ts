import { isContractNotFound } from '../conformity.ts';
import { validBody } from '../discovery.ts';
import { expectStatus, listItems } from '../expect.ts';
import { isObject, type JsonObject } from '../json.ts';
import { skip, type Runner } from '../runner.ts';
import { need, type Flow } from './flow.ts';

/** A free slot of a day view, as the booking phases book, hold and move to it. */
export interface Slot {
  key: string;
  startTime: string;
  /** The slot's end, when the day view gave one that parses. */
  endTime?: string;
  date: string;
  branchId: unknown;
}

/** What a booking can use: a customer type without an identifier, its reasons, the branches. */
export interface BookingChoice {
  customerType: string;
  reasons: JsonObject[];
  branchIds: number[];
}

/** Free slots of one reason at one branch, each later than the one before. */
export interface FreeSlots {
  reason: JsonObject;
  slots: Slot[];
}

/**
 * What the slot search hands to the phases after it. Either part is undefined when its steps did
 * not pass: a phase that needs it is then skipped with the reason (`need`).
 */
export interface SlotSearch {
  choice: BookingChoice | undefined;
  found: FreeSlots | undefined;
}

/**
 * What the booking flow's phases share. The reservation's id and whether it was cancelled are
 * written by the phases that book and cancel it, and read by the phases between and by the
 * cleanup, which cancels a reservation that no step cancelled.
 */
export interface BookingContext extends SlotSearch {
  readonly runner: Runner;
  readonly flow: Flow;
  readonly token: string | null;
  /** The server's time when the flow began. */
  readonly now: Date;
  /** The slot booked first (then the waitlist's earlier time). */
  readonly first: Slot | undefined;
  /** A later slot at the same branch: the move's target. */
  readonly second: Slot | undefined;
  /** A third, later still: the concurrent bookings' slot and the waitlist's later time. */
  readonly third: Slot | undefined;
  /** A booking request of a slot (see `bookingRequest`). */
  readonly request: (slotKey: string, allowDuplicate?: boolean) => Promise<unknown>;
  /** The reservation the flow booked, once the book phase has its id. */
  reservationId: number | undefined;
  /** Whether the cancel phase cancelled the reservation (the cleanup does not, then). */
  cancelled: boolean;
}

/**
 * Makes booking requests from the contract's valid body, for the slot search's customer type and
 * reason. The checker's user may already have this service booked: the flow keeps both unless a
 * step checks the duplicate rule itself (`allowDuplicate` false).
 */
export function bookingRequest(
  runner: Runner,
  search: SlotSearch,
): (slotKey: string, allowDuplicate?: boolean) => Promise<unknown> {
  return async (slotKey, allowDuplicate = true) => {
    const { customerType } = need(search.choice, 'the reasons and branches');
    const { reason } = need(search.found, 'free slots');
    const template = await validBody(runner, runner.op('createReservation'));
    const body = isObject(template) ? template : {};
    const customer = isObject(body.customer) ? { ...body.customer, ssn: null } : body.customer;
    return {
      ...body,
      slotKey,
      customerType,
      voucherIdentifier: null,
      campaignCode: null,
      descriptionForStaff:
        reason.requiresStaffDescription === true ? 'Conformance check booking' : null,
      customer,
      allowDuplicate,
    };
  };
}

/**
 * The dev outbox's messages of a kind for the booked reservation. A server without dev controls
 * answers the contract's 404, and the check that asked is skipped with the reason.
 */
export async function outboxMessages(
  context: BookingContext,
  label: string,
  kind: string,
): Promise<unknown[]> {
  const { runner } = context;
  const answer = await runner.call('listDevOutbox', label, {});
  if (isContractNotFound(runner, runner.op('listDevOutbox'), answer))
    skip('the server answers 404 to dev controls: dev mode is off');
  expectStatus(runner.op('listDevOutbox'), answer, [200]);
  return listItems(answer.json).filter(
    (message) =>
      isObject(message) && message.reservationId === context.reservationId && message.kind === kind,
  );
}
