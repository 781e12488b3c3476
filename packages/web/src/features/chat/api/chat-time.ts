const TIME_ZONE = 'Europe/Helsinki';

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function helsinkiParts(dateTime: string | Date): Record<string, string> {
  return Object.fromEntries(
    partsFormat.formatToParts(new Date(dateTime)).map((part) => [part.type, part.value]),
  );
}

/** `d.M.yyyy` in Helsinki (spec §9), whatever the device's zone. */
export function helsinkiDate(dateTime: string | Date): string {
  const p = helsinkiParts(dateTime);
  return `${Number(p.day)}.${Number(p.month)}.${p.year ?? ''}`;
}

/** `HH:mm` in Helsinki. */
export function helsinkiTime(dateTime: string | Date): string {
  const p = helsinkiParts(dateTime);
  return `${p.hour ?? ''}:${p.minute ?? ''}`;
}

/** A message's time: `HH:mm` today, `d.M.yyyy HH:mm` on other days. */
export function messageTime(dateTime: string, now: Date = new Date()): string {
  const time = helsinkiTime(dateTime);
  return helsinkiDate(dateTime) === helsinkiDate(now) ? time : `${helsinkiDate(dateTime)} ${time}`;
}

/** An opening time `08:00` as the Finnish hour `8` (`8.30` with minutes). */
export function shortHour(time: string): string {
  const [hours = '0', minutes = '00'] = time.split(':');
  return minutes === '00' ? String(Number(hours)) : `${Number(hours)}.${minutes}`;
}

const LOCALES: Record<string, string> = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' };

/** ISO weekdays (1 = Monday) as names: a run as `Mon–Fri`, otherwise a list. */
export function weekdayNames(weekdays: readonly number[], language: string): string {
  const format = new Intl.DateTimeFormat(LOCALES[language] ?? 'fi-FI', {
    weekday: 'short',
    timeZone: 'UTC',
  });
  // 2024-01-01 was a Monday.
  const name = (day: number) => format.format(new Date(Date.UTC(2024, 0, day)));
  const days = [...weekdays].sort((a, b) => a - b);
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) return '';
  const consecutive = days.length > 2 && last - first === days.length - 1;
  return consecutive ? `${name(first)}–${name(last)}` : days.map(name).join(', ');
}

/** The weekday and time of a next opening: `Mon 7.12. 8:00` style parts. */
export function openingMoment(dateTime: string, language: string): { day: string; time: string } {
  const weekday = new Intl.DateTimeFormat(LOCALES[language] ?? 'fi-FI', {
    weekday: 'long',
    timeZone: TIME_ZONE,
  }).format(new Date(dateTime));
  return { day: `${weekday} ${helsinkiDate(dateTime)}`, time: helsinkiTime(dateTime) };
}
