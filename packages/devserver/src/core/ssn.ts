/** Finnish personal identity codes (henkilötunnus), see shared/FINLAND.md: the rules live in the SDK. */
import { ssnControl } from '@portal/sdk';

export { isValidSsn } from '@portal/sdk';

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
