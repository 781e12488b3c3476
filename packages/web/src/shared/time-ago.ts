import { formatDistance, type Locale } from 'date-fns';
import { enGB, fi, sv } from 'date-fns/locale';
import type { Language } from './language.ts';
import { parseServerDate, type ServerDate } from './time.ts';
import { appNow } from './app-clock.ts';

const locales: Record<Language, Locale> = { fi, sv, en: enGB };

/**
 * The spec's 'ago' form (§9): the distance to now followed by "sitten" in Finnish; Swedish and
 * English use their own suffix. Its own module, so that date-fns' locales load only where it is
 * used. An unreadable date gives ''.
 */
export function formatAgo(value: ServerDate, language: Language, now: Date = appNow()): string {
  const date = parseServerDate(value, now);
  if (Number.isNaN(date.getTime())) return '';
  const locale = locales[language];
  if (language === 'fi') return `${formatDistance(date, now, { locale })} sitten`;
  return formatDistance(date, now, { locale, addSuffix: true });
}
