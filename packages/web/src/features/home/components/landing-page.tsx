import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../ui/index.ts';

const SECTIONS = ['chat', 'history', 'voucher', 'editAppointment', 'app'] as const;
const SECTION_LINKS: Record<(typeof SECTIONS)[number], string> = {
  chat: '/chat',
  history: '/history',
  voucher: '/service-voucher',
  editAppointment: '/change-reservation',
  app: '/app',
};

/** The public landing page (spec §2): a hero with the booking button and five sections. */
export function LandingPage() {
  const { t } = useTranslation('home');
  return (
    <div className="flex flex-col gap-8">
      <section
        aria-labelledby="landing-title"
        className="rounded-2xl bg-brand-800 px-6 py-10 text-white md:px-10 md:py-14"
      >
        <h1 id="landing-title" className="text-3xl font-bold md:text-4xl">
          {t('landing.title')}
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-brand-50">{t('landing.lead')}</p>
        <Button asChild size="lg" variant="secondary" className="mt-6">
          <Link to="/reservation">{t('landing.book')}</Link>
        </Button>
      </section>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {SECTIONS.map((id) => (
          <section
            key={id}
            aria-labelledby={`landing-${id}`}
            className="flex flex-col rounded-xl border border-slate-200 bg-white p-5"
          >
            <h2 id={`landing-${id}`} className="text-xl font-semibold">
              {t(`landing.sections.${id}.title`)}
            </h2>
            <p className="mt-2 flex-1 text-slate-700">{t(`landing.sections.${id}.body`)}</p>
            <Link
              to={SECTION_LINKS[id]}
              className="mt-4 font-semibold text-brand-800 underline underline-offset-4"
            >
              {t(`landing.sections.${id}.action`)}
            </Link>
          </section>
        ))}
      </div>
    </div>
  );
}
