import type { Schemas } from '@portal/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi, type Api, queryKeyOf } from '../../../shared/api.tsx';

export type AdminCoupon = Schemas['AdminCoupon'];
export type AdminCouponWrite = Schemas['AdminCouponWrite'];
export type CouponLanguage = keyof Schemas['CouponTranslations'];

/** Coupons per page of the staff list. */
export const COUPONS_PAGE_SIZE = 50;

/** One page of every coupon, newest edit first (GET /api/admin/coupons). */
export function getAdminCouponsQueryOptions($api: Api['$api'], page: number) {
  return $api.queryOptions('get', '/api/admin/coupons', {
    params: { query: { page, pageSize: COUPONS_PAGE_SIZE } },
  });
}

export function useAdminCoupons(page: number) {
  return useQuery({
    ...getAdminCouponsQueryOptions(useApi().$api, page),
    placeholderData: keepPreviousData,
  });
}

/** The query-key prefix of every staff coupon list, for invalidation after a change. */
export const ADMIN_COUPONS_KEY = queryKeyOf('/api/admin/coupons');
