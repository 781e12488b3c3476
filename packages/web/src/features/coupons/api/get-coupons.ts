import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { useApi, type Api, queryKeyOf } from '../../../shared/api.tsx';

export type Coupon = Schemas['Coupon'];

/** The coupons (benefits) the patient can use today, redeemed ones included (GET /api/coupons). */
export function getCouponsQueryOptions($api: Api['$api']) {
  return $api.queryOptions('get', '/api/coupons');
}

export function useCoupons() {
  return useQuery(getCouponsQueryOptions(useApi().$api));
}

/** The key prefix of the coupon list and every coupon, for invalidation after a redemption. */
export const COUPONS_KEY = queryKeyOf('/api/coupons');
