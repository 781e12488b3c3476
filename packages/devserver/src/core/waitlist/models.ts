import { primaryKey } from '@mswjs/data';

/** @mswjs/data models of the earlier-time waitlist (see core/db.ts and waitlist.ts). */
export const waitlistModels = {
  waitlistEntry: {
    /** One entry per reservation. */
    reservationId: primaryKey(Number),
    userId: Number,
    /** branch | city */
    scope: String,
    sameEmployee: Boolean,
    /** No offer before this Helsinki date, `YYYY-MM-DD`. */
    earliestDate: String,
    /** fi | sv | en: the language of the request that made or last changed it (for offers). */
    language: String,
    /** The portal's origin, for the offers' links. */
    origin: String,
    createdAt: String,
  },
  waitlistOffer: {
    id: primaryKey(Number),
    reservationId: Number,
    userId: Number,
    /** The offered time's slot key: accepting it moves the reservation there. */
    slotKey: String,
    branchId: Number,
    employeeId: Number,
    startMs: Number,
    offeredMs: Number,
    expiresMs: Number,
    /** open | accepted | taken (as stored; expired and withdrawn are read from the clock). */
    status: String,
  },
};
