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
] as const satisfies ReadonlyArray<keyof BookingChoices>;

/** The answers only (no check results, no loaded availability). */
export function pickChoices(context: BookingChoices): BookingChoices {
  const choices = {} as Record<string, unknown>;
  for (const key of CHOICE_KEYS) choices[key] = context[key];
  return choices as unknown as BookingChoices;
}

export function saveChoices(choices: BookingChoices): void {
  try {
    sessionStorage.setItem(BOOKING_STORAGE_KEY, JSON.stringify(pickChoices(choices)));
  } catch {
    // Storage full or blocked: the wizard still works, it only cannot survive a reload.
  }
}

/** The stored answers, or null when none (or unreadable). */
export function loadChoices(): Partial<BookingChoices> | null {
  const raw = sessionStorage.getItem(BOOKING_STORAGE_KEY);
  if (raw === null) return null;
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
}
