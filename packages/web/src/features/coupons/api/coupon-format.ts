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

function helsinkiParts(dateTime: string): Record<string, string> {
  return Object.fromEntries(
    partsFormat.formatToParts(new Date(dateTime)).map((part) => [part.type, part.value]),
  );
}

/** A server time as Helsinki `d.M.yyyy` and `HH:mm` (spec §9), whatever the device's zone. */
export function helsinkiDateTime(dateTime: string): { date: string; time: string } {
  const p = helsinkiParts(dateTime);
  return {
    date: `${Number(p.day)}.${Number(p.month)}.${p.year ?? ''}`,
    time: `${p.hour ?? ''}:${p.minute ?? ''}`,
  };
}

/** A calendar day `2026-11-01` as `1.11.2026`. */
export function localDate(day: string): string {
  const [year = '', month = '', date = ''] = day.split('-');
  return `${Number(date)}.${Number(month)}.${year}`;
}

/** Euros in the language's format: `199,00 €` (fi, sv), `€199.00` (en). */
export function formatPrice(euros: number, language: string): string {
  const locale = language.startsWith('en')
    ? 'en-IE'
    : language.startsWith('sv')
      ? 'sv-FI'
      : 'fi-FI';
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(euros);
}
