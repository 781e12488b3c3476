import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  Button,
  Card,
  ConfirmDialog,
  NotificationBox,
  VisuallyHidden,
  toast,
} from '../../../ui/index.ts';
import type { Reservation } from '../api/get-reservations.ts';
import { formatPrice } from '../../../shared/money.ts';
import { useLanguage } from '../../../shared/language.ts';
import { formatHelsinki } from '../../../shared/time.ts';
import { useCancelReservation, useConfirmReservation } from '../api/reservation-actions.ts';
import { useConfig } from '../../../shared/resources.ts';
import { ActionError } from '../../../shared/error-views.tsx';
import { AddToCalendarButton } from '../../../shared/calendar-file/add-to-calendar-button.tsx';
import { WaitlistPanel } from '../../../shared/waitlist/waitlist-panel.tsx';
import { placeName } from '../../../shared/place-names.ts';
import { GuardianVisibility, useIsMinorForThemself } from './guardian-visibility.tsx';

// The dialog brings the slot picker and its machines: fetched when a patient reaches for it.
const loadRescheduleDialog = () => import('./reschedule-dialog.tsx');
const RescheduleDialog = lazy(() =>
  loadRescheduleDialog().then((m) => ({ default: m.RescheduleDialog })),
);

const STATUS_STYLES: Record<Reservation['status'], string> = {
  tentative: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-brand-100 text-brand-900',
  cancelled: 'bg-slate-200 text-slate-900',
  completed: 'bg-sky-100 text-sky-900',
  noShow: 'bg-red-100 text-red-900',
};

/**
 * One reservation: when, what, where, who, price and status, with its actions or the phone rule.
 * `moveFromLink`: a message's link (`?move=`) asked to move this one: its dialog opens at once,
 * and `onLinkDone` runs when it closes (the link is then forgotten).
 */
export function ReservationCard({
  reservation,
  moveFromLink = false,
  onLinkDone,
}: {
  reservation: Reservation;
  moveFromLink?: boolean;
  onLinkDone?: () => void;
}) {
  const { t } = useTranslation('reservations');
  const language = useLanguage();
  const config = useConfig();
  const confirm = useConfirmReservation();
  const cancel = useCancelReservation();
  const minor = useIsMinorForThemself();
  const [rescheduling, setRescheduling] = useState(moveFromLink);
  const rescheduleButton = useRef<HTMLButtonElement>(null);
  const closeReschedule = (open: boolean) => {
    setRescheduling(open);
    if (open || !moveFromLink) return;
    onLinkDone?.();
    // Opened by the link, the dialog had no button to give the focus back to: its card's.
    window.setTimeout(() => rescheduleButton.current?.focus(), 0);
  };
  const [cancelError, setCancelError] = useState<unknown>(null);
  const itemRef = useRef<HTMLLIElement>(null);
  const whenId = useId();
  const { branch, employee } = reservation;
  const date = formatHelsinki(reservation.startTime, 'date');
  const time = formatHelsinki(reservation.startTime, 'time');
  const active = reservation.status === 'tentative' || reservation.status === 'confirmed';
  const phone = branch.phone || config.data?.clinicPhone || '';
  const error = confirm.isError ? confirm.error : cancelError;

  /**
   * A cancelled or confirmed reservation leaves this tab once the lists refresh, and its focused
   * button with it; a moved one may come back as another card. Focus then moves to the tab panel
   * so that keyboard and screen-reader users keep their place (not back to the page's start).
   */
  const keepFocusInPanel = (settled: Promise<unknown> = Promise.resolve()) => {
    const panel = itemRef.current?.closest<HTMLElement>('[role="tabpanel"]');
    const restore = () =>
      window.setTimeout(() => {
        const focused = document.activeElement;
        const lost = focused === null || focused === document.body || !focused.isConnected;
        if (panel?.isConnected && lost) panel.focus();
      }, 0);
    void settled.then(restore, restore);
  };

  const cancelReservation = async () => {
    setCancelError(null);
    confirm.reset();
    try {
      await cancel.mutateAsync(reservation.id);
      toast.success(t('done.cancelled'));
      keepFocusInPanel();
    } catch (failure) {
      setCancelError(failure);
    }
  };

  // Awaited like the cancel: the confirmed reservation leaves this tab when the lists refresh,
  // and a callback given to mutate() would not run once its card has unmounted.
  const confirmReservation = async () => {
    setCancelError(null);
    try {
      await confirm.mutateAsync(reservation.id);
      toast.success(t('done.confirmed'));
      keepFocusInPanel();
    } catch {
      // Shown from confirm.error under the card.
    }
  };

  return (
    <li ref={itemRef}>
      <Card
        title={reservation.reason.name}
        headingLevel={2}
        labelledBy={whenId}
        actions={
          <span
            className={`inline-block rounded-full px-2 text-sm font-semibold ${STATUS_STYLES[reservation.status]}`}
          >
            <VisuallyHidden>{`${t('card.status')}: `}</VisuallyHidden>
            {t(`status.${reservation.status}`)}
          </span>
        }
      >
        {/* The time first, on a line of its own (issue 54: a card a phone shows whole). */}
        <p id={whenId} className="-mt-2 mb-2 text-lg font-semibold text-slate-900">
          {t('card.dateTime', { date, time })}
        </p>
        {/* Compact on a phone too: each label beside its value. */}
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
          <dt className="font-semibold text-slate-700">{t('card.branch')}</dt>
          <dd>
            {branch.name}
            <span className="block text-sm text-slate-700">
              {`${branch.street}, ${branch.postalCode} ${placeName(branch.city, language)}`}
            </span>
          </dd>
          <dt className="font-semibold text-slate-700">{t('card.practitioner')}</dt>
          <dd>{employee?.name ?? t('card.noPractitioner')}</dd>
          <dt className="font-semibold text-slate-700">{t('card.price')}</dt>
          <dd>{formatPrice(reservation.price, language)}</dd>
        </dl>
        {error !== null && <ActionError title={t('error')} error={error} />}
        {active && reservation.canModify && (
          <div className="mt-4 flex flex-wrap gap-2">
            {reservation.status === 'tentative' && (
              <Button loading={confirm.isPending} onClick={() => void confirmReservation()}>
                {t('actions.confirm')}
              </Button>
            )}
            <Button
              ref={rescheduleButton}
              variant="secondary"
              onPointerEnter={() => void loadRescheduleDialog()}
              onFocus={() => void loadRescheduleDialog()}
              onClick={() => setRescheduling(true)}
            >
              {t('actions.reschedule')}
            </Button>
            <ConfirmDialog
              variant="danger"
              // A secondary action: it does not outweigh changing the time.
              trigger={
                <Button variant="ghost" className="text-red-800 hover:bg-red-50">
                  {t('actions.cancel')}
                </Button>
              }
              title={t('cancelDialog.title')}
              description={t('cancelDialog.description', {
                reason: reservation.reason.name,
                date,
                time,
              })}
              confirmLabel={t('cancelDialog.confirm')}
              cancelLabel={t('cancelDialog.keep')}
              onConfirm={cancelReservation}
            />
          </div>
        )}
        {active && !reservation.canModify && (
          <NotificationBox
            role="none"
            variant="informative"
            title={t('locked.title')}
            className="mt-4"
          >
            <p>{t('locked.rule')}</p>
            {phone !== '' && (
              <p className="mt-2">
                {t('locked.call')}{' '}
                <a
                  href={`tel:${phone.replace(/\s/g, '')}`}
                  // The number on one line (issue 54: it wrapped as "010 555 / 1028").
                  className="font-semibold whitespace-nowrap text-brand-800 underline focus-visible:outline-3 focus-visible:outline-brand-700"
                >
                  {phone}
                </a>
              </p>
            )}
          </NotificationBox>
        )}
        {reservation.group !== 'past' && (
          // The calendar file and the earlier-time waitlist in one row: the waitlist is its one
          // button until asked, waiting or offered (then a panel on a row of its own).
          <div className="mt-3 flex flex-wrap items-start gap-2">
            <AddToCalendarButton reservationId={reservation.id} />
            {active && reservation.canModify && <WaitlistPanel reservation={reservation} compact />}
          </div>
        )}
        {minor && <GuardianVisibility reservation={reservation} />}
        {reservation.group === 'past' && (
          <div className="mt-4">
            {/* The same service, clinic and practitioner, on to the choice of a time. */}
            <Button asChild variant="secondary">
              <Link
                href={`/reservation/customer-type?again=${reservation.id}`}
                // The visible words first (WCAG 2.5.3), then which visit: one link per past visit.
                aria-label={`${t('actions.bookAgain')}: ${reservation.reason.name}, ${branch.name}`}
              >
                {t('actions.bookAgain')}
              </Link>
            </Button>
          </div>
        )}
      </Card>
      {rescheduling && (
        <Suspense fallback={null}>
          <RescheduleDialog
            reservation={reservation}
            open={rescheduling}
            onOpenChange={closeReschedule}
            onMoved={keepFocusInPanel}
          />
        </Suspense>
      )}
    </li>
  );
}
