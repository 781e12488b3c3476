import { useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../shared/api.tsx';

/** One coupon in the patient view (GET /api/coupons/{id}); 404 when it is not shown to the patient. */
export function getCouponQueryOptions($api: Api['$api'], id: number) {
  return $api.queryOptions('get', '/api/coupons/{id}', { params: { path: { id } } });
}

export function useCoupon(id: number) {
  return useQuery(getCouponQueryOptions(useApi().$api, id));
}
