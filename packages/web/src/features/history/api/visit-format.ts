const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Helsinki',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A server time as the Helsinki `d.M.yyyy` date and `HH:mm` time (spec §9). */
export function helsinkiDateTime(dateTime: string): { date: string; time: string } {
  const p = Object.fromEntries(
    parts.formatToParts(new Date(dateTime)).map((part) => [part.type, part.value]),
  );
  return {
    date: `${Number(p.day)}.${Number(p.month)}.${p.year ?? ''}`,
    time: `${p.hour ?? ''}:${p.minute ?? ''}`,
  };
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
