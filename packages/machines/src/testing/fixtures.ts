import type { Schemas } from '@portal/sdk';
import {
  ApiError,
  BadRequestError,
  ConflictError,
  MaintenanceError,
  UnauthorizedError,
} from '@portal/sdk';

export const user: Schemas['User'] = {
  Id: 1001,
  WebRole: 'patient',
  TermsAccepted: true,
  PrivacyPolicyAccepted: true,
  EmailMarketingEnabled: true,
  SmsMarketingEnabled: false,
  AreasOfInterests: ['dentalWhitening'],
  OwnBranchId: 3,
  OwnEmployeeId: null,
  ShouldShowProfilePage: false,
  Person: {
    FirstName: 'Maija',
    LastName: 'Meikäläinen',
    SSN: '150385-914H',
    PhoneNumber: '+358401234567',
    EmailAddress: 'maija.meikalainen@example.fi',
  },
};

const request = { method: 'POST', url: 'http://portal.test/api' };

export function badRequest(
  body: Partial<Schemas['Error']> = { UserMessage: 'Bad request', Code: 'bad-request' },
): BadRequestError {
  return new BadRequestError({ status: 400, body, ...request });
}

export function conflict(body: Partial<Schemas['ReservationConflictError']>): ConflictError {
  return new ConflictError({ status: 409, body, ...request });
}

export function maintenance(startsAt = '2026-11-22T20:00:00+02:00'): MaintenanceError {
  return new MaintenanceError({
    status: 503,
    body: { UserMessage: 'Maintenance', Code: 'maintenance', MaintenanceStartsAt: startsAt },
    ...request,
  });
}

export function serverError(): ApiError {
  return new ApiError('server-error', {
    status: 500,
    body: { UserMessage: 'Server error', Code: 'server-error' },
    ...request,
  });
}

export function unauthorized(): UnauthorizedError {
  return new UnauthorizedError({ status: 401, body: undefined, ...request });
}
