import type { SlotPickerMachine } from '@portal/machines';
import type { Schemas } from '@portal/sdk';
import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { Button, EmptyState, NotificationBox, Spinner, cn } from '../ui/index.ts';
import { professionIn } from './practitioner-title.ts';
import { longDay } from './calendar-days.ts';
import { LoadError } from './error-views.tsx';
import { useConfig, useEmployees } from './resources.ts';
import { SlotCalendar } from './slot-calendar.tsx';
import { formatHelsinki, helsinkiDay } from './time.ts';

export type SlotPickerRef = ActorRefFrom<SlotPickerMachine>;

/** A time the patient is already booked at, in epoch milliseconds. */
export interface OwnTime {
  startMs: number;
  endMs: number;
}

/** Whether a free time overlaps one the patient is already booked at. */
export function overlapsOwnTime(slot: Schemas['Slot'], own: readonly OwnTime[]): boolean {
  const startMs = Date.parse(slot.startTime);
  const endMs = Date.parse(slot.endTime);
  return own.some((time) => time.startMs < endMs && startMs < time.endMs);
}

export interface SlotPickerProps {
  /** The running slot picker machine (the booking wizard's or the reschedule dialog's child). */
  picker: SlotPickerRef;
  /** A slot's branch name, when the slots can be at several branches (shown with each slot). */
  branchName?: (branchId: number) => string;
  /**
   * Called once a time is chosen: the booking goes on to its next step with that one tap. The
   * list then says so above it and in each time's description (`chosenContinues`), so choosing is
   * never an unannounced change of context (WCAG 3.2.2).
   */
  onChosen?: () => void;
  chosenContinues?: string;
  /**
   * The times the patient is already booked at: a free time that overlaps one says so and cannot
   * be chosen (the booking would be refused: no one sits in two chairs at once).
   */
  ownTimes?: readonly OwnTime[];
  /**
   * Shows the day's free times otherwise than one by one (a family's times, issue 55): given
   * the day's slots and the practitioners' professions, in place of the list of times.
   */
  renderTimes?: (
    slots: Schemas['Slot'][],
    professionOf: (employeeId: number) => string,
  ) => ReactNode;
}

/**
 * Choosing a free time (spec §2 calendar, §4 Appointment), for booking and rescheduling alike: the
 * month calendar with the days that have free times, the chosen day's slots, jumps to the previous
 * and next day with free times, and the notice when the chosen time was just taken by someone else.
 * Its day and calendar headings are h3: it sits under the booking step's or the dialog's h2.
 */
export function SlotPicker({
  picker,
  branchName,
  onChosen,
  chosenContinues,
  ownTimes = [],
  renderTimes,
}: SlotPickerProps) {
  const { t, i18n } = useTranslation('shared');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const config = useConfig();
  const employees = useEmployees();
  const ids = useId();
  const state = useSelector(picker, (snapshot) => snapshot);
  const { month, date, today, monthAvailability, daySlots, slot, taken, overlapsOwn } =
    state.context;
  const monthLoading = state.matches({ picking: { calendar: 'loading' } });
  const monthFailed = state.matches({ picking: { calendar: 'failed' } });
  const dayLoading = state.matches({ picking: { day: 'loading' } });
  const dayFailed = state.matches({ picking: { day: 'failed' } });
  const availableDays = (monthAvailability?.days ?? [])
    .filter((day) => day.freeSlots > 0)
    .map((day) => day.date);
  const noFreeSlotsAtAll =
    daySlots !== null &&
    daySlots.slots.length === 0 &&
    daySlots.previousDateWithSlots === null &&
    daySlots.nextDateWithSlots === null;
  const dayTitle = longDay(date, language);
  // "Venla Mäkinen, hammaslääkäri": a practitioner's profession, in lower case inside the phrase.
  const professionOf = (employeeId: number): string =>
    professionIn(
      employees.data?.find((employee) => employee.Id === employeeId)?.JobTitles,
      language,
    );
  const shownSlots = dayLoading ? null : daySlots;

  return (
    <div className="flex flex-col gap-5">
      {taken && (
        <NotificationBox variant="danger" role="alert" title={t('slotPicker.takenTitle')}>
          {t('slotPicker.takenText')}
        </NotificationBox>
      )}
      {overlapsOwn && (
        <NotificationBox variant="danger" role="alert" title={t('slotPicker.overlapsOwnTitle')}>
          {t('slotPicker.overlapsOwnText')}
        </NotificationBox>
      )}
      {/* The chosen day's times come first (on a phone they are on the screen at once, one tap
          from the details), the calendar for another day after them; on a wide screen the
          calendar is drawn on the left as before. */}
      <div className="flex flex-col gap-6 lg:flex-row-reverse lg:items-start">
        <section aria-labelledby={`${ids}-day`} className="min-w-0 flex-1">
          <h3 id={`${ids}-day`} className="mb-2 text-lg font-semibold first-letter:uppercase">
            {dayTitle}
          </h3>
          <div className="mb-3 flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={!daySlots?.previousDateWithSlots}
              onClick={() => picker.send({ type: 'slot.previousDay' })}
            >
              {t('slotPicker.previousDay')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={!daySlots?.nextDateWithSlots}
              onClick={() => picker.send({ type: 'slot.nextDay' })}
            >
              {t('slotPicker.nextDay')}
            </Button>
          </div>
          {dayLoading && <Spinner label={t('slotPicker.loadingDay')} />}
          {dayFailed && (
            <LoadError onRetry={() => picker.send({ type: 'slot.retry' })}>
              {t('slotPicker.dayFailed')}
            </LoadError>
          )}
          {shownSlots !== null && noFreeSlotsAtAll && (
            <EmptyState
              headingLevel={4}
              title={t('slotPicker.noFreeSlots')}
              text={t('slotPicker.noFreeSlotsText', { phone: config.data?.clinicPhone ?? '' })}
            />
          )}
          {shownSlots !== null && !noFreeSlotsAtAll && shownSlots.slots.length === 0 && (
            <EmptyState
              headingLevel={4}
              title={t('slotPicker.noSlotsOnDay')}
              text={t('slotPicker.noSlotsOnDayText')}
            />
          )}
          {shownSlots !== null &&
            shownSlots.slots.length > 0 &&
            renderTimes !== undefined &&
            renderTimes(shownSlots.slots, professionOf)}
          {shownSlots !== null &&
            shownSlots.slots.length > 0 &&
            !renderTimes &&
            chosenContinues && (
              <p id={`${ids}-continues`} className="text-sm text-slate-700">
                {chosenContinues}
              </p>
            )}
          {shownSlots !== null && shownSlots.slots.length > 0 && !renderTimes && (
            <ul
              aria-label={t('slotPicker.listLabel', { day: dayTitle })}
              className="grid grid-cols-2 gap-2"
            >
              {shownSlots.slots.map((candidate) => {
                const own = overlapsOwnTime(candidate, ownTimes);
                return (
                  <SlotButton
                    key={candidate.key}
                    slot={candidate}
                    chosen={slot?.key === candidate.key}
                    branch={branchName?.(candidate.branchId) ?? ''}
                    profession={professionOf(candidate.employeeId)}
                    note={
                      own
                        ? t('slotPicker.overlapsOwnNote')
                        : candidate.canModify
                          ? ''
                          : t('slotPicker.phoneOnly')
                    }
                    blocked={own}
                    language={language}
                    describedBy={chosenContinues ? `${ids}-continues` : undefined}
                    onChoose={() => {
                      picker.send({ type: 'slot.select', slot: candidate });
                      onChosen?.();
                    }}
                  />
                );
              })}
            </ul>
          )}
        </section>
        <section aria-labelledby={`${ids}-calendar`} className="shrink-0">
          <h3 id={`${ids}-calendar`} className="mb-2 text-lg font-semibold">
            {t('slotPicker.calendarTitle')}
          </h3>
          <SlotCalendar
            month={month}
            selected={date}
            today={today}
            availableDays={availableDays}
            busy={monthLoading}
            onSelectDay={(day) => picker.send({ type: 'slot.selectDate', date: day })}
            onPreviousMonth={() => picker.send({ type: 'slot.previousMonth' })}
            onNextMonth={() => picker.send({ type: 'slot.nextMonth' })}
          />
          {monthFailed && (
            <LoadError onRetry={() => picker.send({ type: 'slot.retry' })}>
              {t('slotPicker.monthFailed')}
            </LoadError>
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * A free time: its start, practitioner with their profession and maybe branch; its name says the
 * day too, and a time less than 24 hours away says that a booking of it is changed only by phone (`note`).
 */
function SlotButton({
  slot,
  chosen,
  branch,
  profession,
  note,
  blocked,
  language,
  describedBy,
  onChoose,
}: {
  slot: Schemas['Slot'];
  describedBy: string | undefined;
  chosen: boolean;
  branch: string;
  /** The practitioner's profession ("hammaslääkäri"), or '' while the practitioners load. */
  profession: string;
  note: string;
  /** The patient is already booked at this time: shown with its note, not choosable. */
  blocked: boolean;
  language: string;
  onChoose: () => void;
}) {
  const time = formatHelsinki(slot.startTime, 'time');
  const day = longDay(helsinkiDay(slot.startTime), language);
  const practitioner = [slot.employeeName, profession].filter((part) => part !== '').join(', ');
  const name = [`${day} ${time}`, practitioner, branch, note]
    .filter((part) => part !== '')
    .join(', ');
  return (
    <li>
      <button
        type="button"
        aria-label={name}
        aria-pressed={chosen}
        aria-describedby={blocked ? undefined : describedBy}
        disabled={blocked}
        onClick={onChoose}
        className={cn(
          'flex min-h-12 w-full flex-col items-start rounded-md border px-3 py-2 text-left',
          'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
          chosen
            ? 'border-brand-700 bg-brand-700 text-white'
            : blocked
              ? 'cursor-not-allowed border-dashed border-slate-400 bg-slate-100 text-slate-700'
              : 'border-slate-400 bg-white text-slate-900 hover:bg-brand-50',
        )}
      >
        <span className="font-semibold">{time}</span>
        <span className="text-sm">
          {practitioner}
          {branch !== '' && `, ${branch}`}
        </span>
        {note !== '' && (
          <span className={cn('text-sm', chosen ? 'text-white' : 'text-amber-900')}>{note}</span>
        )}
      </button>
    </li>
  );
}
