import type { PortalClient, Schemas } from '@portal/sdk';
import type { User } from '../../../shared/session.tsx';

const AREAS = [
  'orthodontics',
  'membraneOrthodontics',
  'implantCare',
  'dentalHygienistServices',
  'estheticDentalCare',
  'dentalWhitening',
  'genericDentalHealth',
] as const satisfies ReadonlyArray<Schemas['AreaOfInterest']>;

/** The profile update payload with the user's current values and only the phone changed. */
export function profileWithPhone(user: User, phone: string): Schemas['ProfileUpdate'] {
  const areas = Object.fromEntries(
    AREAS.map((area) => [area, user.AreasOfInterests.includes(area)]),
  ) as Record<(typeof AREAS)[number], boolean>;
  return {
    email: user.Person.EmailAddress ?? null,
    phone: phone.trim(),
    smsMarketingEnabled: user.SmsMarketingEnabled,
    emailMarketingEnabled: user.EmailMarketingEnabled,
    privacyPolicyAccepted: user.PrivacyPolicyAccepted,
    termsAccepted: user.TermsAccepted,
    branchId: user.OwnBranchId,
    employeeId: user.OwnEmployeeId,
    ...areas,
  };
}

/** PUT /api/patients/{id}/profile with only the phone changed; rejects with the ApiError. */
export async function savePhone(client: PortalClient, user: User, phone: string): Promise<void> {
  await client.PUT('/api/patients/{id}/profile', {
    params: { path: { id: user.Id } },
    body: profileWithPhone(user, phone),
  });
}
