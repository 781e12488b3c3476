/** @mswjs/data models of the coupons area (see core/db.ts). */
export const couponsModels = {};
