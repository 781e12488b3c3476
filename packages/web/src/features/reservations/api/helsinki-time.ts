const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Helsinki',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function helsinkiParts(dateTime: string): Record<string, string> {
  return Object.fromEntries(
    parts.formatToParts(new Date(dateTime)).map((part) => [part.type, part.value]),
  );
}

/** The Helsinki date of a server time as `d.M.yyyy` (spec §9), whatever the device's zone. */
export function helsinkiDate(dateTime: string): string {
  const p = helsinkiParts(dateTime);
  return `${Number(p.day)}.${Number(p.month)}.${p.year ?? ''}`;
}

/** The Helsinki time of a server time as `HH:mm`. */
export function helsinkiTime(dateTime: string): string {
  const p = helsinkiParts(dateTime);
  return `${p.hour ?? ''}:${p.minute ?? ''}`;
}

/** The Helsinki day of a server time as `YYYY-MM-DD`. */
export function helsinkiDay(dateTime: string): string {
  const p = helsinkiParts(dateTime);
  return `${p.year ?? ''}-${(p.month ?? '').padStart(2, '0')}-${(p.day ?? '').padStart(2, '0')}`;
}

/** Euros in the language's format: `79,00 €` (fi, sv), `€79.00` (en). */
export function formatPrice(euros: number, language: string): string {
  const locale = language.startsWith('en')
    ? 'en-IE'
    : language.startsWith('sv')
      ? 'sv-FI'
      : 'fi-FI';
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(euros);
}
