import { GEOLOCATION_OPTIONS, type Coordinates } from '@portal/machines';
import { isApiError, type PortalClient, type Schemas } from '@portal/sdk';
import { fromPromise } from 'xstate';
import { dataOf } from '../../../shared/api.tsx';
import { showAtField } from '../../../shared/refusal-shown.ts';
import { slotPickerLogic } from '../../../shared/slot-picker-logic.ts';
import type { Session } from '../../../shared/session.tsx';
import { savePhone } from './save-phone.ts';
import { holderKey } from './wizard-storage.ts';

/** Whether this browser can tell the device position (spec §2: 'closest branch' only then). */
export function isGeolocationSupported(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator;
}

/** The device position, with the spec's options (high accuracy, 5000 ms timeout). */
export function currentPosition(): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      reject,
      GEOLOCATION_OPTIONS,
    );
  });
}

/**
 * Ends a hold on the server, fire and forget (an unreleased hold expires by itself). `keepalive`
 * lets the request outlive a page being closed.
 */
export function releaseSlotHold(client: PortalClient, id: string, keepalive = false): void {
  // Unreleased, it expires within 10 minutes: nothing to tell the patient (a page closing, or the
  // network gone, is the usual reason).
  client
    .DELETE('/api/slot-holds/{holdId}', { params: { path: { holdId: id } }, keepalive })
    .catch(() => undefined);
}

/** Rethrows a call's failure, marked as shown at its field when it is a 400 of this code. */
function shownAtFieldIf(code: string): (error: unknown) => never {
  return (error) => {
    throw isApiError(error) && error.kind === 'bad-request' && error.code === code
      ? showAtField(error)
      : error;
  };
}

/**
 * The booking machine's side effects as real SDK calls (`bookingMachine.provide({ actors })`).
 * `savePhone` writes the booked phone to the signed-in user's profile (the other fields as they
 * are) and reloads the user; the machine decides when.
 */
export function bookingActors(
  client: PortalClient,
  session: Pick<Session, 'currentUser' | 'refresh'>,
) {
  return {
    // A refused number or code is said under its field, by its case (the machine's
    // setCodeProblem): not toasted as well (one message per refusal, issue 54).
    checkVoucher: fromPromise<Schemas['VoucherCheckResult'], Schemas['VoucherCheckRequest']>(
      async ({ input }) =>
        dataOf(
          await client
            .POST('/api/vouchers/check', { body: input })
            .catch(shownAtFieldIf('invalid-voucher')),
        ),
    ),
    checkCampaignCode: fromPromise<
      Schemas['CampaignCodeCheckResult'],
      Schemas['CampaignCodeCheckRequest']
    >(async ({ input }) =>
      dataOf(
        await client
          .POST('/api/campaign-codes/check', { body: input })
          .catch(shownAtFieldIf('invalid-campaign-code')),
      ),
    ),
    // The machine declares this actor without input (`void`), so the type must say the same.
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type
    getPosition: fromPromise<Coordinates, void>(() => currentPosition()),
    slotPicker: slotPickerLogic(client),
    // The tab's holder key: each new hold replaces the tab's previous one (decision 030).
    // A family's times are held together (issue 55): all or none.
    holdSlot: fromPromise<Schemas['SlotHold'], { slotKey: string; familySlotKeys?: string[] }>(
      async ({ input }) =>
        dataOf(
          await client.POST('/api/slot-holds', {
            body: {
              slotKey: input.slotKey,
              holderKey: holderKey(),
              ...(input.familySlotKeys === undefined
                ? {}
                : { familySlotKeys: input.familySlotKeys }),
            },
          }),
        ),
    ),
    createFamilyBooking: fromPromise<Schemas['FamilyBooking'], Schemas['FamilyBookingRequest']>(
      async ({ input }) => dataOf(await client.POST('/api/family-bookings', { body: input })),
    ),
    createReservation: fromPromise<Schemas['Reservation'], Schemas['ReservationCreateRequest']>(
      async ({ input }) => dataOf(await client.POST('/api/reservations', { body: input })),
    ),
    moveReservation: fromPromise<
      Schemas['Reservation'],
      { id: number; slotKey: string; holdId?: string }
    >(async ({ input }) =>
      dataOf(
        await client.POST('/api/reservations/{id}/move', {
          params: { path: { id: input.id } },
          body: {
            slotKey: input.slotKey,
            ...(input.holdId === undefined ? {} : { holdId: input.holdId }),
          },
        }),
      ),
    ),
    savePhone: fromPromise<unknown, { phone: string }>(async ({ input }) => {
      const user = session.currentUser();
      if (user === null) throw new Error('No signed-in user to save the phone for');
      await savePhone(client, user, input.phone);
      // The profile changed: the session's user follows (a failure here is the session's own).
      await session.refresh().catch((error: unknown) => {
        console.error('Reloading the user after the phone update failed', error);
      });
      return null;
    }),
  };
}
