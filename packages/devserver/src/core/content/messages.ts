/** User-facing texts of the content area, merged into core/messages.ts. */
export const contentMessages = {};
