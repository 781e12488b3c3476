import type { AdminCoupon, CouponLanguage } from '../api/get-admin-coupons.ts';

export const COUPON_LANGUAGES: readonly CouponLanguage[] = ['fi', 'sv', 'en'];

/** A coupon's name in the interface language, else in its edited language, else any written one. */
export function couponName(coupon: AdminCoupon, language: CouponLanguage): string {
  const order = [language, coupon.editedLanguage, ...COUPON_LANGUAGES];
  for (const candidate of order) {
    const name = coupon.translations[candidate].name.trim();
    if (name !== '') return name;
  }
  return '';
}
