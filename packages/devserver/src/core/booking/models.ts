import { nullable, primaryKey } from '@mswjs/data';

/** @mswjs/data models of the booking area (see core/db.ts). */
export const bookingModels = {
  reservation: {
    id: primaryKey(Number),
    /** The user who booked it (a reservation belongs to its creator). */
    userId: Number,
    /** tentative | confirmed | cancelled | completed | noShow (as stored; see reservations.ts). */
    status: String,
    branchId: Number,
    /** Null when no practitioner is assigned (old visits booked at the clinic). */
    employeeId: nullable<number>(() => null),
    reasonId: Number,
    /** RFC 3339 with the Helsinki offset, as in the slot key. */
    startTime: String,
    endTime: String,
    /** The same instants in epoch milliseconds (fast overlap checks). */
    startMs: Number,
    endMs: Number,
    /** Helsinki date of the start, `YYYY-MM-DD`. */
    date: String,
    /** Price in euros, campaign discount included. */
    price: Number,
    /** What the visit cost the patient, for the history; null when not recorded. */
    chargedPrice: nullable<number>(() => null),
    customerType: String,
    voucherIdentifier: nullable<string>(() => null),
    campaignCode: nullable<string>(() => null),
    descriptionForStaff: nullable<string>(() => null),
    customer: {
      firstName: String,
      lastName: String,
      email: String,
      phone: String,
      ssn: nullable<string>(() => null),
      street: String,
      postalCode: String,
      city: String,
    },
    /**
     * The patient, aged 12 to 17, hid this visit from their guardians (Patient Act §9): a
     * guardian acting for them does not see it, and its messages go to the patient's own contact.
     */
    hiddenFromGuardians: Boolean,
    /** The family booking it was booked in (`fb-…`); null alone, or once moved or cancelled out of it. */
    familyBookingId: nullable<string>(() => null),
    /** online | phone | clinic: how it was booked. */
    source: String,
    createdAt: String,
    updatedAt: String,
  },
  /** A slot held for a patient while they book it (holds.ts); it ends at `expiresMs`. */
  slotHold: {
    /** The hold's random key, as the client has it. */
    id: primaryKey(String),
    slotKey: String,
    employeeId: Number,
    branchId: Number,
    /** Helsinki date of the start, `YYYY-MM-DD`. */
    date: String,
    startTime: String,
    endTime: String,
    startMs: Number,
    endMs: Number,
    /** By the dev clock. */
    expiresMs: Number,
    /** Who holds it (`user:ID`, or `key:` and the hash of the browser's key); null: no one named. */
    holder: nullable<string>(() => null),
    /** The hash of the client address it came from (HTTP); null in the mock mode. */
    client: nullable<string>(() => null),
    /**
     * A family hold's other times are rows of their own (`id~1`…) naming the hold they belong
     * to; null for a hold's own row. They end with it.
     */
    groupId: nullable<string>(() => null),
  },
  /** Working hours opened on top of the derived schedule (dev control; schedule.ts). */
  extraHours: {
    id: primaryKey(Number),
    employeeId: Number,
    /** Helsinki date, `YYYY-MM-DD`. */
    date: String,
    /** Minutes of the Helsinki day. */
    start: Number,
    end: Number,
  },
  campaignCode: {
    /** Canonical (upper-case) code. */
    code: primaryKey(String),
    discountPercent: Number,
    /** First and last day (Helsinki dates) on which the code can be used. */
    validFrom: String,
    validTo: String,
    /** The reasons it applies to; empty means every reason. */
    reasonIds: () => [] as number[],
    descriptionFi: String,
    descriptionSv: String,
    descriptionEn: String,
  },
  voucher: {
    /** Canonical (upper-case) identifier of a service voucher or payment commitment. */
    identifier: primaryKey(String),
    /** serviceVoucher | paymentCommitment */
    customerType: String,
    issuer: String,
    validFrom: String,
    /** The last day on which a visit may take place with it. */
    validUntil: String,
    reasonIds: () => [] as number[],
    /** How many visits it covers. */
    maxVisits: Number,
    /** Visits used before this system knew of it (booked reservations are counted on top). */
    usedVisits: Number,
  },
};
