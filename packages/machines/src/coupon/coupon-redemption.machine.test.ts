import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import type { Schemas } from '@portal/sdk';
import { deferredActor, settle } from '../testing/deferred-actor.ts';
import { conflict, serverError } from '../testing/fixtures.ts';
import { couponRedemptionMachine } from './coupon-redemption.machine.ts';

function startCoupon(redeemedAt: string | null = null) {
  const redeem = deferredActor<Schemas['CouponRedemption'], { couponId: number }>();
  const actor = createActor(
    couponRedemptionMachine.provide({ actors: { redeemCoupon: redeem.logic } }),
    { input: { coupon: { id: 7, redeemedAt } } },
  ).start();
  return { actor, redeem };
}

describe('coupon redemption', () => {
  test('Redeeming a coupon calls the server once and shows when it was redeemed', async () => {
    const { actor, redeem } = startCoupon();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'coupon.redeem' });
    expect(actor.getSnapshot().value).toBe('redeeming');
    expect(redeem.last().input).toEqual({ couponId: 7 });
    redeem.last().resolve({ couponId: 7, redeemedAt: '2026-12-01T09:30:00+02:00' });
    await settle();
    expect(actor.getSnapshot().value).toBe('redeemed');
    expect(actor.getSnapshot().context.redeemedAt).toBe('2026-12-01T09:30:00+02:00');
  });

  test('A redeemed coupon cannot be redeemed again', async () => {
    const { actor, redeem } = startCoupon();
    actor.send({ type: 'coupon.redeem' });
    actor.send({ type: 'coupon.redeem' });
    redeem.last().resolve({ couponId: 7, redeemedAt: '2026-12-01T09:30:00+02:00' });
    await settle();
    actor.send({ type: 'coupon.redeem' });
    expect(redeem.calls).toHaveLength(1);
  });

  test('A coupon that already has a redemption date starts as already redeemed', () => {
    const { actor, redeem } = startCoupon('2026-11-14T10:12:00+02:00');
    expect(actor.getSnapshot().value).toBe('alreadyRedeemed');
    expect(actor.getSnapshot().context.redeemedAt).toBe('2026-11-14T10:12:00+02:00');
    actor.send({ type: 'coupon.redeem' });
    expect(redeem.calls).toHaveLength(0);
  });

  test('A repeat attempt answered already-redeemed shows the date of use', async () => {
    const { actor, redeem } = startCoupon();
    actor.send({ type: 'coupon.redeem' });
    redeem.last().reject(
      conflict({
        UserMessage: 'Already used',
        Code: 'already-redeemed',
        RedeemedAt: '2026-11-14T10:12:00+02:00',
      }),
    );
    await settle();
    expect(actor.getSnapshot().value).toBe('alreadyRedeemed');
    expect(actor.getSnapshot().context.redeemedAt).toBe('2026-11-14T10:12:00+02:00');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  test('An already-redeemed answer without a date still shows the notice', async () => {
    const { actor, redeem } = startCoupon();
    actor.send({ type: 'coupon.redeem' });
    redeem.last().reject(conflict({ UserMessage: 'Already used', Code: 'already-redeemed' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('alreadyRedeemed');
    expect(actor.getSnapshot().context.redeemedAt).toBeNull();
  });

  test('Another conflict is a failure, not a redemption', async () => {
    const { actor, redeem } = startCoupon();
    actor.send({ type: 'coupon.redeem' });
    redeem.last().reject(conflict({ UserMessage: 'Not valid', Code: 'coupon-not-valid' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
  });

  test('A failure shows "Failed to redeem benefit" and allows a retry', async () => {
    const { actor, redeem } = startCoupon();
    actor.send({ type: 'coupon.redeem' });
    redeem.last().reject(serverError());
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('coupon.redeemFailed');

    actor.send({ type: 'coupon.redeem' });
    expect(actor.getSnapshot().context.error).toBeNull();
    redeem.last().resolve({ couponId: 7, redeemedAt: '2026-12-01T10:00:00+02:00' });
    await settle();
    expect(redeem.calls).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('redeemed');
  });
});
