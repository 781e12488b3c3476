import { AREAS_OF_INTEREST, type Schemas } from '@portal/sdk';
import { rowById } from '../db.ts';
import { isValidEmail } from '../email.ts';
import { findBranch, findEmployee } from '../directory/directory.ts';
import type { FieldProblem } from '../result.ts';
import { fail, invalid, ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import type { UserRow } from './sessions.ts';
import {
  currentPrivacyStatement,
  currentTermsVersion,
  hasAcceptedPrivacy,
  hasAcceptedTerms,
} from './terms.ts';

/** Finnish numbers: +358 or 0, then 6–12 digits; spaces and dashes allowed between digits. */
const PHONE = /^(\+358|0)[1-9]([ -]?\d){5,11}$/;

export function isValidPhone(value: string): boolean {
  return PHONE.test(value.trim());
}

export function findUser(state: DevState, id: number): UserRow | null {
  return rowById(state.db.user.getAll(), id);
}

/** The published `User` shape of `GET /api/me`. */
export function toUser(state: DevState, user: UserRow): Schemas['User'] {
  return {
    Id: user.id,
    WebRole: user.webRole,
    TermsAccepted: hasAcceptedTerms(state, user),
    PrivacyPolicyAccepted: hasAcceptedPrivacy(state, user),
    EmailMarketingEnabled: user.emailMarketingEnabled,
    SmsMarketingEnabled: user.smsMarketingEnabled,
    AreasOfInterests: user.areasOfInterests.filter((a): a is Schemas['AreaOfInterest'] =>
      (AREAS_OF_INTEREST as readonly string[]).includes(a),
    ),
    OwnBranchId: user.ownBranchId,
    OwnEmployeeId: user.ownEmployeeId,
    ShouldShowProfilePage: user.shouldShowProfilePage,
    Person: {
      FirstName: user.firstName,
      LastName: user.lastName,
      SSN: user.ssn,
      PhoneNumber: user.phone,
      EmailAddress: user.email,
      // The patient record's address, whole or not at all (issue 54: a first-time patient's
      // booking starts from it).
      Address:
        user.street.trim() !== '' && user.postalCode.trim() !== '' && user.city.trim() !== ''
          ? { Street: user.street, PostalCode: user.postalCode, City: user.city }
          : null,
    },
  };
}

/** Spec §5: the server checks phone and email and answers field errors under them. */
export function updateProfile(
  state: DevState,
  caller: UserRow,
  targetId: number,
  input: Schemas['ProfileUpdate'],
): Result<Schemas['ProfileUpdateResult']> {
  if (!findUser(state, targetId)) return fail('not-found');
  if (targetId !== caller.id) return fail('forbidden');
  const problems: FieldProblem[] = [];
  const email = input.email?.trim() || null;
  const phone = input.phone?.trim() || null;
  if (email !== null && !isValidEmail(email))
    problems.push({ field: 'email', message: 'validation.email' });
  if (phone !== null && !isValidPhone(phone))
    problems.push({ field: 'phone', message: 'validation.phone' });
  if (input.branchId !== null && !findBranch(state, input.branchId)) {
    problems.push({ field: 'branchId', message: 'validation.unknownReference' });
  }
  if (input.employeeId !== null && !findEmployee(state, input.employeeId)) {
    problems.push({ field: 'employeeId', message: 'validation.unknownReference' });
  }
  if (problems.length > 0) return invalid(...problems);
  state.db.user.update({
    where: { id: { equals: caller.id } },
    data: {
      email,
      phone,
      smsMarketingEnabled: input.smsMarketingEnabled,
      emailMarketingEnabled: input.emailMarketingEnabled,
      ownBranchId: input.branchId,
      ownEmployeeId: input.employeeId,
      areasOfInterests: AREAS_OF_INTEREST.filter((flag) => input[flag]),
      // Acceptance is recorded, never withdrawn, by a profile save.
      ...(input.termsAccepted ? { termsVersion: currentTermsVersion(state) } : {}),
      ...(input.privacyPolicyAccepted
        ? { privacyVersion: currentPrivacyStatement(state).version }
        : {}),
    },
  });
  return ok({ Id: caller.id });
}

export function acceptTerms(state: DevState, user: UserRow, version: string): Result<void> {
  if (version !== currentTermsVersion(state)) return fail('outdated-version');
  state.db.user.update({ where: { id: { equals: user.id } }, data: { termsVersion: version } });
  return ok(undefined);
}

export function acceptPrivacyStatement(
  state: DevState,
  user: UserRow,
  version: string,
): Result<void> {
  if (version !== currentPrivacyStatement(state).version) return fail('outdated-version');
  state.db.user.update({ where: { id: { equals: user.id } }, data: { privacyVersion: version } });
  return ok(undefined);
}

/** The new marketing terms are accepted: the survey (PROFILE_UPDATE_REQUIRED) is not shown again. */
export function acceptNewMarketingTerms(state: DevState, user: UserRow): void {
  state.db.user.update({
    where: { id: { equals: user.id } },
    data: { shouldShowProfilePage: false },
  });
}

export function userSettings(user: UserRow): Schemas['UserSettings'] {
  return {
    serviceSmsEnabled: user.serviceSmsEnabled,
    serviceEmailEnabled: user.serviceEmailEnabled,
    reminderSmsEnabled: user.reminderSmsEnabled,
    reminderEmailEnabled: user.reminderEmailEnabled,
  };
}

export function updateUserSettings(
  state: DevState,
  user: UserRow,
  input: Schemas['UserSettings'],
): Schemas['UserSettings'] {
  const updated = state.db.user.update({
    where: { id: { equals: user.id } },
    data: {
      serviceSmsEnabled: input.serviceSmsEnabled,
      serviceEmailEnabled: input.serviceEmailEnabled,
      reminderSmsEnabled: input.reminderSmsEnabled,
      reminderEmailEnabled: input.reminderEmailEnabled,
      messagingConsent: input.serviceSmsEnabled || input.serviceEmailEnabled,
    },
  });
  return userSettings(updated ?? user);
}
