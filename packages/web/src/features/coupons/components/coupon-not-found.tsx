import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, Page, PageHeader } from '../../../ui/index.ts';

/** A coupon address that cannot be one (`/coupons/abc`). */
export function CouponNotFound() {
  const { t } = useTranslation('coupons');
  return (
    <Page width="narrow">
      <PageHeader title={t('notFound.title')} description={t('notFound.text')} />
      <Button asChild variant="secondary">
        <Link href="/coupons">{t('back')}</Link>
      </Button>
    </Page>
  );
}
