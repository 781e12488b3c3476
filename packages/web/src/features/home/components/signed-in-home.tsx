import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { User } from '../../../shared/session.tsx';

const CHOICES = [
  { id: 'book', path: '/reservation' },
  { id: 'reservations', path: '/reservations' },
  { id: 'chat', path: '/chat' },
  { id: 'anamnesis', path: '/anamnesis' },
  { id: 'history', path: '/history' },
  { id: 'profile', path: '/profile' },
] as const;

/** The logged-in home (spec §2): a greeting and the service choices. */
export function SignedInHome({ user }: { user: User }) {
  const { t } = useTranslation('home');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold md:text-3xl">
        {t('home.greeting', { name: user.Person.FirstName })}
      </h1>
      <p className="text-slate-700">{t('home.lead')}</p>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {CHOICES.map((choice) => (
          <li key={choice.id}>
            <Link
              to={choice.path}
              className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-700 hover:bg-brand-50"
            >
              <span className="text-lg font-semibold text-brand-900">
                {t(`home.choices.${choice.id}.title`)}
              </span>
              <span className="mt-1 text-slate-700">{t(`home.choices.${choice.id}.body`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
