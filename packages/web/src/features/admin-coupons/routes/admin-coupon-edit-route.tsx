import { isApiError } from '@portal/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { useLanguage } from '../../../shared/language.ts';
import { usePageTitle } from '../../../shared/use-page-title.ts';
import {
  Button,
  ConfirmDialog,
  NotificationBox,
  Page,
  PageHeader,
  Spinner,
  toast,
} from '../../../ui/index.ts';
import { useDeleteCoupon } from '../api/coupon-actions.ts';
import { useAdminCoupon } from '../api/get-admin-coupon.ts';
import type { AdminCoupon } from '../api/get-admin-coupons.ts';
import { CouponForm } from '../components/coupon-form.tsx';
import { couponName } from '../components/coupon-text.ts';
import { LoadError } from '../../../shared/error-views.tsx';

function DeleteCoupon({ coupon, name }: { coupon: AdminCoupon; name: string }) {
  const { t } = useTranslation('admin-coupons');
  const [, navigate] = useLocation();
  const remove = useDeleteCoupon();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section aria-labelledby="delete-coupon" className="mt-10 border-t border-slate-300 pt-6">
      <h2 id="delete-coupon" className="text-lg font-semibold text-slate-900">
        {t('delete.title')}
      </h2>
      <p className="mt-1 mb-4 text-slate-700">{t('delete.text')}</p>
      {failure !== null && (
        <NotificationBox variant="danger" title={t('delete.failed')} className="mb-4">
          {failure}
        </NotificationBox>
      )}
      <ConfirmDialog
        variant="danger"
        trigger={<Button variant="danger">{t('delete.button')}</Button>}
        title={t('delete.confirmTitle', { name })}
        description={t('delete.confirmText', { count: coupon.redemptionCount })}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        onConfirm={async () => {
          setFailure(null);
          try {
            await remove.mutateAsync(coupon.id);
            toast.success(t('delete.done', { name }));
            navigate('/admin/coupons');
          } catch (error) {
            setFailure((isApiError(error) ? error.userMessage : undefined) ?? '');
          }
        }}
      />
    </section>
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
