import { addMonths, format } from 'date-fns';
import { enGB, fi, sv, type Locale } from 'date-fns/locale';
import { useState } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import '../../../ui/calendar.css';
import { useTranslation } from 'react-i18next';
import {
  Button,
  cn,
  EmptyState,
  Modal,
  NotificationBox,
  Spinner,
  toast,
} from '../../../ui/index.ts';
import {
  useDaySlots,
  useMonthAvailability,
  type AvailabilityFilter,
} from '../api/get-availability.ts';
import type { Reservation } from '../api/get-reservations.ts';
import { formatHelsinki, helsinkiDay, helsinkiToday } from '../../../shared/time.ts';
import { useMoveReservation } from '../api/reservation-actions.ts';
import { ActionError } from '../../../shared/error-views.tsx';

function localeOf(language: string): Locale {
  if (language.startsWith('sv')) return sv;
  if (language.startsWith('en')) return enGB;
  return fi;
}

/** `YYYY-MM-DD` as a local Date at midnight. */
function toDate(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

export interface RescheduleDialogProps {
  reservation: Reservation;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Reschedule: a month calendar of the same service and branch with the days that have free times
 * highlighted, the chosen day's free times, and the move (POST /api/reservations/{id}/move).
 */
export function RescheduleDialog({ reservation, open, onOpenChange }: RescheduleDialogProps) {
  const { t, i18n } = useTranslation('reservations');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const locale = localeOf(language);
  const today = helsinkiToday();
  const [date, setDate] = useState(() => helsinkiDay(reservation.startTime));
  const [slotKey, setSlotKey] = useState<string | null>(null);
  const move = useMoveReservation();
  const filter: AvailabilityFilter = {
    branchIds: [reservation.branch.id],
    reasonId: reservation.reason.id,
    customerType: reservation.customerType,
  };
  const [month, setMonth] = useState(() => date.slice(0, 7));
  const monthQuery = useMonthAvailability(filter, month);
  const dayQuery = useDaySlots(filter, date);
  const available = (monthQuery.data?.days ?? [])
    .filter((day) => day.freeSlots > 0)
    .map((day) => toDate(day.date));
  const dayTitle = format(toDate(date), 'cccc d.M.yyyy', { locale });
  const slots = dayQuery.data?.slots ?? [];

  const submit = () => {
    if (slotKey === null) return;
    move.mutate(
      { id: reservation.id, slotKey },
      {
        onSuccess: (moved) => {
          toast.success(
            t('done.moved', {
              date: formatHelsinki(moved.startTime, 'date'),
              time: formatHelsinki(moved.startTime, 'time'),
            }),
          );
          onOpenChange(false);
        },
      },
    );
  };

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
          <Button disabled={slotKey === null} loading={move.isPending} onClick={submit}>
            {t('reschedule.submit')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {move.isError && <ActionError title={t('error')} error={move.error} />}
        <div className="flex flex-col gap-4 md:flex-row md:items-start">
          <section aria-label={t('reschedule.calendar')} className="portal-calendar shrink-0">
            <div aria-busy={monthQuery.isFetching || undefined}>
              <DayPicker
                mode="single"
                required
                locale={locale}
                weekStartsOn={language.startsWith('en') ? 0 : 1}
                month={toDate(`${month}-01`)}
                onMonthChange={(next) => setMonth(format(next, 'yyyy-MM'))}
                startMonth={toDate(today)}
                endMonth={addMonths(toDate(today), 12)}
                selected={toDate(date)}
                onSelect={(next) => {
                  setDate(format(next, 'yyyy-MM-dd'));
                  setSlotKey(null);
                }}
                disabled={{ before: toDate(today) }}
                modifiers={{ available }}
                modifiersClassNames={{ available: 'portal-calendar-available' }}
                labels={{
                  labelPrevious: () => t('reschedule.previousMonth'),
                  labelNext: () => t('reschedule.nextMonth'),
                  labelDayButton: (day, modifiers) => {
                    const name = format(day, 'PPPP', { locale });
                    return modifiers.available ? `${name}, ${t('reschedule.hasFreeSlots')}` : name;
                  },
                }}
              />
            </div>
            {monthQuery.isError && (
              <NotificationBox variant="danger">{t('reschedule.loadFailed')}</NotificationBox>
            )}
          </section>
          <section aria-labelledby="reschedule-day" className="min-w-0 flex-1">
            <h3 id="reschedule-day" className="mb-2 text-lg font-semibold first-letter:uppercase">
              {dayTitle}
            </h3>
            {dayQuery.isPending && <Spinner label={t('reschedule.loadingDay')} />}
            {dayQuery.isError && (
              <NotificationBox variant="danger">{t('reschedule.loadFailed')}</NotificationBox>
            )}
            {dayQuery.isSuccess && slots.length === 0 && (
              <EmptyState
                headingLevel={4}
                title={t('reschedule.noSlots')}
                text={t('reschedule.noSlotsText')}
              />
            )}
            {slots.length > 0 && (
              <ul
                aria-label={t('reschedule.slotsLabel', { day: dayTitle })}
                className="grid gap-2 sm:grid-cols-2"
              >
                {slots.map((slot) => {
                  const chosen = slot.key === slotKey;
                  const time = formatHelsinki(slot.startTime, 'time');
                  return (
                    <li key={slot.key}>
                      <button
                        type="button"
                        aria-pressed={chosen}
                        aria-label={`${time}, ${slot.employeeName}`}
                        onClick={() => setSlotKey(slot.key)}
                        className={cn(
                          'flex min-h-12 w-full flex-col items-start rounded-md border px-3 py-2 text-left',
                          'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                          chosen
                            ? 'border-brand-700 bg-brand-700 text-white'
                            : 'border-slate-400 bg-white text-slate-900 hover:bg-brand-50',
                        )}
                      >
                        <span className="font-semibold">{time}</span>
                        <span className="text-sm">{slot.employeeName}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </div>
      </div>
    </Modal>
  );
}
