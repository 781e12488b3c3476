import type { Schemas } from '@portal/sdk';
import { rowById } from '../db.ts';
import { isValidEmail } from '../email.ts';
import { helsinkiDate } from '../clock.ts';
import { fail, invalid, ok, type FieldProblem, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import type { UserRow } from '../users/sessions.ts';
import { recordAccess } from '../access-log/access-log.ts';
import { toCsv } from './csv.ts';

export type AdminPatient = Schemas['AdminPatient'];
export type AdminPatientRole = Schemas['AdminPatientRole'];
type WebRole = 'admin' | 'contentManager' | 'patient';

export const DEFAULT_PAGE_SIZE = 20;

const ROLE_LABELS: Record<WebRole, AdminPatientRole> = {
  admin: 'Admin',
  contentManager: 'Content manager',
  patient: 'Patient',
};

const ROLE_OF_LABEL: Record<AdminPatientRole, WebRole> = {
  Admin: 'admin',
  'Content manager': 'contentManager',
  Patient: 'patient',
};

/** The admin view's role of a WebRole: anything but admin and contentManager is a patient. */
export function roleLabel(webRole: string): AdminPatientRole {
  return webRole === 'admin' || webRole === 'contentManager' ? ROLE_LABELS[webRole] : 'Patient';
}

/** The user table keeps unknown address parts as empty strings; the contract says null. */
const orNull = (value: string | null): string | null =>
  value === null || value.trim() === '' ? null : value;

export function toAdminPatient(user: UserRow): AdminPatient {
  return {
    id: user.id,
    firstname: user.firstName,
    lastname: user.lastName,
    email: orNull(user.email),
    phone: orNull(user.phone),
    role: roleLabel(user.webRole),
    ssn: user.ssn,
    smsMarketing: user.smsMarketingEnabled,
    emailMarketing: user.emailMarketingEnabled,
    messagingConsent: user.messagingConsent,
    street: orNull(user.street),
    postalCode: orNull(user.postalCode),
    city: orNull(user.city),
    createdAt: user.createdAt,
  };
}

/**
 * The fields of a patient the admin view shows (`AdminPatient`), as the access log names what a
 * staff member saw (issue 57).
 */
const SHOWN_FIELDS = [
  'firstname',
  'lastname',
  'ssn',
  'email',
  'phone',
  'role',
  'smsMarketing',
  'emailMarketing',
  'messagingConsent',
  'street',
  'postalCode',
  'city',
  'createdAt',
] as const satisfies readonly (keyof AdminPatient)[];

/** The shown fields whose values differ between two readings of a patient. */
function changedFields(before: AdminPatient, after: AdminPatient): string[] {
  return SHOWN_FIELDS.filter((field) => before[field] !== after[field]);
}

function findUser(state: DevState, id: number): UserRow | null {
  return rowById(state.db.user.getAll(), id);
}

/** Digits of a phone number in national form: `+358 40 123` and `040 123` both give `040123`. */
export function phoneDigits(text: string): string {
  const compact = text.replace(/[\s()-]/g, '');
  if (compact.startsWith('+358')) return `0${compact.slice(4).replace(/\D/g, '')}`;
  if (compact.startsWith('00358')) return `0${compact.slice(5).replace(/\D/g, '')}`;
  return compact.replace(/\D/g, '');
}

/**
 * Whether a user matches an admin search: a case-insensitive substring of the first name, last
 * name, full name (either order), email, phone or national id. A search that looks like a phone
 * number also matches across the number's forms (`040 100 0001` finds `+358401000001`).
 */
export function matchesSearch(user: UserRow, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  const haystacks = [
    user.firstName,
    user.lastName,
    `${user.firstName} ${user.lastName}`,
    `${user.lastName} ${user.firstName}`,
    user.email ?? '',
    user.phone ?? '',
    user.ssn,
  ];
  if (haystacks.some((text) => text.toLowerCase().includes(needle))) return true;
  if (user.phone && /^[+\d\s()-]+$/.test(needle)) {
    const digits = phoneDigits(needle);
    return digits.length >= 3 && phoneDigits(user.phone).includes(digits);
  }
  return false;
}

const collator = new Intl.Collator('fi');

/** Last name, then first name (Finnish alphabet: Å, Ä and Ö after Z), then id. */
export function comparePatients(a: UserRow, b: UserRow): number {
  return (
    collator.compare(a.lastName, b.lastName) ||
    collator.compare(a.firstName, b.firstName) ||
    a.id - b.id
  );
}

/** A page of the staff search; each patient it lists is an access-log entry of `actor`'s. */
export function listPatients(
  state: DevState,
  actor: UserRow,
  query: { search?: string; page?: number; pageSize?: number },
): Schemas['AdminPatientPage'] {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const matching = state.db.user
    .getAll()
    .filter((u) => matchesSearch(u, query.search ?? ''))
    .sort(comparePatients);
  const start = (page - 1) * pageSize;
  const listed = matching.slice(start, start + pageSize);
  recordAccess(state, {
    actor,
    subjectIds: listed.map((user) => user.id),
    action: 'search',
    fields: SHOWN_FIELDS,
    operation: 'listPatients',
  });
  return { items: listed.map(toAdminPatient), total: matching.length, page, pageSize };
}

/** A patient's record as the admin view shows it; the reading is an access-log entry. */
export function getPatient(state: DevState, actor: UserRow, id: number): Result<AdminPatient> {
  const user = findUser(state, id);
  if (!user) return fail('not-found');
  recordAccess(state, {
    actor,
    subjectIds: [id],
    action: 'read',
    fields: SHOWN_FIELDS,
    operation: 'getPatient',
  });
  return ok(toAdminPatient(user));
}

/**
 * A phone number in international form (`+` and 7–15 digits, no trunk 0 after +358) or Finnish
 * national form (0 and 6–11 more digits); spaces, hyphens and parentheses are allowed.
 */
export function isValidPhone(text: string): boolean {
  const compact = text.trim().replace(/[\s()-]/g, '');
  if (compact.startsWith('+')) return /^\+[1-9]\d{6,14}$/.test(compact) && !/^\+3580/.test(compact);
  return /^0\d{6,11}$/.test(compact);
}

/**
 * Replaces a user's editable fields. Read-only: id, ssn, createdAt (not part of the body).
 * An admin cannot change their own role (403). Email and phone answer field errors.
 */
export function updatePatient(
  state: DevState,
  actor: UserRow,
  id: number,
  input: Schemas['AdminPatientUpdate'],
): Result<AdminPatient> {
  const user = findUser(state, id);
  if (!user) return fail('not-found');
  const webRole = ROLE_OF_LABEL[input.role];
  if (user.id === actor.id && webRole !== user.webRole) {
    return fail('forbidden', { message: 'patient.cannotChangeOwnRole' });
  }
  const problems: FieldProblem[] = [];
  const firstName = input.firstname.trim();
  const lastName = input.lastname.trim();
  if (firstName === '') problems.push({ field: 'firstname', message: 'validation.required' });
  if (lastName === '') problems.push({ field: 'lastname', message: 'validation.required' });
  const email = input.email === null ? null : input.email.trim();
  if (email !== null && !isValidEmail(email)) {
    problems.push({ field: 'email', message: 'validation.email' });
  }
  const phone = input.phone === null ? null : input.phone.trim();
  if (phone !== null && !isValidPhone(phone)) {
    problems.push({ field: 'phone', message: 'validation.phone' });
  }
  const postalCode = input.postalCode === null ? '' : input.postalCode.trim();
  if (postalCode !== '' && !/^\d{5}$/.test(postalCode)) {
    problems.push({ field: 'postalCode', message: 'validation.postalCode' });
  }
  if (problems.length > 0) return invalid(...problems);
  const before = toAdminPatient(user);
  const updated = state.db.user.update({
    where: { id: { equals: id } },
    data: {
      firstName,
      lastName,
      email,
      phone,
      webRole,
      smsMarketingEnabled: input.smsMarketing,
      emailMarketingEnabled: input.emailMarketing,
      messagingConsent: input.messagingConsent,
      street: input.street?.trim() ?? '',
      postalCode,
      city: input.city?.trim() ?? '',
    },
  });
  if (!updated) return fail('not-found');
  const after = toAdminPatient(updated);
  // A change names only the fields whose values changed; a save that changes nothing is no entry.
  const fields = changedFields(before, after);
  if (fields.length > 0) {
    recordAccess(state, {
      actor,
      subjectIds: [id],
      action: 'change',
      fields,
      operation: 'updatePatient',
    });
  }
  return ok(after);
}

/**
 * The account an admin may delete (`deletePatient` in `core/flows/account.ts` then deletes it):
 * an existing user, and not the admin's own account (403).
 */
export function patientToDelete(state: DevState, actor: UserRow, id: number): Result<UserRow> {
  const user = findUser(state, id);
  if (!user) return fail('not-found');
  if (user.id === actor.id) return fail('forbidden', { message: 'patient.cannotDeleteSelf' });
  return ok(user);
}

export const MARKETING_EXPORT_HEADER = [
  'id',
  'firstname',
  'lastname',
  'email',
  'phone',
  'smsMarketing',
  'emailMarketing',
] as const;

/**
 * The CSV of users who consented to marketing by sms or email, by id, named by today's date; each
 * patient in it is an access-log entry of `actor`'s export.
 */
export function exportMarketingConsents(
  state: DevState,
  actor: UserRow,
): { fileName: string; csv: string } {
  const users = state.db.user
    .getAll()
    .filter((u) => u.smsMarketingEnabled || u.emailMarketingEnabled)
    .sort((a, b) => a.id - b.id);
  const rows = users.map((u) => [
    u.id,
    u.firstName,
    u.lastName,
    u.email,
    u.phone,
    u.smsMarketingEnabled,
    u.emailMarketingEnabled,
  ]);
  recordAccess(state, {
    actor,
    subjectIds: users.map((u) => u.id),
    action: 'export',
    fields: MARKETING_EXPORT_HEADER.filter((column) => column !== 'id'),
    operation: 'exportMarketingConsents',
  });
  return {
    fileName: `marketing-export-${helsinkiDate(state.clock.now())}.csv`,
    csv: toCsv(MARKETING_EXPORT_HEADER, rows),
  };
}
