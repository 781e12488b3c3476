/** User-facing texts of the auth area, merged into core/messages.ts. */
export const authMessages = {};
