import type { Schemas } from '@portal/sdk';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, NotificationBox } from '../../../ui/index.ts';
import { useLanguage } from '../../../shared/language.ts';
import { formatHelsinki, helsinkiDay } from '../../../shared/time.ts';
import { longDay } from '../../../shared/calendar-days.ts';
import { placeName } from '../../../shared/place-names.ts';
import { STEP_TEXTS, STEP_TEXTS_OPTIONS } from '../api/step-texts.ts';

/** A reservation's day and time as the wizard writes them: "pe 4.12.2026 klo 14.30". */
export function reservationWhen(
  reservation: Pick<Schemas['Reservation'], 'startTime'>,
  language: ReturnType<typeof useLanguage>,
): string {
  return `${longDay(helsinkiDay(reservation.startTime), language)} ${formatHelsinki(reservation.startTime, 'time')}`;
}

/**
 * The confirm step's question when the patient already has this service booked within 14 days
 * (the server's 409 `duplicate-reservation`): which reservation, and the ways on beside it, so
 * that question and answers are seen together on a phone and on a desktop. Moving that one here
 * is the main answer when it can still be moved online (most such bookings are a forgotten
 * time); otherwise keeping both.
 */
export function DuplicateQuestion({
  existing,
  chosenStart,
  cancelWindowHours,
  busy,
  onMove,
  onKeepBoth,
  onChooseAnotherTime,
}: {
  existing: Schemas['Reservation'];
  /** The start of the time being booked. */
  chosenStart: string;
  cancelWindowHours: number;
  /** The answer being carried out, if any. */
  busy: 'move' | 'keepBoth' | null;
  onMove: () => void;
  onKeepBoth: () => void;
  onChooseAnotherTime: () => void;
}) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  const language = useLanguage();
  const ref = useRef<HTMLDivElement>(null);
  // The Book button the patient pressed is gone: the question takes the focus (a keyboard or
  // screen-reader user goes on from there) and comes into view.
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView?.({ block: 'start' });
  }, [existing.id]);
  const chosen = reservationWhen({ startTime: chosenStart }, language);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-label={t('duplicate.title')}
      className="scroll-mt-28 focus:outline-none"
    >
      <NotificationBox
        variant="warning"
        role="alert"
        title={t('duplicate.title')}
        actions={
          <>
            {existing.canModify && (
              <Button loading={busy === 'move'} disabled={busy !== null} onClick={onMove}>
                {t('duplicate.move')}
              </Button>
            )}
            <Button
              variant={existing.canModify ? 'secondary' : 'primary'}
              loading={busy === 'keepBoth'}
              disabled={busy !== null}
              onClick={onKeepBoth}
            >
              {t('duplicate.keepBoth')}
            </Button>
            <Button variant="secondary" disabled={busy !== null} onClick={onChooseAnotherTime}>
              {t('duplicate.chooseAnotherTime')}
            </Button>
          </>
        }
      >
        <p>
          {t('duplicate.existing', {
            reason: existing.reason.name,
            when: reservationWhen(existing, language),
            clinic: `${existing.branch.name}, ${placeName(existing.branch.city, language)}`,
          })}
        </p>
        <p className="mt-1">
          {existing.canModify
            ? t('duplicate.question', { when: chosen })
            : t('duplicate.notMovable', { hours: cancelWindowHours })}
        </p>
      </NotificationBox>
    </div>
  );
}
