import { rescheduleMachine } from '@portal/machines';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { Button, Modal, toast } from '../../../ui/index.ts';
import { dataOf, useApi } from '../../../shared/api.tsx';
import { ActionError } from '../../../shared/error-views.tsx';
import { MaintenanceNotice } from '../../../shared/maintenance-notice.tsx';
import { useOwnTimes } from '../../../shared/own-times.ts';
import { SlotPicker } from '../../../shared/slot-picker.tsx';
import { slotPickerLogic } from '../../../shared/slot-picker-logic.ts';
import { formatHelsinki, helsinkiDay, helsinkiToday } from '../../../shared/time.ts';
import type { Reservation } from '../api/get-reservations.ts';
import { useRefreshLists } from '../api/reservation-actions.ts';

export interface RescheduleDialogProps {
  reservation: Reservation;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once moved, with the lists' refresh (after which the card may be another). */
  onMoved?: (refreshed: Promise<unknown>) => void;
}

/**
 * Reschedule (the reschedule machine): the shared slot picker over the reservation's branch, reason
 * and customer type, opened on its day, then the move (POST /api/reservations/{id}/move). A time
 * taken meanwhile is announced in the picker; the times of the patient's other appointments are
 * marked and cannot be chosen; a maintenance break shows its notice.
 */
export function RescheduleDialog({
  reservation,
  open,
  onOpenChange,
  onMoved,
}: RescheduleDialogProps) {
  const { t } = useTranslation('reservations');
  const { client } = useApi();
  const refreshLists = useRefreshLists();
  // The patient's other appointments: their times are marked, not offered.
  const ownTimes = useOwnTimes(true, reservation.id);
  const [machine] = useState(() =>
    rescheduleMachine.provide({
      actors: {
        slotPicker: slotPickerLogic(client),
        moveReservation: fromPromise<Reservation, { id: number; slotKey: string }>(
          async ({ input }) =>
            dataOf(
              await client.POST('/api/reservations/{id}/move', {
                params: { path: { id: input.id } },
                body: { slotKey: input.slotKey },
              }),
            ),
        ),
      },
      actions: { logError: (_, params) => console.error(params.message, params.error) },
    }),
  );
  const [state, send] = useMachine(machine, {
    input: { today: helsinkiToday(), date: helsinkiDay(reservation.startTime), reservation },
  });
  const { moved, slot, failure, maintenanceStartsAt } = state.context;

  // Moved: every list may have changed; say where it went and close.
  useEffect(() => {
    if (moved === null) return;
    onMoved?.(refreshLists());
    toast.success(
      t('done.moved', {
        date: formatHelsinki(moved.startTime, 'date'),
        time: formatHelsinki(moved.startTime, 'time'),
      }),
    );
    onOpenChange(false);
  }, [moved, refreshLists, t, onOpenChange, onMoved]);

  const picker = state.children.slotPicker;
  const maintenance = state.matches('maintenance');
  const moving = state.matches({ choosing: 'moving' });
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="wide"
      title={t('reschedule.title')}
      description={t('reschedule.description', {
        reason: reservation.reason.name,
        branch: reservation.branch.name,
        date: formatHelsinki(reservation.startTime, 'date'),
        time: formatHelsinki(reservation.startTime, 'time'),
      })}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('reschedule.keep')}
          </Button>
          {!maintenance && (
            <Button
              disabled={slot === null}
              loading={moving}
              onClick={() => send({ type: 'reschedule.submit' })}
            >
              {t('reschedule.submit')}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {failure !== null && <ActionError title={t('error')} error={failure} />}
        {maintenance && <MaintenanceNotice startsAt={maintenanceStartsAt} />}
        {picker !== undefined && (
          // While the move is made, the choice cannot change.
          <div inert={moving} aria-busy={moving || undefined}>
            <SlotPicker picker={picker} ownTimes={ownTimes} />
          </div>
        )}
      </div>
    </Modal>
  );
}
