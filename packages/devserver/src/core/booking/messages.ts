/** User-facing texts of the booking area, merged into core/messages.ts. */
export const bookingMessages = {};
