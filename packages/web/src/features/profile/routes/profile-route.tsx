import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { waitFor } from 'xstate';
import { useSession, type User } from '../../../shared/session.tsx';
import { usePageTitle } from '../../../shared/page-head.ts';
import { useForm } from '../../../shared/use-form.ts';
import {
  Button,
  Card,
  ConfirmDialog,
  NotificationBox,
  Page,
  PageHeader,
  Spinner,
  TextField,
} from '../../../ui/index.ts';
import { profileFormValues, profileUpdate, type ProfileFormValues } from '../api/profile-form.ts';
import { useProfileMachine } from '../api/use-profile-machine.ts';
import { NationalId } from '../../../shared/national-id.tsx';
import {
  AreasOfInterestFields,
  FavouriteFields,
  MarketingConsentFields,
  useMessageText,
} from '../components/profile-sections.tsx';
import { RedirectCountdown } from '../components/redirect-countdown.tsx';
import { ProfileErrorSummary } from '../components/profile-error-summary.tsx';

/** /profile: the signed-in user's own information (spec §2, PROFILE_PAGE_VISIT). */
export default function ProfileRoute() {
  const { user } = useSession();
  // The route is for signed-in users only; the router sends others to /login.
  if (user === null) return null;
  return <ProfilePage user={user} />;
}

function ProfilePage({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  usePageTitle(t('page.title'));
  const { refresh } = useSession();
  const text = useMessageText();
  const [state, send, actor] = useProfileMachine('PROFILE_PAGE_VISIT');
  // The draft in the shared form hook; the refusals and the save are the profile machine's (its
  // field errors, the failed save and the countdown of spec §4).
  const { draft: values, change } = useForm<ProfileFormValues, never>({
    initial: () => profileFormValues(user),
    fieldOf: () => null,
  });
  const { fieldErrors, error, secondsLeft } = state.context;
  // Spec §4: after a save, the notice counts down to the front page ('redirect now' goes at once).
  const saved = state.matches('pageSaved');
  const leaving = state.matches('redirected');

  // A failed deletion takes the focus to its message, beside the delete button.
  const deleteError = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error === 'profile.deleteError') deleteError.current?.focus();
  }, [error]);

  // A saved profile changes the user: reload it (the form keeps what is on screen). Keyed on
  // `refresh`, which is stable; the session object itself changes with every new user.
  useEffect(() => {
    if (saved) refresh().catch(() => undefined);
  }, [saved, refresh]);

  if (state.matches('accountDeleted') || state.matches('left')) {
    return (
      <Page width="narrow">
        <PageHeader title={t('delete.doneTitle')} />
        {state.matches({ accountDeleted: 'countingDown' }) || state.matches('left') ? (
          <RedirectCountdown
            title={t('delete.done')}
            secondsLeft={secondsLeft}
            onRedirectNow={() => send({ type: 'profile.skip' })}
            redirecting={state.matches('left')}
          />
        ) : (
          <Spinner label={t('delete.signingOut')} />
        )}
      </Page>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'profile.save', profile: profileUpdate(values, user) });
  };
  const person = user.Person;

  return (
    <Page width="narrow">
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <>
            <Button asChild variant="secondary">
              <Link href="/settings">{t('page.settingsLink')}</Link>
            </Button>
            {/* Who has used my data (issue 57): the access log's entries about the patient. */}
            <Button asChild variant="secondary">
              <Link href="/access-log">{t('page.accessLogLink')}</Link>
            </Button>
          </>
        }
      />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        <ProfileErrorSummary
          idPrefix="profile"
          fields={[
            { field: 'phone', label: t('contact.phone') },
            { field: 'email', label: t('contact.email') },
            { field: 'branchId', label: t('favourites.branch') },
            { field: 'employeeId', label: t('favourites.employee') },
          ]}
          fieldErrors={fieldErrors}
          saveFailed={error === 'profile.saveFailed'}
        />
        <Card title={t('personal.title')}>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <div>
              <dt className="text-sm font-medium text-slate-700">{t('personal.firstName')}</dt>
              <dd className="text-slate-900">{person.FirstName}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-700">{t('personal.lastName')}</dt>
              <dd className="text-slate-900">{person.LastName}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-sm font-medium text-slate-700">{t('personal.ssn')}</dt>
              <dd className="text-slate-900">
                <NationalId
                  ssn={person.SSN}
                  hiddenLabel={t('personal.ssnHidden')}
                  showLabel={t('personal.showSsn')}
                />
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-slate-700">{t('personal.readOnly')}</p>
        </Card>

        <Card title={t('contact.title')}>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              id="profile-phone"
              label={t('contact.phone')}
              type="tel"
              autoComplete="tel"
              hint={t('contact.phoneHint')}
              value={values.phone}
              onChange={(event) => change({ phone: event.target.value })}
              error={text(fieldErrors.phone)}
            />
            <TextField
              id="profile-email"
              label={t('contact.email')}
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={(event) => change({ email: event.target.value })}
              error={text(fieldErrors.email)}
            />
          </div>
        </Card>

        <Card>
          <FavouriteFields
            idPrefix="profile"
            values={values}
            onChange={change}
            fieldErrors={fieldErrors}
          />
        </Card>
        <Card>
          <AreasOfInterestFields values={values} onChange={change} />
        </Card>
        <Card>
          <MarketingConsentFields values={values} onChange={change} />
        </Card>

        {(saved || leaving) && (
          <RedirectCountdown
            title={t('page.saved')}
            secondsLeft={secondsLeft}
            onRedirectNow={() => send({ type: 'profile.skip' })}
            redirecting={leaving}
          />
        )}
        <div>
          <Button type="submit" loading={state.matches('saving')}>
            {t('page.save')}
          </Button>
        </div>
      </form>

      <section aria-labelledby="delete-title" className="mt-10 border-t border-slate-300 pt-6">
        <h2 id="delete-title" className="text-xl font-semibold text-slate-900">
          {t('delete.title')}
        </h2>
        <p className="mt-2 max-w-prose text-slate-700">{t('delete.description')}</p>
        {error === 'profile.deleteError' && (
          <div ref={deleteError} tabIndex={-1} className="mt-3">
            <NotificationBox variant="danger">{t('profile.deleteError')}</NotificationBox>
          </div>
        )}
        <Button variant="danger" className="mt-4" onClick={() => send({ type: 'profile.delete' })}>
          {t('delete.button')}
        </Button>
      </section>
      <ConfirmDialog
        open={state.matches('confirmingDelete') || state.matches('deleting')}
        onOpenChange={(open) => {
          if (!open) send({ type: 'profile.cancelDelete' });
        }}
        title={t('profile.confirmDelete')}
        description={t('delete.confirmDescription')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        variant="danger"
        onConfirm={async () => {
          send({ type: 'profile.confirmDelete' });
          await waitFor(actor, (snapshot) => !snapshot.matches('deleting'));
        }}
      />
    </Page>
  );
}
