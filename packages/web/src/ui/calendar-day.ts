const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day `yyyy-MM-dd` as the spec's `d.M.yyyy` (§9). A day has no time zone, so the kit
 * formats it itself; instants are formatted in Helsinki time by `shared/time.ts`. Anything that
 * is not a calendar day gives ''.
 */
export function formatCalendarDay(day: string): string {
  const match = CALENDAR_DAY.exec(day);
  if (match === null) return '';
  return `${Number(match[3])}.${Number(match[2])}.${match[1]}`;
}
