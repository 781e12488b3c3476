/**
 * Finnish personal identity codes (henkilötunnus, personbeteckning; shared/FINLAND.md): the
 * format, a real date of birth and the control character. The dev server checks a booking's code
 * with it, and the booking's details step says at once what the server would say.
 */
const CONTROL = '0123456789ABCDEFHJKLMNPRSTUVWXY';
/** The century of the sign: `+` the 1800s, `-` and U–Y the 1900s, A–F the 2000s. */
const century = (sign: string): number =>
  sign === '+' ? 1800 : sign >= 'A' && sign <= 'F' ? 2000 : 1900;

/** DDMMYY, the century sign, the individual number and the control character. */
export const SSN_PATTERN = /^(\d{2})(\d{2})(\d{2})([-+A-FU-Y])(\d{3})([0-9A-Y])$/;

/** The control character of the nine digits DDMMYYNNN. */
export function ssnControl(digits9: string): string {
  return CONTROL[Number(digits9) % 31] as string;
}

/** A valid code (format, real date, individual number 002–999, control character). */
export function isValidSsn(code: string): boolean {
  const match = SSN_PATTERN.exec(code);
  if (!match) return false;
  const [, dd, mm, yy, sign, individual, control] = match as unknown as string[];
  const year = century(sign ?? '-') + Number(yy);
  const date = new Date(Date.UTC(year, Number(mm) - 1, Number(dd)));
  if (date.getUTCDate() !== Number(dd) || date.getUTCMonth() !== Number(mm) - 1) return false;
  if (Number(individual) < 2) return false;
  return ssnControl(`${dd}${mm}${yy}${individual}`) === control;
}

/** The date of birth a valid code holds, `YYYY-MM-DD`; null for an invalid code. */
export function birthDateOf(code: string): string | null {
  if (!isValidSsn(code)) return null;
  const [, dd, mm, yy, sign] = SSN_PATTERN.exec(code) as unknown as string[];
  return `${century(sign ?? '-') + Number(yy)}-${mm}-${dd}`;
}
