import { describe, expect, test } from 'vitest';
import type { User } from '../../../shared/session.tsx';
import { maskNationalId } from '../../../shared/national-id.tsx';
import { profileFormValues, profileUpdate } from './profile-form.ts';

const user: User = {
  Id: 7,
  WebRole: 'patient',
  TermsAccepted: false,
  PrivacyPolicyAccepted: false,
  EmailMarketingEnabled: true,
  SmsMarketingEnabled: false,
  AreasOfInterests: ['dentalWhitening'],
  OwnBranchId: 3,
  OwnEmployeeId: null,
  ShouldShowProfilePage: false,
  Person: {
    FirstName: 'Maija',
    LastName: 'Meikäläinen',
    SSN: '131052-308T',
    PhoneNumber: null,
    EmailAddress: 'maija@example.fi',
  },
};

describe('profile form', () => {
  test('the form starts from the user, with every area of interest as a flag', () => {
    const values = profileFormValues(user);
    expect(values.phone).toBe('');
    expect(values.email).toBe('maija@example.fi');
    expect(values.areas.dentalWhitening).toBe(true);
    expect(Object.values(values.areas).filter(Boolean)).toHaveLength(1);
    expect(Object.keys(values.areas)).toHaveLength(7);
  });

  test('the payload sends blank contact fields as null and the seven flags', () => {
    const values = { ...profileFormValues(user), phone: '  ', email: ' maija@example.fi ' };
    const payload = profileUpdate(values, user);
    expect(payload.phone).toBeNull();
    expect(payload.email).toBe('maija@example.fi');
    expect(payload.dentalWhitening).toBe(true);
    expect(payload.orthodontics).toBe(false);
    expect(payload.branchId).toBe(3);
  });

  test('ticking the first login’s terms checkbox accepts the terms and the privacy policies', () => {
    const payload = profileUpdate({ ...profileFormValues(user), termsAccepted: true }, user);
    expect(payload.termsAccepted).toBe(true);
    expect(payload.privacyPolicyAccepted).toBe(true);
  });

  test('without the tick neither is accepted', () => {
    const payload = profileUpdate({ ...profileFormValues(user), termsAccepted: false }, user);
    expect(payload.termsAccepted).toBe(false);
    expect(payload.privacyPolicyAccepted).toBe(false);
  });

  test('a save by a user who accepted the terms earlier never accepts a new privacy statement', () => {
    const termsOnly = { ...user, TermsAccepted: true, PrivacyPolicyAccepted: false };
    const payload = profileUpdate(profileFormValues(termsOnly), termsOnly);
    expect(payload.termsAccepted).toBe(true);
    expect(payload.privacyPolicyAccepted).toBe(false);
  });

  test('a save never withdraws an acceptance already given', () => {
    const accepted = { ...user, TermsAccepted: true, PrivacyPolicyAccepted: true };
    const payload = profileUpdate(
      { ...profileFormValues(accepted), termsAccepted: false },
      accepted,
    );
    expect(payload.termsAccepted).toBe(true);
    expect(payload.privacyPolicyAccepted).toBe(true);
  });

  test('the identity code is masked after the birth date and century sign', () => {
    expect(maskNationalId('131052-308T')).toBe('131052-****');
    expect(maskNationalId('short')).toBe('short');
  });
});
