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
