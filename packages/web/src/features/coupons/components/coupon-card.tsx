import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLanguage } from '../../../shared/language.ts';
import { cn, useAssetUrl } from '../../../ui/index.ts';
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
  const used = coupon.redeemedAt !== null;
  return (
    <li
      className={cn(
        'flex flex-col overflow-hidden rounded-lg border',
        // A used benefit is set apart: greyed, its border dashed, its image without colour.
        used ? 'border-dashed border-slate-400 bg-slate-100' : 'border-slate-300 bg-white',
      )}
    >
      {/* A benefit without an image has no empty picture area: its text starts the card. */}
      {coupon.imageUrl !== null && (
        <img
          src={assetUrl(coupon.imageUrl)}
          alt=""
          className={cn('aspect-[2/1] w-full object-cover', used && 'opacity-60 grayscale')}
        />
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
          <p className="mt-auto pt-2">
            <span className="inline-block rounded bg-slate-700 px-2 py-0.5 text-sm font-semibold text-white">
              {t('usedOn', helsinkiDateTime(coupon.redeemedAt))}
            </span>
          </p>
        )}
      </div>
    </li>
  );
}
