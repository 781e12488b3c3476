/** @mswjs/data models of the chat area (see core/db.ts). */
export const chatModels = {};
