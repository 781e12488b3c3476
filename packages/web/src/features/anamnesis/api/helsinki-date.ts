const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Helsinki',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The Helsinki date of a server time as `d.M.yyyy` (spec §9), whatever the device's zone. */
export function helsinkiDate(dateTime: string): string {
  const p = Object.fromEntries(
    parts.formatToParts(new Date(dateTime)).map((part) => [part.type, part.value]),
  );
  return `${Number(p.day)}.${Number(p.month)}.${p.year ?? ''}`;
}
