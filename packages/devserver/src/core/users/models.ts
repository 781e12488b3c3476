import { nullable, primaryKey } from '@mswjs/data';

export const userModels = {
  user: {
    id: primaryKey(Number),
    /** The dev test user's key (`patient`, `admin`…), null for other users. */
    devKey: nullable<string>(() => null),
    /** `admin`, `contentManager` or `patient`. */
    webRole: String,
    firstName: String,
    lastName: String,
    ssn: String,
    phone: nullable<string>(() => null),
    email: nullable<string>(() => null),
    street: String,
    postalCode: String,
    city: String,
    /** Version of the terms the user accepted, null when none (see users/terms.ts). */
    termsVersion: nullable<string>(() => null),
    /** Version of the privacy statement the user accepted, null when none. */
    privacyVersion: nullable<string>(() => null),
    emailMarketingEnabled: Boolean,
    smsMarketingEnabled: Boolean,
    /** Consent to service messages (the admin view's "messaging consent"). */
    messagingConsent: Boolean,
    serviceSmsEnabled: Boolean,
    serviceEmailEnabled: Boolean,
    reminderSmsEnabled: Boolean,
    reminderEmailEnabled: Boolean,
    areasOfInterests: () => [] as string[],
    ownBranchId: nullable<number>(() => null),
    ownEmployeeId: nullable<number>(() => null),
    shouldShowProfilePage: Boolean,
    /** Bank-ID simulator user name. */
    bankUser: nullable<string>(() => null),
    createdAt: String,
  },
  session: {
    /** SHA-256 (hex) of the bearer token (256 random bits, base64url); the token is not kept. */
    tokenHash: primaryKey(String),
    userId: Number,
    createdAt: String,
    expiresAt: String,
  },
};
