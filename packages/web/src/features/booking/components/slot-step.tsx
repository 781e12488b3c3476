import { useTranslation } from 'react-i18next';
import { Button, EmptyState, NotificationBox, Spinner, cn } from '../../../ui/index.ts';
import { formatHelsinki, helsinkiDay } from '../../../shared/time.ts';
import { longDay } from '../api/slot-format.ts';
import { BookingCalendar } from './booking-calendar.tsx';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './wizard-types.ts';
import { LoadError } from '../../../shared/error-views.tsx';
import { useBranches, useConfig } from '../../../shared/resources.ts';

/** Step 5: a day in the month calendar, then a free slot of that day. */
export function SlotStep({ state, send }: StepProps) {
  const { t, i18n } = useTranslation('booking');
  const config = useConfig();
  const branches = useBranches();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { month, date, today, monthAvailability, daySlots, slot, error } = state.context;
  const monthLoading = state.matches({ wizard: { slot: { calendar: 'loading' } } });
  const monthFailed = state.matches({ wizard: { slot: { calendar: 'failed' } } });
  const dayLoading = state.matches({ wizard: { slot: { day: 'loading' } } });
  const dayFailed = state.matches({ wizard: { slot: { day: 'failed' } } });
  const availableDays = (monthAvailability?.days ?? [])
    .filter((day) => day.freeSlots > 0)
    .map((day) => day.date);
  const noFreeSlotsAtAll =
    daySlots !== null &&
    daySlots.slots.length === 0 &&
    daySlots.previousDateWithSlots === null &&
    daySlots.nextDateWithSlots === null;
  const branchName = (id: number): string =>
    branches.data?.find((candidate) => candidate.Id === id)?.Name ?? '';
  const showBranch = (state.context.branch?.branchIds.length ?? 0) > 1;
  const dayTitle = longDay(date, language);

  return (
    <div className="flex flex-col gap-5">
      {error && (
        <NotificationBox variant="danger" role="alert" title={t('slot.takenTitle')}>
          {t(error)}
        </NotificationBox>
      )}
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <section aria-labelledby="calendar-title" className="shrink-0">
          <h2 id="calendar-title" className="mb-2 text-lg font-semibold">
            {t('slot.calendarTitle')}
          </h2>
          <BookingCalendar
            month={month}
            selected={date}
            today={today}
            availableDays={availableDays}
            busy={monthLoading}
            onSelectDay={(day) => send({ type: 'slot.selectDate', date: day })}
            onPreviousMonth={() => send({ type: 'slot.previousMonth' })}
            onNextMonth={() => send({ type: 'slot.nextMonth' })}
          />
          {monthFailed && (
            <LoadError onRetry={() => send({ type: 'slot.retry' })}>
              {t('slot.monthFailed')}
            </LoadError>
          )}
        </section>
        <section aria-labelledby="day-title" className="min-w-0 flex-1">
          <h2 id="day-title" className="mb-2 text-lg font-semibold first-letter:uppercase">
            {dayTitle}
          </h2>
          <div className="mb-3 flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={!daySlots?.previousDateWithSlots}
              onClick={() => send({ type: 'slot.previousDay' })}
            >
              {t('slot.previousDay')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={!daySlots?.nextDateWithSlots}
              onClick={() => send({ type: 'slot.nextDay' })}
            >
              {t('slot.nextDay')}
            </Button>
          </div>
          {dayLoading && <Spinner label={t('slot.loadingDay')} />}
          {dayFailed && (
            <LoadError onRetry={() => send({ type: 'slot.retry' })}>
              {t('slot.dayFailed')}
            </LoadError>
          )}
          {!dayLoading && daySlots !== null && noFreeSlotsAtAll && (
            <EmptyState
              title={t('slot.noFreeSlots')}
              text={t('slot.noFreeSlotsText', { phone: config.data?.clinicPhone ?? '' })}
            />
          )}
          {!dayLoading && daySlots !== null && !noFreeSlotsAtAll && daySlots.slots.length === 0 && (
            <EmptyState title={t('slot.noSlotsOnDay')} text={t('slot.noSlotsOnDayText')} />
          )}
          {!dayLoading && daySlots !== null && daySlots.slots.length > 0 && (
            <ul
              aria-label={t('slot.listLabel', { day: dayTitle })}
              className="grid grid-cols-2 gap-2"
            >
              {daySlots.slots.map((candidate) => {
                const time = formatHelsinki(candidate.startTime, 'time');
                const day = longDay(helsinkiDay(candidate.startTime), language);
                const where = showBranch ? branchName(candidate.branchId) : '';
                const name = [
                  `${day} ${time}`,
                  candidate.employeeName,
                  ...(where === '' ? [] : [where]),
                ].join(', ');
                const chosen = slot?.key === candidate.key;
                return (
                  <li key={candidate.key}>
                    <button
                      type="button"
                      aria-label={name}
                      aria-pressed={chosen}
                      onClick={() => send({ type: 'slot.select', slot: candidate })}
                      className={cn(
                        'flex min-h-12 w-full flex-col items-start rounded-md border px-3 py-2 text-left',
                        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                        chosen
                          ? 'border-brand-700 bg-brand-700 text-white'
                          : 'border-slate-400 bg-white text-slate-900 hover:bg-brand-50',
                      )}
                    >
                      <span className="font-semibold">{time}</span>
                      <span className="text-sm">
                        {candidate.employeeName}
                        {where !== '' && `, ${where}`}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
      <StepActions
        onBack={() => send({ type: 'wizard.back' })}
        nextDisabled={slot === null}
        onNext={() => send({ type: 'wizard.next' })}
      />
    </div>
  );
}
