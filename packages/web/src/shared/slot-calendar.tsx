import { format } from 'date-fns';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import '../ui/calendar.css';
import { useTranslation } from 'react-i18next';
import { dateLocale, dateToDay, dayToDate, monthToDate, weekStartsOn } from './calendar-days.ts';

export interface SlotCalendarProps {
  /** The month shown, `YYYY-MM`. */
  month: string;
  /** The chosen day, `YYYY-MM-DD`. */
  selected: string;
  /** Today, `YYYY-MM-DD`: no earlier day can be chosen nor earlier month shown. */
  today: string;
  /** Days with free slots (highlighted). */
  availableDays: readonly string[];
  onSelectDay: (day: string) => void;
  onPreviousMonth: () => void;
  onNextMonth: () => void;
  /** The month's availability is loading. */
  busy?: boolean;
}

/**
 * The slot calendar of booking and rescheduling (spec §2): always the month view with previous- and next-month buttons
 * and one-letter weekday headings; days with free slots highlighted; locale and week start follow
 * the interface language (fi and sv from Monday with ISO weeks, en from Sunday). In Finnish and
 * Swedish each week shows its number, as Finnish calendars do: the week with 4 January is week 1
 * (spec §2), so 28.12.2026–3.1.2027 is week 53 (issue 54: the rule was kept but not seen).
 */
export function SlotCalendar({
  month,
  selected,
  today,
  availableDays,
  onSelectDay,
  onPreviousMonth,
  onNextMonth,
  busy = false,
}: SlotCalendarProps) {
  const { t, i18n } = useTranslation('shared');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const locale = dateLocale(language);
  const shownMonth = monthToDate(month);
  const todayDate = dayToDate(today);
  const available = availableDays.map(dayToDate);
  const english = language.startsWith('en');
  return (
    <div aria-busy={busy || undefined} className="portal-calendar">
      <DayPicker
        mode="single"
        required
        locale={locale}
        weekStartsOn={weekStartsOn(language)}
        firstWeekContainsDate={english ? 1 : 4}
        showWeekNumber={!english}
        month={shownMonth}
        onMonthChange={(next) => {
          if (next < shownMonth) onPreviousMonth();
          else onNextMonth();
        }}
        startMonth={todayDate}
        // Its today marker is the portal's today (the dev clock in dev mode), not the device's.
        today={todayDate}
        selected={dayToDate(selected)}
        onSelect={(date) => onSelectDay(dateToDay(date))}
        disabled={{ before: todayDate }}
        modifiers={{ available }}
        modifiersClassNames={{ available: 'portal-calendar-available' }}
        formatters={{
          formatWeekdayName: (date) => format(date, 'EEEEE', { locale }),
          formatWeekNumber: (week) => String(week),
          formatWeekNumberHeader: () => t('slotPicker.weekHeaderShort'),
        }}
        labels={{
          // The month buttons' toolbar (react-day-picker names it "Navigation bar" in English).
          labelNav: () => t('slotPicker.monthNavigation'),
          labelPrevious: () => t('slotPicker.previousMonth'),
          labelNext: () => t('slotPicker.nextMonth'),
          labelWeekNumber: (week) => t('slotPicker.week', { number: week }),
          labelWeekNumberHeader: () => t('slotPicker.weekHeader'),
          labelDayButton: (date, modifiers) => {
            const name = format(date, 'PPPP', { locale });
            return modifiers.available ? `${name}, ${t('slotPicker.hasFreeSlots')}` : name;
          },
        }}
      />
    </div>
  );
}
