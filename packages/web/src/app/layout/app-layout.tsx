import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { OWN_DATA_PATHS } from '../routes.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { SideNavigation } from './side-navigation.tsx';
import { roleOf } from '../../shared/roles.ts';
import { useDevMode, useSession } from '../../shared/session.tsx';
import { NavigationSkeleton, SkipLink } from '../../ui/index.ts';

const loadMobileMenu = () => import('./mobile-menu.tsx');
const MobileMenu = lazy(loadMobileMenu);
const DevToolbar = lazy(() => import('../../features/dev-toolbar/components/dev-toolbar.tsx'));
const ActingBanner = lazy(() =>
  import('../../features/persons/components/acting-banner.tsx').then((m) => ({
    default: m.ActingBanner,
  })),
);

function Logo() {
  const { t } = useTranslation('app');
  return (
    <Link
      to="/"
      className="flex min-h-10 min-w-10 items-center gap-2 rounded-md font-bold text-brand-900"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 text-brand-700">
        <path
          fill="currentColor"
          d="M10 3c-4 0-7 3-7 8 0 4 2 6 3 10 1 5 2 8 4 8s2-4 3-7c.5-1.5 1.5-2 3-2s2.5.5 3 2c1 3 1 7 3 7s3-3 4-8c1-4 3-6 3-10 0-5-3-8-7-8-2.5 0-4 1.2-6 1.2S12.5 3 10 3Z"
        />
      </svg>
      <span className="sr-only sm:not-sr-only">{t('brand')}</span>
    </Link>
  );
}

/**
 * Skip link, header (logo, language toggle, menu toggle below 1081 px), sidebar and main (spec §2).
 * The header is one 4 rem row; with a user's wider text spacing at 320 px its controls wrap below
 * the logo rather than scroll sideways or break a word (WCAG 1.4.10, 1.4.12).
 * While a stored token's user loads (`restoring`), the sidebar holds bars in place of a menu that
 * is not known yet, rather than the visitor's menu.
 */
export function AppLayout({
  children,
  restoring = false,
}: {
  children: ReactNode;
  restoring?: boolean;
}) {
  const { t } = useTranslation('app');
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const devMode = useDevMode();
  const { user } = useSession();
  const [location] = useLocation();

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-x-2 gap-y-1 px-3 py-1 sm:gap-x-3 sm:px-4">
          <Logo />
          <div className="flex items-center gap-2">
            <LanguageSwitcher />
            <button
              ref={menuButton}
              type="button"
              className="inline-flex min-h-10 items-center gap-1.5 rounded-md border border-slate-300 px-2 font-semibold whitespace-nowrap text-slate-800 sm:gap-2 sm:px-3 lg:hidden"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onPointerEnter={() => void loadMobileMenu()}
              onFocus={() => void loadMobileMenu()}
              onClick={() => {
                setMenuLoaded(true);
                setMenuOpen(true);
              }}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
                <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
              </svg>
              {t('menu.open')}
            </button>
            {menuLoaded && (
              <Suspense fallback={null}>
                <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} returnFocusTo={menuButton} />
              </Suspense>
            )}
          </div>
        </div>
      </header>
      {user !== null && roleOf(user) === 'patient' && (
        <Suspense fallback={null}>
          <ActingBanner ownPage={OWN_DATA_PATHS.has(location)} />
        </Suspense>
      )}
      <div className="mx-auto flex w-full max-w-7xl flex-1">
        {/* Not an aside: the navigation inside is the landmark; an unnamed complementary one
            around it would be a second, empty stop in a landmark list. `data-sidebar`: hidden
            with the page while a signed-in user's own comes (styles.css). */}
        <div
          data-sidebar=""
          className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block"
        >
          {restoring ? <NavigationSkeleton /> : <SideNavigation />}
        </div>
        <main
          id="main-content"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-6 outline-none md:px-8"
        >
          {children}
        </main>
      </div>
      {devMode && (
        <Suspense fallback={null}>
          <DevToolbar />
        </Suspense>
      )}
    </div>
  );
}
