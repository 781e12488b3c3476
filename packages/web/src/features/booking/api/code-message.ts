import type { BookingContext, CodeField } from '@portal/machines';
import { formatCalendarDay } from '../../../ui/index.ts';

/**
 * The message of a code field (campaign code, voucher identifier): a refused code's says its
 * case, with its date as d.M.yyyy; undefined when the field has no error. The first step shows it
 * under the field, the confirm step for a code the booking itself refused.
 */
export function codeFieldMessage(
  t: (key: string, options?: { date: string }) => string,
  { fieldErrors, codeProblem }: Pick<BookingContext, 'fieldErrors' | 'codeProblem'>,
  field: CodeField,
): string | undefined {
  const key = fieldErrors[field];
  if (key === undefined) return undefined;
  const date = codeProblem?.field === field ? codeProblem.date : undefined;
  return date === undefined ? t(key) : t(key, { date: formatCalendarDay(date) });
}
