import type { Language } from '../../../shared/language.ts';
import { formatHelsinki, weekdayName } from '../../../shared/time.ts';

/** An event day (`yyyy-MM-dd`) as "weekday d.M.yyyy" in the language (spec §9's date form). */
export function eventDay(date: string, language: Language): string {
  return `${weekdayName(date, language)} ${formatHelsinki(date, 'date')}`;
}
