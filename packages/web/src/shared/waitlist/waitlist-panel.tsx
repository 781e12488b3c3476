import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schemas } from '@portal/sdk';
import {
  Button,
  Checkbox,
  DateField,
  NotificationBox,
  RadioGroup,
  VisuallyHidden,
  formatCalendarDay,
  toast,
} from '../../ui/index.ts';
import { ActionError, userMessageOf } from '../error-views.tsx';
import { serverFieldErrors } from '../field-errors.ts';
import { formatHelsinki, helsinkiDay, helsinkiToday } from '../time.ts';
import { placeName } from '../place-names.ts';
import { useLanguage } from '../language.ts';
import {
  useAcceptOffer,
  useLeaveWaitlist,
  useSetWaitlistEntry,
  useWaitlist,
  type WaitlistEntry,
  type WaitlistOffer,
  type WaitlistRequest,
} from './api.ts';

type Reservation = Schemas['Reservation'];

/** The day before a `yyyy-MM-dd` day (dates as UTC noon, so no time zone moves them). */
function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

const when = (value: string) => ({
  day: formatHelsinki(value, 'date'),
  time: formatHelsinki(value, 'time'),
});

/**
 * The earlier-time waitlist of one future reservation (issue 16): ask to be told of an earlier
 * time, see and change the wish, stop waiting, and take an offered time. Shown on the card in My
 * reservations and on the booking's thank-you screen.
 *
 * `compact` (a card in a list, issue 54): while the reservation does not wait and has no offers,
 * the panel is its one button, its intro the button's description (not repeated on every card);
 * asked, waiting or offered, it is the whole panel on a row of its own (`basis-full` in the card's
 * row of buttons), the intro over the form.
 */
export function WaitlistPanel({
  reservation,
  compact = false,
}: {
  reservation: Reservation;
  compact?: boolean;
}) {
  const { t } = useTranslation('waitlist');
  const waitlist = useWaitlist();
  const [editing, setEditing] = useState(false);
  const introId = useId();
  const entry = waitlist.data?.find((candidate) => candidate.reservationId === reservation.id);
  const offers = entry?.offers ?? [];
  const open = offers.filter((offer) => offer.status === 'open');
  const earlier = offers.filter((offer) => offer.status !== 'open').slice(0, 3);

  if (compact && !editing && entry === undefined && offers.length === 0) {
    if (waitlist.isError) return <p className="basis-full text-red-800">{t('loadFailed')}</p>;
    if (!waitlist.isSuccess) return null;
    return (
      <>
        <Button variant="secondary" aria-describedby={introId} onClick={() => setEditing(true)}>
          {t('join')}
        </Button>
        <VisuallyHidden id={introId}>{t('intro')}</VisuallyHidden>
      </>
    );
  }
  return (
    <div className={compact ? 'mt-2 flex basis-full flex-col gap-3' : 'mt-4 flex flex-col gap-3'}>
      <h3 className="text-lg font-semibold text-slate-900">{t('title')}</h3>
      {waitlist.isError && <p className="text-red-800">{t('loadFailed')}</p>}
      {compact && editing && entry === undefined && <p className="text-slate-700">{t('intro')}</p>}
      {open.map((offer) => (
        <OfferNotice key={offer.id} offer={offer} />
      ))}
      {editing ? (
        <WaitlistForm reservation={reservation} entry={entry} onDone={() => setEditing(false)} />
      ) : entry ? (
        <WaitingNotice reservation={reservation} entry={entry} onChange={() => setEditing(true)} />
      ) : (
        waitlist.isSuccess && (
          <div className="flex flex-col items-start gap-2">
            <p className="text-slate-700">{t('intro')}</p>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t('join')}
            </Button>
          </div>
        )
      )}
      {earlier.length > 0 && (
        <div>
          <h4 className="font-semibold text-slate-800">{t('past.title')}</h4>
          <ul className="list-disc pl-5 text-slate-700">
            {earlier.map((offer) => (
              <li key={offer.id}>{t(`past.${offer.status}`, when(offer.startTime))}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function OfferNotice({ offer }: { offer: WaitlistOffer }) {
  const { t } = useTranslation('waitlist');
  const accept = useAcceptOffer();
  const { day, time } = when(offer.startTime);
  // Awaited rather than given callbacks: the offer leaves the list (and this notice unmounts)
  // when the lists refresh, and a callback of an unmounted caller would never run.
  const take = async () => {
    try {
      await accept.mutateAsync(offer.id);
      toast.success(t('offer.accepted', { day, time }));
    } catch (failure) {
      toast.error(t('offer.failed'), { description: userMessageOf(failure) });
    }
  };
  return (
    <NotificationBox
      variant="success"
      role="none"
      title={t('offer.title')}
      actions={
        <Button loading={accept.isPending} onClick={() => void take()}>
          {t('offer.accept', { day, time })}
        </Button>
      }
    >
      {t('offer.text', {
        day,
        time,
        branch: offer.branch.name,
        employee: offer.employee.name,
        expires: formatHelsinki(offer.expiresAt, 'full'),
      })}
    </NotificationBox>
  );
}

function WaitingNotice({
  reservation,
  entry,
  onChange,
}: {
  reservation: Reservation;
  entry: WaitlistEntry;
  onChange: () => void;
}) {
  const { t } = useTranslation('waitlist');
  const language = useLanguage();
  const leave = useLeaveWaitlist(reservation.id);
  // Awaited: this notice unmounts once the list refreshes without the entry.
  const stopWaiting = async () => {
    try {
      await leave.mutateAsync(null);
      toast.success(t('left'));
    } catch (failure) {
      toast.error(t('error'), { description: userMessageOf(failure) });
    }
  };
  const date = formatCalendarDay(entry.earliestDate);
  return (
    <NotificationBox
      variant="informative"
      role="none"
      title={t('waiting.title')}
      actions={
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" onClick={onChange}>
            {t('waiting.change')}
          </Button>
          <Button variant="secondary" loading={leave.isPending} onClick={() => void stopWaiting()}>
            {t('waiting.leave')}
          </Button>
        </div>
      }
    >
      <p>
        {entry.scope === 'branch'
          ? t('waiting.branch', { branch: reservation.branch.name, date })
          : t('waiting.city', { city: placeName(reservation.branch.city, language), date })}
        {entry.sameEmployee && reservation.employee
          ? ` ${t('waiting.sameEmployee', { name: reservation.employee.name })}`
          : ''}
      </p>
    </NotificationBox>
  );
}

function WaitlistForm({
  reservation,
  entry,
  onDone,
}: {
  reservation: Reservation;
  entry: WaitlistEntry | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation('waitlist');
  const language = useLanguage();
  const save = useSetWaitlistEntry(reservation.id);
  const dateRef = useRef<HTMLInputElement>(null);
  const today = helsinkiToday();
  const reservationDay = helsinkiDay(reservation.startTime);
  const [wish, setWish] = useState<WaitlistRequest>(
    entry
      ? { scope: entry.scope, sameEmployee: entry.sameEmployee, earliestDate: entry.earliestDate }
      : { scope: 'city', sameEmployee: false, earliestDate: today },
  );
  const { errors } = serverFieldErrors(save.error, ['earliestDate'] as const);
  const general = save.isError && errors.earliestDate === undefined ? save.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(wish, {
      onSuccess: () => {
        toast.success(t('saved'));
        onDone();
      },
      onError: (failure) => {
        if (serverFieldErrors(failure, ['earliestDate'] as const).first) dateRef.current?.focus();
      },
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <RadioGroup
        label={t('form.scope')}
        value={wish.scope}
        onValueChange={(scope) => setWish({ ...wish, scope: scope as WaitlistRequest['scope'] })}
        options={[
          { value: 'branch', label: t('form.scopeBranch', { branch: reservation.branch.name }) },
          {
            value: 'city',
            label: t('form.scopeCity', { city: placeName(reservation.branch.city, language) }),
          },
        ]}
      />
      {reservation.employee && (
        <Checkbox
          label={t('form.sameEmployee', { name: reservation.employee.name })}
          checked={wish.sameEmployee}
          onCheckedChange={(sameEmployee) => setWish({ ...wish, sameEmployee })}
        />
      )}
      <DateField
        ref={dateRef}
        label={t('form.earliestDate')}
        hint={t('form.earliestHint', { date: formatCalendarDay(reservationDay) })}
        value={wish.earliestDate}
        min={today}
        max={dayBefore(reservationDay)}
        onChange={(earliestDate) => setWish({ ...wish, earliestDate })}
        error={errors.earliestDate}
        showFormatted
        required
      />
      {general && <ActionError title={t('error')} error={general} />}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" loading={save.isPending}>
          {entry ? t('form.update') : t('form.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
