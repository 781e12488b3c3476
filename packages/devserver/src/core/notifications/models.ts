import { nullable, primaryKey } from '@mswjs/data';

/** @mswjs/data models of the notifications area (see core/db.ts). */
export const notificationsModels = {
  notification: {
    id: primaryKey(Number),
    userId: Number,
    /** booking-confirmation | move-receipt | cancel-receipt | reminder | waitlist-offer | event-reminder */
    kind: String,
    /** sms | email */
    channel: String,
    /** The phone number or email address. */
    to: String,
    /** fi | sv | en: the language the patient used when it was made. */
    language: String,
    subject: nullable<string>(() => null),
    text: String,
    url: String,
    reservationId: nullable<number>(() => null),
    /** The event of an event-reminder. */
    eventId: nullable<number>(() => null),
    /** The family booking of a family-booking-confirmation or family-reminder. */
    familyBookingId: nullable<string>(() => null),
    /** When it is delivered: at once for receipts, later for reminders (by the dev clock). */
    dueMs: Number,
    /** scheduled (waiting for dueMs) | withdrawn (its reservation changed first) */
    status: String,
    createdAt: String,
  },
};
