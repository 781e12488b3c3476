/** User-facing texts of the coupons area, merged into core/messages.ts. */
export const couponsMessages = {};
