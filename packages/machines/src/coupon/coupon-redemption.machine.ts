import type { Schemas } from '@portal/sdk';
import { assign, setup } from 'xstate';
import { isApiErrorWith } from '../shared/api-errors.ts';
import { notProvidedActor } from '../shared/not-provided.ts';

type Coupon = Schemas['Coupon'];
type CouponRedemption = Schemas['CouponRedemption'];

/** 'Failed to redeem benefit' (spec §8). */
export const COUPON_REDEEM_FAILED = 'coupon.redeemFailed';

export interface CouponRedemptionContext {
  couponId: number;
  /** When the user redeemed the coupon: shown in the already-redeemed notice. */
  redeemedAt: string | null;
  /** Message key of the last failure. */
  error: typeof COUPON_REDEEM_FAILED | null;
}

export type CouponRedemptionEvent = { type: 'coupon.redeem' };

/**
 * Coupon redemption (spec §4 Coupon, §8): a coupon is redeemable once per user. A coupon that
 * already has `redeemedAt` starts in `alreadyRedeemed`; a 409 `already-redeemed` answer goes there
 * too, with the date of use. Other failures go to `failed`, from where the user may retry.
 *
 * Injected: actor `redeemCoupon` (POST /api/coupons/{id}/redeem).
 */
export const couponRedemptionMachine = setup({
  types: {
    context: {} as CouponRedemptionContext,
    events: {} as CouponRedemptionEvent,
    input: {} as { coupon: Pick<Coupon, 'id' | 'redeemedAt'> },
  },
  actors: {
    redeemCoupon: notProvidedActor<CouponRedemption, { couponId: number }>('redeemCoupon'),
  },
  actions: {
    setRedeemedAt: assign((_, params: { redeemedAt: string | null }) => ({
      redeemedAt: params.redeemedAt,
      error: null,
    })),
    setFailed: assign({ error: COUPON_REDEEM_FAILED }),
    clearError: assign({ error: null }),
  },
  guards: {
    isRedeemed: ({ context }) => context.redeemedAt !== null,
    isAlreadyRedeemed: (_, params: { error: unknown }) =>
      isApiErrorWith(params.error, 'conflict', 'already-redeemed'),
  },
}).createMachine({
  id: 'couponRedemption',
  context: ({ input }) => ({
    couponId: input.coupon.id,
    redeemedAt: input.coupon.redeemedAt,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isRedeemed', target: 'alreadyRedeemed' }, { target: 'idle' }],
    },
    idle: {
      on: { 'coupon.redeem': 'redeeming' },
    },
    redeeming: {
      entry: 'clearError',
      invoke: {
        id: 'redeemCoupon',
        src: 'redeemCoupon',
        input: ({ context }) => ({ couponId: context.couponId }),
        onDone: {
          target: 'redeemed',
          actions: {
            type: 'setRedeemedAt',
            params: ({ event }) => ({ redeemedAt: event.output.redeemedAt }),
          },
        },
        onError: [
          {
            guard: { type: 'isAlreadyRedeemed', params: ({ event }) => ({ error: event.error }) },
            target: 'alreadyRedeemed',
            actions: {
              type: 'setRedeemedAt',
              params: ({ event }) => ({
                redeemedAt: (event.error as { redeemedAt?: string }).redeemedAt ?? null,
              }),
            },
          },
          { target: 'failed', actions: 'setFailed' },
        ],
      },
    },
    redeemed: {},
    alreadyRedeemed: {},
    failed: {
      on: { 'coupon.redeem': 'redeeming' },
    },
  },
});

export type CouponRedemptionMachine = typeof couponRedemptionMachine;
