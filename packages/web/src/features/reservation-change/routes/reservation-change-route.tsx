import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLanguage } from '../../../shared/language.ts';
import { useSession } from '../../../shared/session.tsx';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Button, NotificationBox, Page, PageHeader } from '../../../ui/index.ts';
import { useConfig } from '../../../shared/resources.ts';

const STEPS = ['open', 'choose', 'change', 'cancel'] as const;
/** Spec §4, §9: free changes until 24 hours before the start (GET /api/config may say otherwise). */
const DEFAULT_WINDOW_HOURS = 24;

/**
 * /change-reservation: how to move or cancel an appointment (spec §2 "reservation-change page",
 * §4 Appointment): My reservations when signed in, a login that returns there when signed out,
 * and the clinic phone for changes inside the 24-hour window.
 */
export default function ReservationChangeRoute() {
  const { t } = useTranslation('reservation-change');
  const { user } = useSession();
  const language = useLanguage();
  const config = useConfig();
  usePageTitle(t('title'));
  const hours = config.data?.cancelWindowHours ?? DEFAULT_WINDOW_HOURS;
  const phone = config.data?.clinicPhone ?? '';
  const returnTo = encodeURIComponent(`/${language}/reservations`);

  return (
    <Page width="narrow">
      <PageHeader title={t('title')} description={t('lead', { hours })} />
      <div className="flex flex-col gap-8">
        <section aria-labelledby="change-online" className="flex flex-col gap-3">
          <h2 id="change-online" className="text-xl font-semibold">
            {t('online.title')}
          </h2>
          <p className="text-slate-800">{t('online.text', { hours })}</p>
          <ol className="list-decimal space-y-1 pl-6 text-slate-800">
            {STEPS.map((step) => (
              <li key={step}>{t(`online.steps.${step}`)}</li>
            ))}
          </ol>
          {user ? (
            <div>
              <Button asChild>
                <Link to="/reservations">{t('online.myReservations')}</Link>
              </Button>
            </div>
          ) : (
            <NotificationBox
              variant="informative"
              role="none"
              title={t('online.loginTitle')}
              actions={
                <Button asChild>
                  <Link to={`/login?returnTo=${returnTo}`}>{t('online.login')}</Link>
                </Button>
              }
            >
              {t('online.loginText')}
            </NotificationBox>
          )}
        </section>

        <section aria-labelledby="change-phone" className="flex flex-col gap-3">
          <h2 id="change-phone" className="text-xl font-semibold">
            {t('phone.title', { hours })}
          </h2>
          {phone === '' ? (
            <p className="text-slate-800">{t('phone.textNoNumber', { hours })}</p>
          ) : (
            <p className="text-slate-800">
              {t('phone.text', { hours })}{' '}
              <a
                href={`tel:${phone.replace(/\s+/g, '')}`}
                className="font-semibold whitespace-nowrap text-brand-800 underline underline-offset-4"
              >
                {phone}
              </a>
            </p>
          )}
          <p className="text-slate-800">{t('phone.noShow')}</p>
        </section>
      </div>
    </Page>
  );
}
