import { useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../shared/api.tsx';

/** One coupon with every language (GET /api/admin/coupons/{id}). */
export function getAdminCouponQueryOptions($api: Api['$api'], id: number) {
  return $api.queryOptions('get', '/api/admin/coupons/{id}', { params: { path: { id } } });
}

/** One coupon; `null` (an id that is not a number) loads nothing. */
export function useAdminCoupon(id: number | null) {
  return useQuery({ ...getAdminCouponQueryOptions(useApi().$api, id ?? 0), enabled: id !== null });
}
