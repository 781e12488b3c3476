import { BOOKING_STEPS, type BookingStep, type BookingView } from '@portal/machines';

/** URL segments of the wizard's views (`/reservation/:step`). */
const SLUGS: Record<BookingView, string> = {
  customerType: 'customer-type',
  reason: 'reason',
  branch: 'branch',
  practitioner: 'practitioner',
  slot: 'slot',
  details: 'details',
  confirm: 'confirm',
  loginRequired: 'login-required',
  thankYou: 'thank-you',
  maintenance: 'maintenance',
};

/** `/reservation/customer-type?again=<reservation id>`: My reservations' "Book again". */
export const BOOK_AGAIN_PARAM = 'again';

/** The past reservation to book again, from the booking's query; null when none is asked. */
export function bookAgainIdOf(search: string): number | null {
  const id = Number(new URLSearchParams(search).get(BOOK_AGAIN_PARAM));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function slugOf(view: BookingView): string {
  return SLUGS[view];
}

/**
 * The step a URL segment asks for; the login-required step restores to confirmation (its
 * answers are those of confirmation). Null for anything else.
 */
export function stepOfSlug(slug: string | undefined): BookingStep | null {
  if (slug === undefined) return null;
  if (slug === SLUGS.loginRequired) return 'confirm';
  return BOOKING_STEPS.find((step) => SLUGS[step] === slug) ?? null;
}

export function isBookingStep(view: BookingView): view is BookingStep {
  return (BOOKING_STEPS as readonly string[]).includes(view);
}
