/** @mswjs/data models of the content area (see core/db.ts). */
export const contentModels = {};
