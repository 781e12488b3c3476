import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { profileWithPhone } from './save-phone.ts';

const user: Schemas['User'] = {
  Id: 1001,
  WebRole: 'patient',
  TermsAccepted: true,
  PrivacyPolicyAccepted: false,
  EmailMarketingEnabled: true,
  SmsMarketingEnabled: false,
  AreasOfInterests: ['dentalWhitening', 'implantCare'],
  OwnBranchId: 3,
  OwnEmployeeId: null,
  ShouldShowProfilePage: false,
  Person: {
    FirstName: 'Maija',
    LastName: 'Meikäläinen',
    SSN: '131052-308T',
    PhoneNumber: '+358401234567',
    EmailAddress: 'maija@example.fi',
  },
};

describe('saving the booked phone number', () => {
  test('the profile payload keeps every other field as the user has it', () => {
    expect(profileWithPhone(user, ' 040 765 4321 ')).toEqual({
      email: 'maija@example.fi',
      phone: '040 765 4321',
      smsMarketingEnabled: false,
      emailMarketingEnabled: true,
      privacyPolicyAccepted: false,
      termsAccepted: true,
      branchId: 3,
      employeeId: null,
      orthodontics: false,
      membraneOrthodontics: false,
      implantCare: true,
      dentalHygienistServices: false,
      estheticDentalCare: false,
      dentalWhitening: true,
      genericDentalHealth: false,
    });
  });
});
