import { isApiError } from '@portal/sdk';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLanguage } from '../../../shared/language.ts';
import { usePageTitle } from '../../../shared/page-head.ts';
import { EmptyState, Page, PageHeader, Spinner, useAssetUrl } from '../../../ui/index.ts';
import { useBranches } from '../../../shared/resources.ts';
import { useCoupon } from '../api/get-coupon.ts';
import type { Coupon } from '../api/get-coupons.ts';
import { usePriceText, useValidityText } from './coupon-validity.tsx';
import { RedeemPanel } from './redeem-panel.tsx';
import { LoadError } from '../../../shared/error-views.tsx';
import { CouponText } from './text-language.tsx';

function BackLink() {
  const { t } = useTranslation('coupons');
  return (
    <Link
      href="/coupons"
      className="mb-4 inline-flex min-h-input items-center font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-brand-700"
    >
      {t('back')}
    </Link>
  );
}

function Branches({ branches }: { branches: Coupon['branches'] }) {
  const { t } = useTranslation('coupons');
  const all = useBranches();
  if (branches.all) return <p>{t('branches.all')}</p>;
  const names = branches.branchIds.map(
    (id) => all.data?.find((branch) => branch.Id === id)?.Name ?? String(id),
  );
  if (all.isPending) return <Spinner size="sm" label={t('loading')} />;
  return (
    <ul className="list-inside list-disc">
      {names.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}

function Details({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation('coupons');
  const assetUrl = useAssetUrl();
  const language = useLanguage();
  const validity = useValidityText(coupon, true);
  const price = usePriceText(coupon.price, language);
  usePageTitle(coupon.name);
  return (
    <>
      <PageHeader title={<CouponText coupon={coupon} field="name" />} />
      <div className="flex flex-col gap-6">
        {coupon.imageUrl !== null && (
          <img
            src={assetUrl(coupon.imageUrl)}
            alt=""
            className="aspect-[2/1] max-h-72 w-full rounded-lg border border-slate-300 object-cover"
          />
        )}
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold text-slate-900">{t('price')}</dt>
          <dd className="text-slate-900">
            <span className="font-semibold">{price}</span>
            {coupon.priceDetails !== '' && (
              <span className="block text-slate-700">
                <CouponText coupon={coupon} field="priceDetails" />
              </span>
            )}
          </dd>
          <dt className="font-semibold text-slate-900">{t('validityLabel')}</dt>
          <dd className="text-slate-900">{validity}</dd>
          <dt className="font-semibold text-slate-900">{t('branches.label')}</dt>
          <dd className="text-slate-900">
            <Branches branches={coupon.branches} />
          </dd>
        </dl>
        {coupon.instructions !== '' && (
          <section aria-labelledby="coupon-instructions">
            <h2 id="coupon-instructions" className="text-xl font-semibold text-slate-900">
              {t('instructions')}
            </h2>
            <p className="mt-1 whitespace-pre-line text-slate-900">
              <CouponText coupon={coupon} field="instructions" />
            </p>
          </section>
        )}
        {coupon.info !== '' && (
          <section aria-labelledby="coupon-info">
            <h2 id="coupon-info" className="text-xl font-semibold text-slate-900">
              {t('info')}
            </h2>
            <p className="mt-1 whitespace-pre-line text-slate-900">
              <CouponText coupon={coupon} field="info" />
            </p>
          </section>
        )}
        <section aria-labelledby="coupon-redeem" className="flex flex-col gap-3">
          <h2 id="coupon-redeem" className="text-xl font-semibold text-slate-900">
            {t('redeem.title')}
          </h2>
          <p className="text-slate-700">{t('redeem.once')}</p>
          <RedeemPanel key={coupon.id} coupon={coupon} />
        </section>
      </div>
    </>
  );
}

/** /coupons/:id: one benefit with its instructions, info, validity and the redeem action. */
export function CouponDetails({ id }: { id: number }) {
  const { t } = useTranslation('coupons');
  const coupon = useCoupon(id);
  let body;
  if (coupon.isPending) {
    body = <Spinner label={t('loading')} />;
  } else if (coupon.isError) {
    body =
      isApiError(coupon.error) && coupon.error.kind === 'not-found' ? (
        <EmptyState headingLevel={2} title={t('notFound.title')} text={t('notFound.text')} />
      ) : (
        <LoadError onRetry={() => void coupon.refetch()}>{t('loadOneFailed')}</LoadError>
      );
  } else {
    body = <Details coupon={coupon.data} />;
  }
  return (
    <Page width="narrow">
      <BackLink />
      {body}
    </Page>
  );
}
