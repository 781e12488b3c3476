import { AREAS_OF_INTEREST, type Schemas } from '@portal/sdk';
import type { User } from './session.tsx';

export type AreaOfInterest = Schemas['AreaOfInterest'];
export type ProfileUpdate = Schemas['ProfileUpdate'];

/** The user's areas of interest as the profile payload's seven flags. */
export function areasOf(user: User): Record<AreaOfInterest, boolean> {
  return Object.fromEntries(
    AREAS_OF_INTEREST.map((area) => [area, user.AreasOfInterests.includes(area)]),
  ) as Record<AreaOfInterest, boolean>;
}

/**
 * The profile update payload (spec §3 PUT /api/patients/{id}/profile) with every field as the
 * user has it now: the base of a change to one field (e.g. the phone of a booking).
 */
export function currentProfile(user: User): ProfileUpdate {
  return {
    email: user.Person.EmailAddress ?? null,
    phone: user.Person.PhoneNumber ?? null,
    smsMarketingEnabled: user.SmsMarketingEnabled,
    emailMarketingEnabled: user.EmailMarketingEnabled,
    privacyPolicyAccepted: user.PrivacyPolicyAccepted,
    termsAccepted: user.TermsAccepted,
    branchId: user.OwnBranchId,
    employeeId: user.OwnEmployeeId,
    ...areasOf(user),
  };
}
