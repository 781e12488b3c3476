/** Calendar arithmetic on `YYYY-MM-DD` dates and `YYYY-MM` months (ISO strings sort by time). */

/** The month of a date: `2026-12-03` → `2026-12`. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** `addMonths('2026-12', 1)` → `2027-01`. */
export function addMonths(month: string, count: number): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const index = year * 12 + (monthNumber - 1) + count;
  const newYear = Math.floor(index / 12);
  const newMonth = (index % 12) + 1;
  return `${String(newYear).padStart(4, '0')}-${String(newMonth).padStart(2, '0')}`;
}
