import { couponRedemptionMachine } from '@portal/machines';
import { useMachine } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { dataOf, useApi } from '../../../shared/api.tsx';
import { Button, ConfirmDialog, NotificationBox } from '../../../ui/index.ts';
import { helsinkiDateTime } from '../../../shared/time.ts';
import { COUPONS_KEY, type Coupon } from '../api/get-coupons.ts';

/**
 * Redeeming the coupon, driven by `couponRedemptionMachine`: confirm first (it cannot be undone),
 * then used with the time; a coupon used before (or a 409 `already-redeemed`) shows the date of
 * use; any other failure 'Failed to redeem benefit' with a retry.
 */
export function RedeemPanel({ coupon }: { coupon: Pick<Coupon, 'id' | 'redeemedAt' | 'name'> }) {
  const { t } = useTranslation('coupons');
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    couponRedemptionMachine.provide({
      actors: {
        redeemCoupon: fromPromise(async ({ input }: { input: { couponId: number } }) =>
          dataOf(
            await client.POST('/api/coupons/{id}/redeem', {
              params: { path: { id: input.couponId } },
            }),
          ),
        ),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { coupon } });
  const [confirming, setConfirming] = useState(false);
  const outcome = useRef<HTMLDivElement>(null);
  const { redeemedAt, error } = snapshot.context;
  const finished = snapshot.matches('redeemed') || snapshot.matches('alreadyRedeemed');
  const failed = snapshot.matches('failed');

  // A redemption (or the news that it was used before) changes the list and the coupon.
  useEffect(() => {
    if (finished && coupon.redeemedAt === null) {
      void queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
    }
  }, [finished, coupon.redeemedAt, queryClient]);

  // Tell the outcome to screen readers and keyboard users: focus moves to it.
  useEffect(() => {
    if (failed || (finished && coupon.redeemedAt === null)) outcome.current?.focus();
  }, [failed, finished, coupon.redeemedAt]);

  const when = redeemedAt === null ? null : helsinkiDateTime(redeemedAt);

  return (
    <div className="flex flex-col gap-3">
      <div ref={outcome} tabIndex={-1} className="flex flex-col gap-3 focus:outline-none">
        {snapshot.matches('redeemed') && when !== null && (
          <NotificationBox variant="success" title={t('redeem.done')}>
            {t('redeem.doneAt', when)}
          </NotificationBox>
        )}
        {snapshot.matches('alreadyRedeemed') && (
          <NotificationBox variant="informative" title={t('redeem.already')}>
            {when === null ? t('redeem.alreadyNoDate') : t('redeem.alreadyAt', when)}
          </NotificationBox>
        )}
        {failed && error !== null && <NotificationBox variant="danger">{t(error)}</NotificationBox>}
      </div>
      {!finished && (
        <div>
          <Button
            size="lg"
            loading={snapshot.matches('redeeming')}
            onClick={() => setConfirming(true)}
            className="w-full sm:w-auto"
          >
            {failed ? t('redeem.retry') : t('redeem.action')}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('redeem.confirmTitle', { name: coupon.name })}
            description={t('redeem.confirmText')}
            confirmLabel={t('redeem.confirm')}
            cancelLabel={t('redeem.cancel')}
            onConfirm={() => send({ type: 'coupon.redeem' })}
          />
        </div>
      )}
    </div>
  );
}
