import { lazy, Suspense, type ReactNode } from 'react';
import type { Schemas } from '@portal/sdk';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, NotificationBox } from '../../../ui/index.ts';
import { AddToCalendarButton } from '../../../shared/calendar-file/add-to-calendar-button.tsx';
import { useAnamnesisStatus } from '../../../shared/anamnesis-status.ts';
import { formatPrice } from '../../../shared/money.ts';
import { useLanguage } from '../../../shared/language.ts';
import { formatHelsinki, helsinkiDay } from '../../../shared/time.ts';
import { longDay } from '../../../shared/calendar-days.ts';
import { STEP_TEXTS, STEP_TEXTS_OPTIONS } from '../api/step-texts.ts';
import { BookingSummary } from './booking-summary.tsx';
import { ClinicMapLink } from './clinic-map-link.tsx';
import { placeName } from '../../../shared/place-names.ts';
import { reservationWhen } from './duplicate-question.tsx';
import { withTitle } from '../../../shared/practitioner-title.ts';
import { useEmployees } from '../../../shared/resources.ts';

// The waitlist form is fetched with the thank-you screen, not with the booking's first step.
const WaitlistPanel = lazy(() =>
  import('../../../shared/waitlist/waitlist-panel.tsx').then((m) => ({ default: m.WaitlistPanel })),
);

/**
 * After booking: what was booked (service, practitioner, clinic with its address and a map,
 * time, price), the calendar file, the health form when none is on file,
 * where to see it, and a wish for an earlier time.
 */
export function ThankYou({
  reservation,
  familyBooking = null,
  movedFrom = null,
  phoneUpdateFailed,
  onBookAnother,
}: {
  reservation: Schemas['Reservation'] | null;
  /**
   * A family's block (issue 55): each person's time instead of one; its calendar files and
   * waitlist are each person's own, on My reservations as that person.
   */
  familyBooking?: Schemas['FamilyBooking'] | null;
  /**
   * The reservation before it was moved to the chosen time (the patient had this service within
   * 14 days and moved that one here instead of booking a second): the page says it was moved.
   */
  movedFrom?: Schemas['Reservation'] | null;
  /** The booked phone could not be saved to the profile (spec §8): the booking stands. */
  phoneUpdateFailed: boolean;
  onBookAnother: () => void;
}) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  // Texts of this screen alone, fetched with it (preloadThankYou) rather than with the booking.
  const { t: tDone } = useTranslation('thank-you');
  const language = useLanguage();
  const employees = useEmployees();
  const anamnesis = useAnamnesisStatus({ enabled: reservation !== null });
  // The user's own health form: not asked after a family's booking (each person has their own).
  const askHealthForm =
    anamnesis.data?.enabled === true &&
    anamnesis.data.latest === null &&
    (familyBooking?.reservations.length ?? 0) === 0;
  const when = (booked: Schemas['Reservation']) =>
    `${longDay(helsinkiDay(booked.startTime), language)} ${formatHelsinki(booked.startTime, 'time')}–${formatHelsinki(booked.endTime, 'time')}`;
  const family = familyBooking?.reservations ?? [];
  const rows: Array<[string, ReactNode]> = reservation
    ? [
        [t('summary.reason'), reservation.reason.name],
        ...(reservation.employee && family.length === 0
          ? [
              [
                t('summary.practitioner'),
                withTitle(
                  reservation.employee.name,
                  employees.data?.find((employee) => employee.Id === reservation.employee?.id)
                    ?.JobTitles,
                  language,
                ),
              ] as [string, ReactNode],
            ]
          : []),
        [
          t('summary.branch'),
          <>
            {reservation.branch.name}, {reservation.branch.street}, {reservation.branch.postalCode}{' '}
            {placeName(reservation.branch.city, language)}{' '}
            <ClinicMapLink clinic={reservation.branch} label={tDone('map')} />
          </>,
        ],
        ...(family.length > 0
          ? family.map(
              (booked) =>
                [
                  `${booked.customer.firstName} ${booked.customer.lastName}`,
                  `${when(booked)}, ${booked.employee?.name ?? ''}`,
                ] as [string, ReactNode],
            )
          : [[t('summary.time'), when(reservation)] as [string, ReactNode]]),
        ...(movedFrom
          ? [[tDone('movedFrom'), reservationWhen(movedFrom, language)] as [string, ReactNode]]
          : []),
        // No "booking reference": the database id means nothing to a patient, and no message
        // or clinic asks for it (issue 54).
        [
          t('summary.price'),
          family.length > 0
            ? t('summary.pricePerPerson', { price: formatPrice(reservation.price, language) })
            : formatPrice(reservation.price, language),
        ],
      ]
    : [];
  return (
    <div className="flex flex-col gap-5">
      {/* What was booked is in the summary below: the notice says only that it is done, in one
          sentence under the step's heading (issue 54: no third heading stacked on the two). */}
      <NotificationBox variant="success" role="status">
        <strong className="font-semibold">
          {t(
            movedFrom
              ? 'thankYou.movedTitle'
              : family.length > 0
                ? 'thankYou.familyTitle'
                : 'thankYou.title',
          )}
        </strong>
        . {t(family.length > 0 ? 'thankYou.familyEmail' : 'thankYou.email')}
      </NotificationBox>
      {phoneUpdateFailed && (
        <NotificationBox variant="warning">{t('phoneUpdateFailed')}</NotificationBox>
      )}
      {reservation && (
        <section aria-labelledby="booked-details" className="flex flex-col gap-2">
          <h3 id="booked-details" className="text-lg font-semibold text-slate-900">
            {tDone(family.length > 0 ? 'familyDetails' : 'details')}
          </h3>
          <BookingSummary rows={rows} />
        </section>
      )}
      {reservation && family.length === 0 && (
        <div>
          <AddToCalendarButton reservationId={reservation.id} />
        </div>
      )}
      {askHealthForm && (
        <NotificationBox variant="informative" title={tDone('healthFormTitle')}>
          <p>{tDone('healthFormText')}</p>
          <Link
            href="/anamnesis"
            className="mt-2 inline-block font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {tDone('healthFormLink')}
          </Link>
        </NotificationBox>
      )}
      {reservation?.canModify && family.length === 0 && (
        <Suspense fallback={null}>
          <WaitlistPanel reservation={reservation} />
        </Suspense>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link href="/reservations">{t('thankYou.myReservations')}</Link>
        </Button>
        <Button variant="secondary" onClick={onBookAnother}>
          {t('thankYou.bookAnother')}
        </Button>
      </div>
    </div>
  );
}
