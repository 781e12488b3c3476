import { isApiError, type Schemas } from '@portal/sdk';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useApi, dataOf } from '../../../shared/api.tsx';
import { formatHelsinki } from '../../../shared/time.ts';
import { Button, ClockIcon, cn, NotificationBox, VisuallyHidden } from '../../../ui/index.ts';
import { STEP_TEXTS, STEP_TEXTS_OPTIONS } from '../api/step-texts.ts';
import type { StepProps } from './wizard-types.ts';

/** When a screen reader hears how long the hold lasts: 5 and 1 minutes (in seconds) before its end. */
const ANNOUNCE_AT_SECONDS = [300, 60];

/** How many of the day's free times an ended hold offers. */
const NEAREST_COUNT = 3;

const isNotFound = (error: unknown): boolean => isApiError(error) && error.kind === 'not-found';

/** "9 min 41 s", "41 s"; a whole minute without its seconds: "10 min", not "10 min 0 s". */
export function timeLeft(seconds: number, t: TFunction<typeof STEP_TEXTS>): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return t('hold.seconds', { seconds: rest });
  return rest === 0
    ? t('hold.minutes', { minutes })
    : t('hold.minutesSeconds', { minutes, seconds: rest });
}

/**
 * The chosen time's hold on the details, confirm and login steps (decision 023): how long the
 * server still holds it, or, once it has ended, the nearest free times to hold again.
 */
export function SlotHoldNotice({ state, send }: StepProps) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  const { hold, holdEnded, slot, familyIds } = state.context;
  // A family's times (issue 55) are held and chosen again together, never one of them alone.
  const family = familyIds.length >= 2;
  if (holdEnded && slot !== null && family)
    return (
      <NotificationBox
        variant="warning"
        title={t('hold.familyEnded')}
        actions={
          <Button variant="secondary" onClick={() => send({ type: 'hold.chooseAnotherTime' })}>
            {t('hold.chooseAnotherTime')}
          </Button>
        }
      >
        <p>{t('hold.familyEndedText')}</p>
      </NotificationBox>
    );
  if (holdEnded && slot !== null) return <HoldEnded state={state} send={send} slot={slot} />;
  if (hold !== null)
    return (
      <HoldCountdown hold={hold} family={family} onEnded={() => send({ type: 'hold.ended' })} />
    );
  return null;
}

/**
 * The seconds left at `now`: the server's count when its answer came (`answeredAt`), less the
 * whole seconds since, never below 0 and never above the server's count (the countdown's `now`
 * may be from before the answer: it read "10 min 1 s" for its first second).
 */
export function secondsLeftAt(secondsLeft: number, answeredAt: number, now: number): number {
  return Math.max(0, secondsLeft - Math.floor(Math.max(0, now - answeredAt) / 1000));
}

/**
 * The time left, counted down from the server's `secondsLeft` (not the device's clock). At zero,
 * or when the page comes back into view, the server is asked again and believed: a frozen dev
 * clock keeps the hold, a moved one ends it.
 */
export function HoldCountdown({
  hold,
  onEnded,
  inline = false,
  family = false,
}: {
  hold: Schemas['SlotHold'];
  onEnded: () => void;
  /** A family's times, held together (issue 55). */
  family?: boolean;
  /** Inside another notice: the clock and the text without a box of their own. */
  inline?: boolean;
}) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  const { $api } = useApi();
  const query = $api.useQuery(
    'get',
    '/api/slot-holds/{holdId}',
    { params: { path: { holdId: hold.id } } },
    {
      staleTime: Infinity,
      refetchInterval: (q) => (q.state.error && !isNotFound(q.state.error) ? 15_000 : false),
    },
  );
  const { data, dataUpdatedAt, error, refetch } = query;
  const [now, setNow] = useState(() => Date.now());
  const left = data === undefined ? null : secondsLeftAt(data.secondsLeft, dataUpdatedAt, now);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  // The hold has ended on the server (expired, released while the page was away, booked).
  useEffect(() => {
    if (isNotFound(error)) onEnded();
  }, [error, onEnded]);

  // Counted down: the server says whether it still holds (a frozen dev clock may).
  useEffect(() => {
    if (left === 0) void refetch();
  }, [left, refetch]);

  // Back in view after a while away: ask again.
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [refetch]);

  // A screen reader hears the time left at 5 and 1 minutes, not every second: the live text
  // changes only then.
  const due =
    left === null ? undefined : ANNOUNCE_AT_SECONDS.filter((at) => left <= at && left > 0).at(-1);

  if (left === null) return null;
  return (
    <div
      className={cn(
        'flex items-center gap-2 text-sm text-slate-800',
        !inline && 'rounded-md bg-sky-50 px-3 py-2',
      )}
    >
      <ClockIcon className="size-4 shrink-0 text-sky-800" />
      <p data-testid="hold-countdown">
        {t(family ? 'hold.leftFamily' : 'hold.left', { left: timeLeft(left, t) })}
      </p>
      <VisuallyHidden>
        <span aria-live="polite">
          {due === undefined ? '' : t('hold.announce', { count: due / 60 })}
        </span>
      </VisuallyHidden>
    </div>
  );
}

/**
 * The hold ended: said at once (an alert), with the day's nearest free times (the same one first
 * while it is free) to hold again in one tap, everything typed kept; or another time.
 */
function HoldEnded({ state, send, slot }: StepProps & { slot: Schemas['Slot'] }) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  const { $api, client } = useApi();
  const date = slot.startTime.slice(0, 10);
  // The times step's filters (the machines' `availabilityFilters`, written out here: importing it
  // into this chunk would split the booking start into one more chunk).
  const { customerType, reason, branch, employee } = state.context;
  const day = $api.useQuery(
    'get',
    '/api/availability/day',
    {
      params: {
        query: {
          branchIds: branch?.branchIds ?? [slot.branchId],
          reasonId: reason?.id ?? slot.reasonId,
          customerType: customerType?.id ?? 'private',
          ...(employee === null ? {} : { employeeId: employee.Id }),
          date,
        },
      },
    },
    { staleTime: 0 },
  );
  const [taken, setTaken] = useState(false);
  const renew = useMutation({
    mutationFn: async (chosen: Schemas['Slot']) => ({
      chosen,
      hold: dataOf(await client.POST('/api/slot-holds', { body: { slotKey: chosen.key } })),
    }),
    onSuccess: ({ chosen, hold }) => send({ type: 'hold.renewed', slot: chosen, hold }),
    onError: (error) => {
      setTaken(isApiError(error) && error.code === 'slot-taken');
      void day.refetch();
    },
  });
  const start = Date.parse(slot.startTime);
  const nearest = [...(day.data?.slots ?? [])]
    .sort(
      (a, b) =>
        Number(b.key === slot.key) - Number(a.key === slot.key) ||
        Math.abs(Date.parse(a.startTime) - start) - Math.abs(Date.parse(b.startTime) - start),
    )
    .slice(0, NEAREST_COUNT);
  const label = (candidate: Schemas['Slot']): string =>
    candidate.key === slot.key
      ? t('hold.same', { time: formatHelsinki(candidate.startTime, 'time') })
      : t('hold.other', {
          time: formatHelsinki(candidate.startTime, 'time'),
          name: candidate.employeeName,
        });
  const busy = renew.isPending;
  return (
    <NotificationBox
      variant="warning"
      title={t('hold.ended')}
      actions={
        <>
          {nearest.map((candidate) => (
            <Button
              key={candidate.key}
              variant={candidate.key === slot.key ? 'primary' : 'secondary'}
              loading={busy && renew.variables?.key === candidate.key}
              disabled={busy}
              onClick={() => renew.mutate(candidate)}
            >
              {label(candidate)}
            </Button>
          ))}
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => send({ type: 'hold.chooseAnotherTime' })}
          >
            {t('hold.chooseAnotherTime')}
          </Button>
        </>
      }
    >
      <p>{t('hold.endedText')}</p>
      {day.isSuccess && nearest.length === 0 && <p className="mt-1">{t('hold.noneThatDay')}</p>}
      {renew.isError && (
        <p className="mt-1 font-medium">{taken ? t('hold.taken') : t('hold.failed')}</p>
      )}
    </NotificationBox>
  );
}
