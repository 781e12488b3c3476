import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatPrice } from '../../../shared/money.ts';
import { formatHelsinki } from '../../../shared/time.ts';
import { useLanguage } from '../../../shared/language.ts';
import { cn, useAssetUrl } from '../../../ui/index.ts';
import type { AdminCoupon } from '../api/get-admin-coupons.ts';
import { couponName } from './coupon-text.ts';

function CouponItem({ coupon }: { coupon: AdminCoupon }) {
  const { t } = useTranslation('admin-coupons');
  const assetUrl = useAssetUrl();
  const language = useLanguage();
  const name = couponName(coupon, language) || t('list.unnamed');
  const validity =
    coupon.isContinuous || coupon.validFrom === null || coupon.validTo === null
      ? t('list.continuous')
      : t('list.dates', {
          from: formatHelsinki(coupon.validFrom, 'date'),
          to: formatHelsinki(coupon.validTo, 'date'),
        });
  return (
    <li className="flex gap-4 rounded-lg border border-slate-300 bg-white p-4">
      {coupon.imageUrl !== null && (
        <img
          src={assetUrl(coupon.imageUrl)}
          alt=""
          className="hidden size-20 shrink-0 rounded-md border border-slate-200 object-cover sm:block"
        />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold">
            <Link
              href={`/admin/coupon/${coupon.id}/edit`}
              className="text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {name}
            </Link>
          </h2>
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-sm font-semibold',
              coupon.isActive ? 'bg-brand-100 text-brand-900' : 'bg-slate-200 text-slate-900',
            )}
          >
            {coupon.isActive ? t('list.active') : t('list.inactive')}
          </span>
        </div>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
          <dt className="font-semibold text-slate-700">{t('list.validity')}</dt>
          <dd>{validity}</dd>
          <dt className="font-semibold text-slate-700">{t('list.price')}</dt>
          <dd>{formatPrice(coupon.price, language)}</dd>
          <dt className="font-semibold text-slate-700">{t('list.branches')}</dt>
          <dd>
            {coupon.branches.all
              ? t('list.allBranches')
              : t('list.someBranches', { count: coupon.branches.branchIds.length })}
          </dd>
          <dt className="font-semibold text-slate-700">{t('list.redeemed')}</dt>
          <dd>{t('list.redeemedCount', { count: coupon.redemptionCount })}</dd>
        </dl>
      </div>
    </li>
  );
}

/** The staff list of coupons: name (to edit), status, validity, price, branches and uses. */
export function CouponList({ coupons }: { coupons: readonly AdminCoupon[] }) {
  const { t } = useTranslation('admin-coupons');
  return (
    <ul aria-label={t('list.label')} className="flex flex-col gap-3">
      {coupons.map((coupon) => (
        <CouponItem key={coupon.id} coupon={coupon} />
      ))}
    </ul>
  );
}
