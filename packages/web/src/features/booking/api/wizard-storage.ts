import type { BookingChoices } from '@portal/machines';

/** sessionStorage key of the wizard's answers, kept across the login detour and reloads. */
export const BOOKING_STORAGE_KEY = 'booking.choices';

const CHOICE_KEYS = [
  'customerType',
  'voucherIdentifier',
  'campaignCode',
  'reason',
  'branch',
  'employee',
  'date',
  'slot',
  // The time's hold goes with it across the login detour (the server still holds it there).
  'hold',
  'details',
  // What a visitor typed goes across the login too: the profile's then takes its place, and
  // it is offered back (issue 54).
  'visitorContact',
  'typedContact',
  // A family booking's persons and times (issue 55).
  'familyIds',
  'familySlots',
] as const satisfies ReadonlyArray<keyof BookingChoices>;

/** The answers only (no check results, no loaded availability). */
export function pickChoices(context: BookingChoices): BookingChoices {
  const choices = {} as Record<string, unknown>;
  for (const key of CHOICE_KEYS) choices[key] = context[key];
  return choices as unknown as BookingChoices;
}

/** sessionStorage key of whom the stored answers are for (issue 55): a person's id, or `self`. */
export const BOOKING_PERSON_KEY = 'booking.person';

/** Keeps the answers, and whom they are for (`person`: the id acted for, or `self`). */
export function saveChoices(choices: BookingChoices, person = 'self'): void {
  try {
    sessionStorage.setItem(BOOKING_STORAGE_KEY, JSON.stringify(pickChoices(choices)));
    sessionStorage.setItem(BOOKING_PERSON_KEY, person);
  } catch {
    // Storage full or blocked: the wizard still works, it only cannot survive a reload.
  }
}

/**
 * The stored answers, or null when none (or unreadable). With `person`, only answers kept for
 * that person: a booking begun for oneself is not carried over to a child chosen since.
 */
export function loadChoices(person?: string): Partial<BookingChoices> | null {
  const raw = sessionStorage.getItem(BOOKING_STORAGE_KEY);
  if (raw === null) return null;
  if (person !== undefined && (sessionStorage.getItem(BOOKING_PERSON_KEY) ?? 'self') !== person)
    return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const choices: Record<string, unknown> = {};
    for (const key of CHOICE_KEYS) {
      if (key in parsed) choices[key] = (parsed as Record<string, unknown>)[key];
    }
    return choices as Partial<BookingChoices>;
  } catch {
    return null;
  }
}

export function clearChoices(): void {
  sessionStorage.removeItem(BOOKING_STORAGE_KEY);
  sessionStorage.removeItem(BOOKING_PERSON_KEY);
}

/** sessionStorage key of this tab's holder key (`SlotHoldRequest.holderKey`, decision 030). */
export const HOLDER_KEY_STORAGE_KEY = 'booking.holderKey';

const HOLDER_KEY = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * This tab's holder key: 16 random bytes in hex, kept for the tab's life so that each new hold of
 * its booking replaces the previous one on the server (one live hold per holder). Kept across
 * the login detour and reloads; a new one where storage is blocked (each hold then stands
 * alone, as before).
 */
export function holderKey(): string {
  let key = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(16)))
    key += byte.toString(16).padStart(2, '0');
  try {
    const stored = sessionStorage.getItem(HOLDER_KEY_STORAGE_KEY);
    if (stored !== null && HOLDER_KEY.test(stored)) return stored;
    sessionStorage.setItem(HOLDER_KEY_STORAGE_KEY, key);
  } catch {
    // Blocked storage: a key for this call only.
  }
  return key;
}
