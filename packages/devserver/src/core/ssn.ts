/** Finnish personal identity codes (henkilötunnus), see shared/FINLAND.md. */
const CONTROL = '0123456789ABCDEFHJKLMNPRSTUVWXY';
const CENTURY: Record<string, number> = {
  '+': 1800,
  '-': 1900,
  Y: 1900,
  X: 1900,
  W: 1900,
  V: 1900,
  U: 1900,
  A: 2000,
  B: 2000,
  C: 2000,
  D: 2000,
  E: 2000,
  F: 2000,
};

export const SSN_PATTERN = /^(\d{2})(\d{2})(\d{2})([-+A-FU-Y])(\d{3})([0-9A-Y])$/;

export function ssnControl(digits9: string): string {
  return CONTROL[Number(digits9) % 31] as string;
}

/** A valid code (format, real date, control character). */
export function isValidSsn(code: string): boolean {
  const match = SSN_PATTERN.exec(code);
  if (!match) return false;
  const [, dd, mm, yy, sign, individual, control] = match as unknown as string[];
  const year = (CENTURY[sign ?? '-'] ?? 1900) + Number(yy);
  const date = new Date(Date.UTC(year, Number(mm) - 1, Number(dd)));
  if (date.getUTCDate() !== Number(dd) || date.getUTCMonth() !== Number(mm) - 1) return false;
  if (Number(individual) < 2) return false;
  return ssnControl(`${dd}${mm}${yy}${individual}`) === control;
}

/** A fictional code: individual number 900–999, so no real person has it. */
export function fictionalSsn(
  birth: { day: number; month: number; year: number },
  individual: number,
): string {
  if (individual < 900 || individual > 999) throw new Error('fictional codes use 900–999');
  const dd = String(birth.day).padStart(2, '0');
  const mm = String(birth.month).padStart(2, '0');
  const yy = String(birth.year % 100).padStart(2, '0');
  const sign = birth.year >= 2000 ? 'A' : '-';
  const nnn = String(individual);
  return `${dd}${mm}${yy}${sign}${nnn}${ssnControl(`${dd}${mm}${yy}${nnn}`)}`;
}
