import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Page, PageHeader } from '../../../ui/index.ts';
import { CouponForm } from '../components/coupon-form.tsx';

/** /admin/coupon/new: a new coupon (its image is uploaded right after it is created). */
export default function AdminCouponNewRoute() {
  const { t } = useTranslation('admin-coupons');
  usePageTitle(t('new.title'));
  return (
    <Page width="narrow">
      <PageHeader title={t('new.title')} description={t('new.description')} />
      <CouponForm coupon={null} />
    </Page>
  );
}
