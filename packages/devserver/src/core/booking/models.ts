/** @mswjs/data models of the booking area (see core/db.ts). */
export const bookingModels = {};
