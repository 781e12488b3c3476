/** Euros in the language's format: `79,00 €` (fi, sv), `€79.00` (en). */
export function formatPrice(euros: number, language: string): string {
  const locale = language.startsWith('en')
    ? 'en-IE'
    : language.startsWith('sv')
      ? 'sv-FI'
      : 'fi-FI';
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(euros);
}
