import { jobTitleFor } from '../../../ui/index.ts';

/**
 * A practitioner's name with their profession in the language shown, lower case inside the
 * phrase ("Venla Mäkinen, hammaslääkäri"); the name alone while the titles are not known.
 */
export function withTitle(
  name: string,
  titles: Parameters<typeof jobTitleFor>[0],
  language: string,
): string {
  const title = jobTitleFor(titles, language).toLocaleLowerCase(language);
  return title === '' ? name : `${name}, ${title}`;
}
