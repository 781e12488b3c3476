import { isApiError } from '@portal/sdk';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { useLanguage } from '../../../shared/language.ts';
import { usePageTitle } from '../../../shared/page-head.ts';
import { NotificationBox, Page, PageHeader, Spinner } from '../../../ui/index.ts';
import { useDeleteCoupon } from '../api/coupon-actions.ts';
import { useAdminCoupon } from '../api/get-admin-coupon.ts';
import type { AdminCoupon } from '../api/get-admin-coupons.ts';
import { CouponForm } from '../components/coupon-form.tsx';
import { couponName } from '../components/coupon-text.ts';
import { LoadError } from '../../../shared/error-views.tsx';
import { DeleteSection } from '../../../shared/delete-section.tsx';

function DeleteCoupon({ coupon, name }: { coupon: AdminCoupon; name: string }) {
  const { t } = useTranslation('admin-coupons');
  const [, navigate] = useLocation();
  const remove = useDeleteCoupon();
  return (
    <DeleteSection
      title={t('delete.title')}
      description={t('delete.text')}
      buttonLabel={t('delete.button')}
      confirmTitle={t('delete.confirmTitle', { name })}
      confirmText={t('delete.confirmText', { count: coupon.redemptionCount })}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('delete.cancel')}
      doneMessage={t('delete.done', { name })}
      failedTitle={t('delete.failed')}
      onDelete={() => remove.mutateAsync(coupon.id)}
      onDeleted={() => navigate('/admin/coupons')}
    />
  );
}

/** /admin/coupon/:id/edit: edit or delete one coupon. */
export default function AdminCouponEditRoute() {
  const { t } = useTranslation('admin-coupons');
  const language = useLanguage();
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id >= 1;
  const query = useAdminCoupon(valid ? id : null);
  const coupon = valid ? query.data : undefined;
  const name = coupon ? couponName(coupon, language) : '';
  const title = coupon ? t('edit.title', { name }) : t('edit.titleLoading');
  usePageTitle(title);
  const notFound = !valid || (isApiError(query.error) && query.error.kind === 'not-found');

  return (
    <Page width="narrow">
      <Link
        href="/admin/coupons"
        className="mb-4 inline-block font-semibold text-brand-800 underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {t('edit.back')}
      </Link>
      <PageHeader title={title} />
      {valid && query.isPending && <Spinner label={t('edit.loading')} />}
      {notFound && <NotificationBox variant="warning">{t('edit.notFound')}</NotificationBox>}
      {!notFound && query.isError && (
        <LoadError onRetry={() => void query.refetch()}>{t('edit.loadFailed')}</LoadError>
      )}
      {coupon && (
        <>
          <CouponForm key={coupon.id} coupon={coupon} />
          <DeleteCoupon coupon={coupon} name={name} />
        </>
      )}
    </Page>
  );
}
