import { bookingMachine, bookingView, type BookingDetails } from '@portal/machines';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { useApi } from '../../../lib/api.tsx';
import { withLanguagePrefix } from '../../../lib/language.ts';
import { useSession, type User } from '../../../lib/session.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { MaintenanceNotice, NotificationBox, Page, PageHeader } from '../../../ui/index.ts';
import { bookingActors } from '../api/booking-actors.ts';
import { isBookingStep, slugOf, stepOfSlug } from '../api/step-paths.ts';
import {
  clearChoices,
  helsinkiToday,
  loadChoices,
  pickChoices,
  saveChoices,
} from '../api/wizard-storage.ts';
import { BranchStep } from '../components/branch-step.tsx';
import { ConfirmStep } from '../components/confirm-step.tsx';
import { CustomerTypeStep } from '../components/customer-type-step.tsx';
import { DetailsStep } from '../components/details-step.tsx';
import { LoginRequiredStep } from '../components/login-required-step.tsx';
import { PractitionerStep } from '../components/practitioner-step.tsx';
import { ReasonStep } from '../components/reason-step.tsx';
import { SlotStep } from '../components/slot-step.tsx';
import { StepIndicator } from '../components/step-indicator.tsx';
import { ThankYou } from '../components/thank-you.tsx';

/** The signed-in user's details for the empty fields of the details step. */
function prefillFrom(user: User, details: BookingDetails): Partial<BookingDetails> {
  const person = user.Person;
  const known: Partial<BookingDetails> = {
    firstName: person.FirstName,
    lastName: person.LastName,
    email: person.EmailAddress ?? '',
    phone: person.PhoneNumber ?? '',
    ssn: person.SSN,
  };
  const patch: Partial<BookingDetails> = {};
  for (const [field, value] of Object.entries(known) as Array<[keyof BookingDetails, string]>) {
    if (details[field].trim() === '' && value !== '') patch[field] = value;
  }
  return patch;
}

function BookingWizard({ onRestart }: { onRestart: () => void }) {
  const { t } = useTranslation('booking');
  const { client, $api } = useApi();
  const { user } = useSession();
  const params = useParams<{ step?: string }>();
  const [, navigate] = useLocation();
  const config = $api.useQuery('get', '/api/config', {}, { staleTime: 5 * 60_000 });
  const [machine] = useState(() =>
    bookingMachine.provide({
      actors: bookingActors(client),
      actions: {
        goToLogin: ({ context }) => {
          saveChoices(context);
          const returnTo = withLanguagePrefix('/reservation/confirm', window.location.pathname);
          navigate(`/login?returnTo=${encodeURIComponent(returnTo)}`);
        },
        logError: (_, params) => console.error(params.message, params.error),
      },
    }),
  );
  const [state, send, actor] = useMachine(machine, {
    input: { today: helsinkiToday(), signedIn: user !== null },
  });
  const view = bookingView(state);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstSync = useRef(true);
  const lastSlug = useRef<string | undefined>(params.step);

  // Restore the answers (sessionStorage) on the step of the URL, once.
  useEffect(() => {
    const stored = loadChoices();
    const step = stepOfSlug(params.step);
    if (stored !== null || (step !== null && step !== 'customerType')) {
      send({ type: 'wizard.restore', step: step ?? 'customerType', choices: stored ?? {} });
    }
    // Only on mount: later URL changes are handled below.
  }, []);

  // Back/forward: the URL names another step than the one shown.
  useEffect(() => {
    if (lastSlug.current === params.step) return;
    lastSlug.current = params.step;
    const step = stepOfSlug(params.step);
    const current = bookingView(actor.getSnapshot());
    if (step === null || current === 'thankYou' || slugOf(current) === params.step) return;
    if (current === 'loginRequired' && step === 'confirm') return;
    send({ type: 'wizard.restore', step, choices: pickChoices(actor.getSnapshot().context) });
  }, [params.step, actor, send]);

  // The URL follows the step shown.
  useEffect(() => {
    if (view === 'maintenance') return;
    const slug = slugOf(view);
    const replace = firstSync.current || view === 'thankYou';
    if (!firstSync.current) headingRef.current?.focus();
    firstSync.current = false;
    if (params.step === slug) return;
    lastSlug.current = slug;
    navigate(`/reservation/${slug}`, { replace });
    // Only when the view changes.
  }, [view]);

  // Keep the answers for a reload or the login detour; forget them once booked.
  useEffect(() => {
    if (view === 'thankYou') clearChoices();
    else saveChoices(state.context);
  }, [state.context, view]);

  useEffect(() => {
    send({ type: user === null ? 'auth.loggedOut' : 'auth.loggedIn' });
  }, [user, send]);

  useEffect(() => {
    const maintenance = config.data?.maintenance;
    if (maintenance?.active) send({ type: 'maintenance.on', startsAt: maintenance.startsAt });
  }, [config.data, send]);

  useEffect(() => {
    if (view !== 'details' || user === null) return;
    const patch = prefillFrom(user, actor.getSnapshot().context.details);
    if (Object.keys(patch).length > 0) send({ type: 'details.change', details: patch });
  }, [view, user, actor, send]);

  const stepProps = { state, send };
  const indicatorStep = view === 'loginRequired' ? 'confirm' : view;
  return (
    <>
      {isBookingStep(indicatorStep) && <StepIndicator current={indicatorStep} />}
      <section aria-labelledby="booking-step-title">
        <h2
          id="booking-step-title"
          ref={headingRef}
          tabIndex={-1}
          className="mb-4 text-xl font-semibold text-slate-900 focus:outline-none"
        >
          {t(`views.${view}`)}
        </h2>
        {view === 'customerType' && <CustomerTypeStep {...stepProps} />}
        {view === 'reason' && <ReasonStep {...stepProps} />}
        {view === 'branch' && <BranchStep {...stepProps} />}
        {view === 'practitioner' && <PractitionerStep {...stepProps} />}
        {view === 'slot' && <SlotStep {...stepProps} />}
        {view === 'details' && <DetailsStep {...stepProps} />}
        {view === 'confirm' && <ConfirmStep {...stepProps} />}
        {view === 'loginRequired' && <LoginRequiredStep {...stepProps} />}
        {view === 'thankYou' && (
          <ThankYou reservation={state.context.reservation} onBookAnother={onRestart} />
        )}
        {view === 'maintenance' &&
          (state.context.maintenanceStartsAt ? (
            <MaintenanceNotice startsAt={state.context.maintenanceStartsAt} />
          ) : (
            <NotificationBox variant="warning">{t('maintenance')}</NotificationBox>
          ))}
      </section>
    </>
  );
}

/** /reservation and /reservation/:step: the booking wizard (spec §2, §4). */
export default function ReservationRoute() {
  const { t } = useTranslation('booking');
  const [, navigate] = useLocation();
  const [run, setRun] = useState(0);
  usePageTitle(t('title'));
  return (
    <Page width="narrow">
      <PageHeader title={t('title')} description={t('description')} />
      <BookingWizard
        key={run}
        onRestart={() => {
          clearChoices();
          navigate('/reservation/customer-type');
          setRun((value) => value + 1);
        }}
      />
    </Page>
  );
}
