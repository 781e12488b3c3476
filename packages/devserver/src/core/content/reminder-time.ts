import { addDaysToDate, helsinkiInstant } from '../clock.ts';

/** Reminders go out at this Helsinki time on the day before the event. */
export const REMINDER_TIME = '09:00';

/**
 * When a reminder for an event on `date` is sent: 09:00 Helsinki on the day before, or `now`
 * when that moment has already passed.
 */
export function remindAtFor(date: string, now: Date): Date {
  const planned = helsinkiInstant(addDaysToDate(date, -1), REMINDER_TIME);
  return planned.getTime() > now.getTime() ? planned : now;
}
