import type { Language } from './language.ts';

const CURRENCY_LOCALES: Record<Language, string> = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-IE' };
const formats = new Map<Language, Intl.NumberFormat>();

/** Euros in the language's format: `79,00 €` (fi, sv), `€79.00` (en). */
export function formatPrice(euros: number, language: Language): string {
  let format = formats.get(language);
  if (format === undefined) {
    format = new Intl.NumberFormat(CURRENCY_LOCALES[language], {
      style: 'currency',
      currency: 'EUR',
    });
    formats.set(language, format);
  }
  return format.format(euros);
}
