import { areasOf, type AreaOfInterest, type ProfileUpdate } from '../../../shared/profile.ts';
import type { User } from '../../../shared/session.tsx';

/** What the profile forms edit: text fields as typed, so that nothing typed is ever lost. */
export interface ProfileFormValues {
  email: string;
  phone: string;
  smsMarketingEnabled: boolean;
  emailMarketingEnabled: boolean;
  /** The FIRST_LOGIN terms checkbox (terms and privacy policies). */
  termsAccepted: boolean;
  branchId: number | null;
  employeeId: number | null;
  areas: Record<AreaOfInterest, boolean>;
}

/** The form's starting values from the signed-in user (`GET /api/me`). */
export function profileFormValues(user: User): ProfileFormValues {
  const areas = areasOf(user);
  return {
    email: user.Person.EmailAddress ?? '',
    phone: user.Person.PhoneNumber ?? '',
    smsMarketingEnabled: user.SmsMarketingEnabled,
    emailMarketingEnabled: user.EmailMarketingEnabled,
    termsAccepted: user.TermsAccepted,
    branchId: user.OwnBranchId,
    employeeId: user.OwnEmployeeId,
    areas,
  };
}

/**
 * The profile update payload (spec §3). Empty contact fields are sent as null. The terms
 * checkbox of FIRST_LOGIN covers the terms and the privacy policies (its label names both), so
 * ticking it accepts both: no second privacy-statement screen follows. An acceptance already
 * given is never withdrawn by a save; a later new privacy statement, shown to a user who has
 * accepted the terms, keeps its own gate (features/terms) and no profile save accepts it.
 */
export function profileUpdate(values: ProfileFormValues, user: User): ProfileUpdate {
  const email = values.email.trim();
  const phone = values.phone.trim();
  return {
    email: email === '' ? null : email,
    phone: phone === '' ? null : phone,
    smsMarketingEnabled: values.smsMarketingEnabled,
    emailMarketingEnabled: values.emailMarketingEnabled,
    termsAccepted: user.TermsAccepted || values.termsAccepted,
    privacyPolicyAccepted:
      user.PrivacyPolicyAccepted || (!user.TermsAccepted && values.termsAccepted),
    branchId: values.branchId,
    employeeId: values.employeeId,
    ...values.areas,
  };
}
