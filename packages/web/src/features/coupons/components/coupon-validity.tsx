import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/language.ts';
import { formatPrice } from '../../../shared/money.ts';
import { formatHelsinki } from '../../../shared/time.ts';
import type { Coupon } from '../api/get-coupons.ts';

/** "Valid 1.11.2026–31.12.2026", or "Valid until further notice" for a continuous coupon. */
export function useValidityText(
  coupon: Pick<Coupon, 'isContinuous' | 'validFrom' | 'validTo'>,
  /** Without the leading "Valid", for a place already labelled "Valid". */
  short = false,
) {
  const { t } = useTranslation('coupons');
  if (coupon.isContinuous || coupon.validFrom === null || coupon.validTo === null) {
    return short ? t('validity.continuousShort') : t('validity.continuous');
  }
  const range = {
    from: formatHelsinki(coupon.validFrom, 'date'),
    to: formatHelsinki(coupon.validTo, 'date'),
  };
  return short ? t('validity.rangeShort', range) : t('validity.range', range);
}

/** The price in euros, or "Free" for a zero price. */
export function usePriceText(price: number, language: Language): string {
  const { t } = useTranslation('coupons');
  return price === 0 ? t('free') : formatPrice(price, language);
}
