import { useTranslation } from 'react-i18next';
import { useLanguage, type Language } from '../../../shared/language.ts';
import type { Coupon } from '../api/get-coupons.ts';

type TextField = 'name' | 'priceDetails' | 'instructions' | 'info';

/**
 * A benefit's text in the page's language, or in the language staff wrote it in when it has no
 * translation (the contract's `Coupon.textLanguages`): then it carries its `lang` (WCAG 3.1.2)
 * and a word in the page's language says which, e.g. "(på finska)".
 */
export function CouponText({
  coupon,
  field,
}: {
  coupon: Pick<Coupon, TextField | 'textLanguages'>;
  field: TextField;
}) {
  const { t } = useTranslation('coupons');
  const page = useLanguage();
  const written: Language | undefined = coupon.textLanguages?.[field];
  if (written === undefined || written === page) return <>{coupon[field]}</>;
  return (
    <>
      <span lang={written}>{coupon[field]}</span>{' '}
      <span className="text-sm font-normal text-slate-600">({t(`writtenIn.${written}`)})</span>
    </>
  );
}
