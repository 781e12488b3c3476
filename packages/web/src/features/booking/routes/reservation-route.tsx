import { useActingPerson, usePersons, type ActingPerson } from '../../../shared/acting-person.ts';
import { useActingChoice } from '../../../shared/acting-for.ts';
import {
  bookablePersons,
  bookingMachine,
  bookingView,
  type BookingPerson,
  type BookingProfile,
  type BookingView,
} from '@portal/machines';
import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearch } from 'wouter';
import { useApi } from '../../../shared/api.tsx';
import { withLanguagePrefix } from '../../../shared/language.ts';
import { useSession, type User } from '../../../shared/session.tsx';
import { helsinkiToday } from '../../../shared/time.ts';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Page, PageHeader, Spinner } from '../../../ui/index.ts';
import { bookingActors, releaseSlotHold } from '../api/booking-actors.ts';
import { STEP_TEXTS } from '../api/step-texts.ts';
import { bookAgainIdOf, isBookingStep, slugOf, stepOfSlug } from '../api/step-paths.ts';
import { clearChoices, loadChoices, pickChoices, saveChoices } from '../api/wizard-storage.ts';
import { CustomerTypeStep } from '../components/customer-type-step.tsx';
import { ReasonStep } from '../components/reason-step.tsx';
import { STEP_PROGRESS_ID, StepIndicator } from '../components/step-indicator.tsx';
import { useActiveMaintenance } from '../../../shared/resources.ts';

// The first steps render with the route; each later one (the calendar and date-fns locales among
// them) is a chunk fetched once the step before it is shown, so the first page loads no more
// than it shows.
const loadBranchStep = () => import('../components/branch-step.tsx');
const loadPractitionerStep = () => import('../components/practitioner-step.tsx');
const loadSlotStep = () => import('../components/slot-step.tsx');
const loadDetailsStep = () => import('../components/details-step.tsx');
const loadConfirmStep = () => import('../components/confirm-step.tsx');
const loadLoginRequiredStep = () => import('../components/login-required-step.tsx');
const loadThankYou = () => import('../components/thank-you.tsx');
const BranchStep = lazy(() => loadBranchStep().then((m) => ({ default: m.BranchStep })));
const PractitionerStep = lazy(() =>
  loadPractitionerStep().then((m) => ({ default: m.PractitionerStep })),
);
const SlotStep = lazy(() => loadSlotStep().then((m) => ({ default: m.SlotStep })));
const DetailsStep = lazy(() => loadDetailsStep().then((m) => ({ default: m.DetailsStep })));
const ConfirmStep = lazy(() => loadConfirmStep().then((m) => ({ default: m.ConfirmStep })));
const LoginRequiredStep = lazy(() =>
  loadLoginRequiredStep().then((m) => ({ default: m.LoginRequiredStep })),
);
// Only a maintenance break shows it (with date-fns for its time): not worth the first step's budget.
const MaintenanceNotice = lazy(() =>
  import('../../../shared/maintenance-notice.tsx').then((m) => ({ default: m.MaintenanceNotice })),
);
const ThankYou = lazy(() => loadThankYou().then((m) => ({ default: m.ThankYou })));
/** The chunks to fetch while a step is shown: the step that may come next. */
const nextSteps: Partial<Record<BookingView, (() => Promise<unknown>)[]>> = {
  reason: [loadBranchStep],
  branch: [loadPractitionerStep],
  practitioner: [loadSlotStep],
  slot: [loadDetailsStep],
  details: [loadConfirmStep],
  confirm: [loadLoginRequiredStep, loadThankYou],
  loginRequired: [loadThankYou],
};

/** The thank-you screen's own texts: fetched with its chunk, not with the booking's start. */
const THANK_YOU_TEXTS = ['thank-you', 'calendar-file'];

/** Fetches the next step's chunk when the browser is idle after a step is shown. */
function usePrefetchNextStep(view: BookingView): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    const loaders = nextSteps[view];
    if (!loaders) return;
    const prefetch = () => {
      loaders.forEach((load) => void load());
      // From the service on, every next step reads the later steps' texts.
      void i18n.loadNamespaces(STEP_TEXTS[0]);
      if (loaders.includes(loadThankYou)) void i18n.loadNamespaces(THANK_YOU_TEXTS);
    };
    if (typeof window.requestIdleCallback !== 'function') {
      const handle = window.setTimeout(prefetch, 500);
      return () => window.clearTimeout(handle);
    }
    const handle = window.requestIdleCallback(prefetch, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }, [view, i18n]);
}

/**
 * What the booking needs of the signed-in user's profile (spec §3 User.Person, and its address).
 * Acting for another person (issue 55), the name and identity code are that person's; the
 * contact details and the address are the user's own, offered for the messages (a child's
 * reminders reach the guardian).
 */
function bookingProfileOf(user: User | null, acting: ActingPerson | null): BookingProfile | null {
  if (user === null) return null;
  const person = user.Person;
  return {
    firstName: acting?.firstName ?? person.FirstName,
    lastName: acting?.lastName ?? person.LastName,
    email: person.EmailAddress ?? null,
    phone: person.PhoneNumber ?? null,
    ssn: acting?.ssn ?? person.SSN,
    // The patient record's address (issue 54): a first-time patient types none.
    ...(person.Address
      ? {
          address: {
            street: person.Address.Street,
            postalCode: person.Address.PostalCode,
            city: person.Address.City,
          },
        }
      : {}),
  };
}

/**
 * Whom the booking is for (issue 55): the person acted for, else the user themself as the
 * persons list names them (null until known, or signed out).
 */
function bookingPersonOf(
  acting: ActingPerson | null,
  family: readonly BookingPerson[],
): BookingPerson | null {
  if (acting !== null) return family.find((person) => person.id === acting.id) ?? null;
  return family.find((person) => person.relation === 'self') ?? null;
}

function BookingWizard({
  onRestart,
  acting,
}: {
  onRestart: () => void;
  acting: ActingPerson | null;
}) {
  const { t } = useTranslation('booking');
  const api = useApi();
  const { client } = api;
  const queryClient = useQueryClient();
  const { user, refresh, currentUser } = useSession();
  const params = useParams<{ step?: string }>();
  const [, navigate] = useLocation();
  const search = useSearch();
  // Only a maintenance break: the configuration's arrival does not render the wizard anew.
  const maintenance = useActiveMaintenance();
  // The login detour keeps the chosen time's hold (it is stored with the answers).
  const [leaving] = useState(() => ({ forLogin: false }));
  // Whom the answers kept in the tab are for (a child chosen since does not take them); the
  // wizard is made anew for another person (the route's key), so this stays as it began.
  const personKey = String(acting?.id ?? 'self');
  const [machine] = useState(() =>
    bookingMachine.provide({
      actors: bookingActors(client, { currentUser, refresh }),
      actions: {
        goToLogin: ({ context }, { step }) => {
          leaving.forLogin = true;
          saveChoices(context, personKey);
          const returnTo = withLanguagePrefix(
            `/reservation/${slugOf(step)}`,
            window.location.pathname,
          );
          navigate(`/login?returnTo=${encodeURIComponent(returnTo)}`);
        },
        logError: (_, params) => console.error(params.message, params.error),
        releaseHold: (_, { id }) => {
          if (id !== null) releaseSlotHold(client, id);
        },
      },
    }),
  );
  // The persons a family booking can take (issue 55): the user's, with the book right.
  const persons = usePersons();
  const [family] = useState(() => bookablePersons(persons.data ?? []));
  const [state, send, actor] = useMachine(machine, {
    input: {
      today: helsinkiToday(),
      signedIn: user !== null,
      profile: bookingProfileOf(user, acting),
      person: bookingPersonOf(acting, family),
      family,
      // `/reservation?customerType=serviceVoucher` (the service-voucher page) starts with that type.
      requestedCustomerType: new URLSearchParams(search).get('customerType'),
    },
  });
  const view = bookingView(state);

  // Leaving the booking (another page, or closing the tab) releases the chosen time's hold, so
  // that others may book it at once; the login detour does not.
  useEffect(() => {
    const release = () => {
      const { hold } = actor.getSnapshot().context;
      if (hold !== null && !leaving.forLogin) releaseSlotHold(client, hold.id, true);
    };
    window.addEventListener('pagehide', release);
    return () => {
      window.removeEventListener('pagehide', release);
      release();
    };
  }, [actor, client, leaving]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstSync = useRef(true);
  // `/reservation` itself is the first step's address: the booking start keeps it instead of
  // being replaced by `/reservation/customer-type`, whose render (the whole layout follows a new
  // address) held a slow phone's main thread just as the prerendered page became usable.
  const urlSlug = params.step ?? slugOf('customerType');
  const lastSlug = useRef(urlSlug);

  // "Book again" (My reservations): the past visit's choices, read by a chunk of its own.
  const [bookAgainId] = useState(() => bookAgainIdOf(search));
  const [preparing, setPreparing] = useState(bookAgainId !== null);
  const bookAgain = useEffectEvent((id: number) => {
    import('../api/book-again.ts')
      .then(({ loadBookAgain }) => loadBookAgain(queryClient, api, id))
      .then((found) => {
        if (found !== null) send({ type: 'wizard.restore', ...found });
      })
      .catch((error: unknown) => console.error('Reading the visit to book again failed', error))
      .finally(() => setPreparing(false));
  });

  // Restore the answers (sessionStorage) on the step of the URL, once: later URL changes are
  // handled below.
  const restoreStoredChoices = useEffectEvent(() => {
    if (bookAgainId !== null) {
      bookAgain(bookAgainId);
      return;
    }
    const stored = loadChoices(personKey);
    const step = stepOfSlug(urlSlug);
    if (stored !== null || (step !== null && step !== 'customerType')) {
      send({ type: 'wizard.restore', step: step ?? 'customerType', choices: stored ?? {} });
    }
  });
  useEffect(() => restoreStoredChoices(), []);

  // Back/forward: the URL names another step than the one shown.
  useEffect(() => {
    if (lastSlug.current === urlSlug) return;
    lastSlug.current = urlSlug;
    const step = stepOfSlug(urlSlug);
    const current = bookingView(actor.getSnapshot());
    if (step === null || current === 'thankYou' || current === step) return;
    if (current === 'loginRequired' && step === 'confirm') return;
    send({ type: 'wizard.restore', step, choices: pickChoices(actor.getSnapshot().context) });
  }, [urlSlug, actor, send]);

  // The URL follows the step shown (only when the view changes).
  const followView = useEffectEvent((view: BookingView) => {
    if (view === 'maintenance') return;
    // A view already left (the stored answers restored another step in an effect of the same
    // commit): the render of the current one follows, and syncs the URL then.
    if (bookingView(actor.getSnapshot()) !== view) return;
    const slug = slugOf(view);
    const firstStep = firstSync.current;
    const replace = firstStep || view === 'thankYou';
    if (!firstSync.current) headingRef.current?.focus();
    firstSync.current = false;
    if (urlSlug === slug) return;
    lastSlug.current = slug;
    // The first sync keeps the query (`?customerType=`): `/reservation` → `/reservation/:step`
    // mounts the route anew, which reads it again.
    const query = firstStep ? window.location.search : '';
    navigate(`/reservation/${slug}${query}`, { replace });
  });
  useEffect(() => followView(view), [view]);

  // Keep the answers for a reload or the login detour; forget them once booked.
  useEffect(() => {
    if (view === 'thankYou') clearChoices();
    else saveChoices(state.context, personKey);
  }, [state.context, view, personKey]);

  // A visitor's start needs no word: the machine's input says signed out already (telling it
  // again would only render the wizard anew, in one piece, as the prerendered page becomes
  // usable). A signed-in user is told at once: restored answers take the identity's details.
  const visitorAtStart = useRef(user === null);
  useEffect(() => {
    if (visitorAtStart.current && user === null) return;
    visitorAtStart.current = false;
    send(
      user === null
        ? { type: 'auth.loggedOut' }
        : { type: 'auth.loggedIn', profile: bookingProfileOf(user, acting) },
    );
  }, [user, acting, send]);

  useEffect(() => {
    if (maintenance) send({ type: 'maintenance.on', startsAt: maintenance.startsAt });
  }, [maintenance, send]);

  // The persons arrive (or change: a mandate ended) while the wizard shows.
  useEffect(() => {
    if (persons.data === undefined) return;
    const offered = bookablePersons(persons.data);
    send({ type: 'family.offer', persons: offered, person: bookingPersonOf(acting, offered) });
  }, [persons.data, acting, send]);

  usePrefetchNextStep(view);
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
          aria-describedby={isBookingStep(indicatorStep) ? STEP_PROGRESS_ID : undefined}
          className="mb-4 text-xl font-semibold text-slate-900 focus:outline-none"
        >
          {t(`views.${view}`)}
        </h2>
        {/* The first two steps come with the route, outside the later steps' boundary: the booking
            start is prerendered, and content inside a boundary hydrates in a later pass, after
            data may already have arrived. */}
        {preparing && <Spinner label={t('bookAgainLoading')} />}
        {!preparing && view === 'customerType' && <CustomerTypeStep {...stepProps} />}
        {view === 'reason' && <ReasonStep {...stepProps} />}
        <Suspense fallback={<Spinner label={t('loadingStep')} />}>
          {view === 'branch' && <BranchStep {...stepProps} />}
          {view === 'practitioner' && <PractitionerStep {...stepProps} />}
          {view === 'slot' && <SlotStep {...stepProps} />}
          {view === 'details' && <DetailsStep {...stepProps} />}
          {view === 'confirm' && <ConfirmStep {...stepProps} />}
          {view === 'loginRequired' && <LoginRequiredStep {...stepProps} />}
          {view === 'thankYou' && (
            <ThankYou
              familyBooking={state.context.familyBooking}
              reservation={state.context.reservation}
              movedFrom={state.context.movedFrom}
              phoneUpdateFailed={state.context.phoneUpdateFailed}
              onBookAnother={onRestart}
            />
          )}
          {view === 'maintenance' && (
            <MaintenanceNotice startsAt={state.context.maintenanceStartsAt} />
          )}
        </Suspense>
      </section>
    </>
  );
}

/** /reservation and /reservation/:step: the booking wizard (spec §2, §4). */
export default function ReservationRoute() {
  const { t } = useTranslation('booking');
  const [location, navigate] = useLocation();
  const [run, setRun] = useState(0);
  // Another person chosen (issue 55) starts the booking anew, for them; after a reload the
  // booking waits for that person's details (a booking begun for oneself and then started anew
  // would release its held time).
  const acting = useActingPerson();
  const { user } = useSession();
  const waitingForPerson =
    (useActingChoice(user?.Id ?? null)?.personId ?? null) !== null && acting === null;
  usePageTitle(t('title'));
  // Once booked, the page is about the booking made, not about how to make one.
  const booked = location.endsWith(`/${slugOf('thankYou')}`);
  return (
    <Page width="narrow">
      <PageHeader title={t('title')} description={booked ? undefined : t('description')} />
      {waitingForPerson ? (
        <Spinner label={t('loadingStep')} />
      ) : (
        <BookingWizard
          key={`${run}:${acting?.id ?? 'self'}`}
          acting={acting}
          onRestart={() => {
            clearChoices();
            navigate('/reservation/customer-type');
            setRun((value) => value + 1);
          }}
        />
      )}
    </Page>
  );
}
