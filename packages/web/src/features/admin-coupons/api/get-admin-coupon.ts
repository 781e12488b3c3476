import { useApi, type Api } from '../../../shared/api.tsx';

/** One coupon with every language (GET /api/admin/coupons/{id}). */
export function getAdminCouponQueryOptions($api: Api['$api'], id: number) {
  return $api.queryOptions('get', '/api/admin/coupons/{id}', { params: { path: { id } } });
}

/** One coupon; `null` (an id that is not a number) loads nothing. */
export function useAdminCoupon(id: number | null) {
  const { $api } = useApi();
  return $api.useQuery(
    'get',
    '/api/admin/coupons/{id}',
    { params: { path: { id: id ?? 0 } } },
    { enabled: id !== null },
  );
}
