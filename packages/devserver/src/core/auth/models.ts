import { nullable, primaryKey } from '@mswjs/data';

/** @mswjs/data models of the auth area (see core/db.ts). Instants are epoch milliseconds. */
export const authModels = {
  /** A login in progress: bank ID (id = its `state`), mobile certificate or QR code. */
  authLogin: {
    /** The opaque id the client holds: bank `state`, mobile `transactionId` or `qrId`. */
    id: primaryKey(String),
    /** `bank`, `mobile` or `qr`. */
    kind: String,
    /** `pending`, `approved`, `rejected` or `expired`. */
    status: String,
    createdAtMs: Number,
    expiresAtMs: Number,
    /** Mobile: when the simulator answers by itself (null: never, the login expires). */
    resolveAtMs: nullable<number>(() => null),
    /** Mobile: the simulator's answer at `resolveAtMs`, `approve` or `reject`. */
    plannedOutcome: nullable<string>(() => null),
    /** Mobile: the normalised number (`+358401234567`). */
    phone: nullable<string>(() => null),
    verificationCode: nullable<string>(() => null),
    bankId: nullable<number>(() => null),
    returnPath: nullable<string>(() => null),
    /** Bank: the portal's origin (from the request's `Origin`), where the broker returns to. */
    portalOrigin: nullable<string>(() => null),
    /** Who logged in, once approved. */
    userId: nullable<number>(() => null),
    /** The one-time code issued when approved. */
    code: nullable<string>(() => null),
    /**
     * Mobile and QR: the `loginSecret` only the starting browser was given; it polls with it and
     * exchanges the code with it (a bank login's secret is its `state`, the id).
     */
    secret: nullable<string>(() => null),
  },
  /** A one-time code for `exchangeToken`. */
  authCode: {
    code: primaryKey(String),
    loginId: String,
    /** `bank`, `mobile` or `qr`. */
    kind: String,
    /** The login's secret (bank `state` or `loginSecret`): the exchange must bring it. */
    secret: String,
    userId: Number,
    expiresAtMs: Number,
    usedAtMs: nullable<number>(() => null),
  },
};
