import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession, type User } from '../../../shared/session.tsx';
import { Button, Modal } from '../../../ui/index.ts';
import { profileFormValues, profileUpdate, type ProfileFormValues } from '../api/profile-form.ts';
import { useProfileMachine } from '../api/use-profile-machine.ts';
import {
  AreasOfInterestFields,
  FavouriteFields,
  MarketingConsentFields,
} from './profile-sections.tsx';
import { RedirectCountdown } from './redirect-countdown.tsx';
import { ProfileErrorSummary } from './profile-error-summary.tsx';

const FORM_ID = 'profile-survey-form';

/**
 * PROFILE_UPDATE_REQUIRED (spec §2): a wide dialog, titled as a survey, over any page while the
 * signed-in user has `ShouldShowProfilePage`. Saving counts down 10 s and redirects (spec §4);
 * the skip link redirects at once; closing it marks the new marketing terms accepted, after which
 * the user is reloaded.
 */
export function ProfileSurvey() {
  const { user } = useSession();
  if (user === null) return null;
  return <SurveyDialog user={user} />;
}

function SurveyDialog({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const { refresh } = useSession();
  const [state, send] = useProfileMachine('PROFILE_UPDATE_REQUIRED');
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(user));
  const change = (next: Partial<ProfileFormValues>) =>
    setValues((current) => ({ ...current, ...next }));
  const { fieldErrors, error, secondsLeft } = state.context;
  const closed = state.matches('closed');
  const leaving = state.matches('closing') || closed;
  // The countdown's notice stays while its redirect runs; a skip redirects from the form itself.
  const { countedDown } = state.context;
  const done =
    state.matches('countingDown') ||
    (countedDown && (state.matches('redirecting') || state.matches('redirected')));

  // Once closed, the reloaded user no longer has ShouldShowProfilePage and the app drops this.
  useEffect(() => {
    if (closed) refresh().catch(() => undefined);
  }, [closed, refresh]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'profile.save', profile: profileUpdate(values, user) });
  };

  return (
    <Modal
      open={!leaving}
      onOpenChange={(open) => {
        if (!open) send({ type: 'profile.close' });
      }}
      size="wide"
      title={t('survey.title')}
      description={t('survey.intro', { name: user.Person.FirstName })}
      footer={
        done ? undefined : (
          <>
            <Button
              variant="ghost"
              loading={state.matches('redirecting')}
              onClick={() => send({ type: 'profile.skip' })}
            >
              {t('survey.skip')}
            </Button>
            <Button type="submit" form={FORM_ID} loading={state.matches('saving')}>
              {t('survey.save')}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <RedirectCountdown
          title={t('survey.saved')}
          secondsLeft={secondsLeft}
          onRedirectNow={() => send({ type: 'profile.skip' })}
          redirecting={!state.matches('countingDown')}
        />
      ) : (
        <form id={FORM_ID} noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
          <ProfileErrorSummary
            idPrefix="survey"
            fields={[{ field: 'branchId', label: t('favourites.branch') }]}
            fieldErrors={fieldErrors}
            saveFailed={error === 'profile.saveFailed'}
          />
          <AreasOfInterestFields values={values} onChange={change} />
          <FavouriteFields
            idPrefix="survey"
            values={values}
            onChange={change}
            fieldErrors={fieldErrors}
            withEmployee={false}
          />
          <MarketingConsentFields values={values} onChange={change} />
        </form>
      )}
    </Modal>
  );
}
