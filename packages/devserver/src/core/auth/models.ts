/** @mswjs/data models of the auth area (see core/db.ts). */
export const authModels = {};
