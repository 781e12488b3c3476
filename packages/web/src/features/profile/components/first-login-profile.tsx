import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../shared/api.tsx';
import { formatHelsinki } from '../../../shared/time.ts';
import { useForm } from '../../../shared/use-form.ts';
import { useSession, type User } from '../../../shared/session.tsx';
import { usePageTitle } from '../../../shared/page-head.ts';
import {
  AccordionSection,
  Button,
  Card,
  Checkbox,
  NotificationBox,
  PrivacyLinks,
  SanitizedHtml,
  Spinner,
} from '../../../ui/index.ts';
import { profileFormValues, profileUpdate, type ProfileFormValues } from '../api/profile-form.ts';
import { useProfileMachine } from '../api/use-profile-machine.ts';
import { FavouriteFields, MarketingConsentFields, useMessageText } from './profile-sections.tsx';
import { RedirectCountdown } from './redirect-countdown.tsx';
import { ProfileErrorSummary } from './profile-error-summary.tsx';

/**
 * The terms gate as the FIRST_LOGIN profile form (spec §2, §5): shown on every route to a
 * signed-in user who has not accepted the terms. The terms (GET /api/terms, sanitised) and the
 * privacy policies' links (GET /api/privacy-statement), the required checkbox that accepts both,
 * marketing consents and favourites; the save (PUT /api/patients/{id}/profile with
 * `termsAccepted` and `privacyPolicyAccepted`) is followed by the 10 s countdown and redirect of
 * spec §4. The skip link accepts the ticked terms alone and redirects at once (docs/decisions/009).
 *
 * Over a booking under way (`booking`: what is kept and how long its time is held, issue 54) the
 * gate is the shortest way back to it: the notice in place of the intro, the terms behind a
 * "read the terms" toggle, and the skip as the main action right under the checkbox ("accept and
 * continue the booking"); marketing consents and favourites follow as answers that can wait.
 */
export function FirstLoginProfile({ booking }: { booking?: ReactNode }) {
  const { user } = useSession();
  if (user === null) return null;
  return <FirstLoginForm user={user} booking={booking} />;
}

function FirstLoginForm({ user, booking }: { user: User; booking: ReactNode }) {
  const inBooking = booking !== undefined && booking !== null;
  const { t } = useTranslation('profile');
  const { $api } = useApi();
  const { logout } = useSession();
  const terms = $api.useQuery('get', '/api/terms');
  const privacy = $api.useQuery('get', '/api/privacy-statement');
  const text = useMessageText();
  const [state, send] = useProfileMachine('FIRST_LOGIN');
  // The draft in the shared form hook; the refusals and the save are the profile machine's.
  const { draft: values, change } = useForm<ProfileFormValues, never>({
    initial: () => ({ ...profileFormValues(user), termsAccepted: false }),
    fieldOf: () => null,
  });
  const { fieldErrors, error, secondsLeft } = state.context;
  const termsError = text(fieldErrors.termsAccepted);
  usePageTitle(t('firstLogin.title'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'profile.save', profile: profileUpdate(values, user) });
  };
  // The skip link leaves the optional answers as they were: only the terms checkbox counts.
  const skip = () => {
    const untouched = { ...profileFormValues(user), termsAccepted: values.termsAccepted };
    send({ type: 'profile.skip', profile: profileUpdate(untouched, user) });
  };

  // The countdown's notice stays while its redirect runs; a skip redirects from the form itself.
  const { countedDown } = state.context;
  const done =
    state.matches('countingDown') ||
    (countedDown && (state.matches('redirecting') || state.matches('redirected')));
  const skipping = !countedDown && (state.matches('redirecting') || state.matches('redirected'));

  return (
    <section aria-labelledby="first-login-title" className="mx-auto max-w-3xl">
      <h1 id="first-login-title" className="text-2xl font-bold text-slate-900 md:text-3xl">
        {t('firstLogin.title')}
      </h1>
      {inBooking ? (
        <div className="mt-4">{booking}</div>
      ) : (
        <p className="mt-2 text-slate-700">
          {t('firstLogin.intro', { name: user.Person.FirstName })}
        </p>
      )}

      {done ? (
        <div className="mt-6">
          <RedirectCountdown
            title={t('firstLogin.saved')}
            secondsLeft={secondsLeft}
            onRedirectNow={() => send({ type: 'profile.skip' })}
            redirecting={!state.matches('countingDown')}
          />
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-6">
          <ProfileErrorSummary
            idPrefix="first-login"
            fields={[
              { field: 'termsAccepted', label: t('firstLogin.termsCheckbox') },
              { field: 'branchId', label: t('favourites.branch') },
              { field: 'employeeId', label: t('favourites.employee') },
            ]}
            fieldErrors={fieldErrors}
            saveFailed={error === 'profile.saveFailed'}
          />
          <Card title={terms.data?.title ?? t('firstLogin.termsTitle')}>
            {terms.isPending && <Spinner label={t('firstLogin.termsLoading')} />}
            {terms.isError && (
              <NotificationBox
                variant="danger"
                actions={
                  <Button variant="secondary" onClick={() => void terms.refetch()}>
                    {t('firstLogin.retry')}
                  </Button>
                }
              >
                {t('firstLogin.termsLoadFailed')}
              </NotificationBox>
            )}
            {terms.data && (
              <>
                <p className="text-sm text-slate-700">
                  {t('firstLogin.termsUpdated', {
                    date: formatHelsinki(terms.data.updatedAt, 'date'),
                  })}
                </p>
                {inBooking ? (
                  <AccordionSection
                    title={t('firstLogin.readTerms')}
                    className="mt-3"
                    headingLevel={3}
                  >
                    <SanitizedHtml html={terms.data.body} />
                  </AccordionSection>
                ) : (
                  // Scrollable and focusable, so that keyboard users can scroll the terms too.
                  <div
                    role="region"
                    aria-label={t('firstLogin.termsText')}
                    tabIndex={0}
                    className="mt-3 max-h-72 overflow-y-auto rounded-md border border-slate-300 bg-slate-50 p-4 focus-visible:outline-3 focus-visible:outline-brand-700"
                  >
                    <SanitizedHtml html={terms.data.body} />
                  </div>
                )}
              </>
            )}
            {privacy.data && (
              <PrivacyLinks
                links={privacy.data.links}
                // Over a booking the links' own names say what they are: the checkbox comes sooner.
                heading={inBooking ? false : t('firstLogin.privacyLinks')}
                headingLevel={3}
                className="mt-4"
              />
            )}
            <Checkbox
              id="first-login-termsAccepted"
              className="mt-4"
              label={t('firstLogin.termsCheckbox')}
              required
              checked={values.termsAccepted}
              onCheckedChange={(termsAccepted) => change({ termsAccepted })}
              error={termsError}
            />
            {inBooking && (
              <Button className="mt-4 w-full sm:w-auto" loading={skipping} onClick={skip}>
                {t('firstLogin.continueBooking')}
              </Button>
            )}
          </Card>
          {inBooking && (
            <h2 className="text-lg font-semibold text-slate-900">{t('firstLogin.later')}</h2>
          )}
          <Card>
            <MarketingConsentFields values={values} onChange={change} />
          </Card>
          <Card>
            <FavouriteFields
              idPrefix="first-login"
              values={values}
              onChange={change}
              fieldErrors={fieldErrors}
            />
          </Card>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button
              type="submit"
              variant={inBooking ? 'secondary' : 'primary'}
              loading={state.matches('saving')}
            >
              {t(inBooking ? 'firstLogin.saveAndContinueBooking' : 'firstLogin.save')}
            </Button>
            {!inBooking && (
              <Button variant="secondary" loading={skipping} onClick={skip}>
                {t('firstLogin.skip')}
              </Button>
            )}
            <Button variant="ghost" onClick={logout}>
              {t('firstLogin.logout')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
