import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session.tsx';
import { usePageTitle } from '../../../shared/page-head.ts';
import { LandingPage } from '../components/landing-page.tsx';
import { SignedInHome } from '../components/signed-in-home.tsx';

/** index and index/{page}: the landing page, or the service choices when signed in. */
export default function HomeRoute() {
  const { t } = useTranslation('home');
  const { user } = useSession();
  usePageTitle(user ? t('home.pageTitle') : t('landing.pageTitle'));
  return user ? <SignedInHome user={user} /> : <LandingPage />;
}
