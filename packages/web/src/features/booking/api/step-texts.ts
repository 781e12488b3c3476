/**
 * The texts of the steps after the first two (location to thank-you) are a namespace of their
 * own, `booking-steps`, fetched while the service is chosen instead of with the booking's start.
 * A later step reads them first and falls back to `booking` (the wizard's shared texts: views,
 * actions, validation and reservation messages).
 */
export const STEP_TEXTS = ['booking-steps', 'booking'] as const;
export const STEP_TEXTS_OPTIONS = { nsMode: 'fallback' } as const;
