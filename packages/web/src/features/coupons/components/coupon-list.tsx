import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-head.ts';
import { EmptyState, Page, PageHeader, Spinner } from '../../../ui/index.ts';
import { useCoupons } from '../api/get-coupons.ts';
import { CouponCard } from './coupon-card.tsx';
import { LoadError } from '../../../shared/error-views.tsx';

/** The benefits still to use first, in the server's order; the used ones after them. */
function usedLast<T extends { redeemedAt: string | null }>(coupons: readonly T[]): T[] {
  return [
    ...coupons.filter((coupon) => coupon.redeemedAt === null),
    ...coupons.filter((coupon) => coupon.redeemedAt !== null),
  ];
}

/** /coupons: the benefits the patient can use, soonest ending first; the used ones last. */
export function CouponList() {
  const { t } = useTranslation('coupons');
  usePageTitle(t('title'));
  const coupons = useCoupons();
  let body;
  if (coupons.isPending) {
    body = <Spinner label={t('loading')} />;
  } else if (coupons.isError) {
    body = <LoadError onRetry={() => void coupons.refetch()}>{t('loadFailed')}</LoadError>;
  } else if (coupons.data.length === 0) {
    body = <EmptyState headingLevel={2} title={t('empty.title')} text={t('empty.text')} />;
  } else {
    body = (
      // Cards keep their own height (one without an image is no taller than its text).
      <ul aria-label={t('title')} className="grid items-start gap-4 md:grid-cols-2 xl:grid-cols-3">
        {usedLast(coupons.data).map((coupon) => (
          <CouponCard key={coupon.id} coupon={coupon} />
        ))}
      </ul>
    );
  }
  return (
    <Page>
      <PageHeader title={t('title')} description={t('description')} />
      {body}
    </Page>
  );
}
