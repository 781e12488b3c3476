import { useParams } from 'wouter';
import { CouponDetails } from '../components/coupon-details.tsx';
import { CouponList } from '../components/coupon-list.tsx';
import { CouponNotFound } from '../components/coupon-not-found.tsx';

/** /coupons (the list) and /coupons/:id (one benefit with the redeem action). */
export default function CouponsRoute() {
  const params = useParams<{ id?: string }>();
  if (params.id === undefined) return <CouponList />;
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) return <CouponNotFound />;
  return <CouponDetails key={id} id={id} />;
}
