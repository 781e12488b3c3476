import { firstFreeById, type BookingChoices, type FirstFree } from '@portal/machines';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useApi } from '../../../shared/api.tsx';
import type { Language } from '../../../shared/language.ts';
import { formatHelsinki, weekdayName } from '../../../shared/time.ts';

/** First free times change with every booking: kept for a minute, then asked again. */
const FIRST_FREE_STALE_TIME = 60_000;

/**
 * The first free time of every branch and of every practitioner who performs the chosen reason,
 * for the chosen customer type (`getFirstFreeTimes`): one request per step. `employeeId`: the
 * branches' times of a practitioner chosen first; `branchIds`: the practitioners' times at the
 * chosen branches. Null until it is in (or when it failed: the choices are offered without
 * times).
 */
export function useFirstFree(
  choices: Pick<BookingChoices, 'customerType' | 'reason'>,
  filters: { employeeId?: number; branchIds?: readonly number[] } = {},
): FirstFree | null {
  const { $api } = useApi();
  const { customerType, reason } = choices;
  const query = $api.useQuery(
    'get',
    '/api/availability/first-free',
    {
      params: {
        query: {
          reasonId: reason?.id ?? 0,
          customerType: customerType?.id ?? 'private',
          ...(filters.employeeId === undefined ? {} : { employeeId: filters.employeeId }),
          ...(filters.branchIds === undefined || filters.branchIds.length === 0
            ? {}
            : { branchIds: [...filters.branchIds] }),
        },
      },
    },
    {
      enabled: reason !== null && customerType !== null,
      staleTime: FIRST_FREE_STALE_TIME,
      // Another practitioner or branch: the old times stay until the new ones are in.
      placeholderData: (previous) => previous,
    },
  );
  const { data } = query;
  return useMemo(() => (data === undefined ? null : firstFreeById(data)), [data]);
}

/** A time as the choices say it: the weekday in the language, the spec's numeric date and time. */
export function firstFreeWhen(time: string, language: Language): string {
  return `${weekdayName(time, language, 'short')} ${formatHelsinki(time, 'full')}`;
}

/**
 * "first free time Tue 24.11.2026 08:00" (or "no free times") inside an option's label, Helsinki
 * time.
 */
export function firstFreeText(
  t: TFunction<readonly ['booking-steps', 'booking']>,
  time: string | null,
  language: Language,
): string {
  return time === null
    ? t('firstFree.none')
    : t('firstFree.at', { when: firstFreeWhen(time, language) });
}

/** "First free time: Tue 24.11.2026 08:00" (or "No free times") as a line of its own. */
export function firstFreeLine(
  t: TFunction<readonly ['booking-steps', 'booking']>,
  time: string | null,
  language: Language,
): string {
  return time === null
    ? t('firstFree.cardNone')
    : t('firstFree.card', { when: firstFreeWhen(time, language) });
}

/**
 * Practitioners in the order of their first free time (none last); equal times keep their order.
 */
export function byFirstFree<T extends { Id: number }>(list: T[], firstFree: FirstFree | null): T[] {
  if (firstFree === null) return list;
  const ms = (item: T): number => {
    const time = firstFree.practitioners.get(item.Id) ?? null;
    return time === null ? Infinity : Date.parse(time);
  };
  return [...list].sort((a, b) => ms(a) - ms(b));
}
