import { jobTitleFor } from '../ui/index.ts';

/** A practitioner's profession in the language shown, lower case as inside a phrase ('' unknown). */
export function professionIn(titles: Parameters<typeof jobTitleFor>[0], language: string): string {
  return jobTitleFor(titles, language).toLocaleLowerCase(language);
}

/**
 * A practitioner's name with their profession in the language shown, lower case inside the
 * phrase ("Venla Mäkinen, hammaslääkäri"); the name alone while the titles are not known.
 */
export function withTitle(
  name: string,
  titles: Parameters<typeof jobTitleFor>[0],
  language: string,
): string {
  const title = professionIn(titles, language);
  return title === '' ? name : `${name}, ${title}`;
}
