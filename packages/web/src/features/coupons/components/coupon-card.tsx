import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLanguage } from '../../../shared/language.ts';
import { useAssetUrl } from '../../../ui/index.ts';
import { helsinkiDateTime } from '../../../shared/time.ts';
import type { Coupon } from '../api/get-coupons.ts';
import { usePriceText, useValidityText } from './coupon-validity.tsx';
import { CouponText } from './text-language.tsx';

/** One benefit in the list: image, name (the link to it), price, validity and whether it is used. */
export function CouponCard({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation('coupons');
  const assetUrl = useAssetUrl();
  const language = useLanguage();
  const validity = useValidityText(coupon);
  const price = usePriceText(coupon.price, language);
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-slate-300 bg-white">
      {coupon.imageUrl !== null ? (
        <img src={assetUrl(coupon.imageUrl)} alt="" className="aspect-[2/1] w-full object-cover" />
      ) : (
        <div aria-hidden="true" className="aspect-[2/1] w-full bg-brand-50" />
      )}
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h2 className="text-lg font-semibold text-slate-900">
          <Link
            href={`/coupons/${coupon.id}`}
            className="text-brand-800 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-brand-700"
          >
            <CouponText coupon={coupon} field="name" />
          </Link>
        </h2>
        <p className="text-lg font-semibold text-slate-900">{price}</p>
        <p className="text-slate-700">{validity}</p>
        {coupon.redeemedAt !== null && (
          <p className="mt-auto pt-2 text-sm font-semibold text-slate-800">
            {t('usedOn', helsinkiDateTime(coupon.redeemedAt))}
          </p>
        )}
      </div>
    </li>
  );
}
