/** User-facing texts of the chat area, merged into core/messages.ts. */
export const chatMessages = {};
