import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Button, EmptyState, Page, PageHeader, Spinner } from '../../../ui/index.ts';
import { COUPONS_PAGE_SIZE, useAdminCoupons } from '../api/get-admin-coupons.ts';
import { CouponList } from '../components/coupon-list.tsx';
import { LoadError } from '../../../shared/error-views.tsx';

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /admin/coupons (admin, content manager; coupon flag): every coupon with a create action. */
export default function AdminCouponsRoute() {
  const { t } = useTranslation('admin-coupons');
  usePageTitle(t('list.title'));
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const query = useAdminCoupons(page);
  const pageCount = query.data ? Math.max(1, Math.ceil(query.data.total / COUPONS_PAGE_SIZE)) : 1;
  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  return (
    <Page>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <Button asChild>
            <Link href="/admin/coupon/new">{t('list.create')}</Link>
          </Button>
        }
      />
      {query.isPending && <Spinner label={t('list.loading')} />}
      {query.isError && (
        <LoadError onRetry={() => void query.refetch()}>{t('list.loadFailed')}</LoadError>
      )}
      {query.isSuccess && query.data.items.length === 0 && (
        <EmptyState headingLevel={2} title={t('list.empty.title')} text={t('list.empty.text')} />
      )}
      {query.isSuccess && query.data.items.length > 0 && (
        <>
          <CouponList coupons={query.data.items} />
          {pageCount > 1 && (
            <nav
              aria-label={t('pager.label')}
              className="mt-4 flex items-center justify-between gap-2"
            >
              <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                {t('pager.previous')}
              </Button>
              <p>{t('pager.status', { page, total: pageCount })}</p>
              <Button
                variant="secondary"
                disabled={page >= pageCount}
                onClick={() => goTo(page + 1)}
              >
                {t('pager.next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </Page>
  );
}
