import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import { useLanguage } from '../../shared/language.ts';
import { roleOf } from '../../shared/roles.ts';
import { useSession } from '../../shared/session.tsx';
import { registeredRoutes } from '../routes.tsx';
import { useConfig } from '../../shared/resources.ts';
import { visibleNavigation, type NavItem } from './navigation-rules.ts';
import { cn } from '../../ui/index.ts';
import { LanguageMenu } from './language-menu.tsx';

// 44 px rows in the phone's menu; 36 px in the sidebar from 1081 px (a pointer's, WCAG 2.5.8's
// 24 px and more), so that a signed-in patient's sidebar ends with "På svenska" in view on a
// 1280 × 800 screen (issue 54: it was 33 px below).
const itemClass =
  'flex min-h-11 w-full items-center rounded-md px-3 text-left font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-900 lg:min-h-9';

function NavLink({
  item,
  onNavigate,
}: {
  item: Extract<NavItem, { kind: 'link' }>;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('app');
  const [active] = useRoute(item.path);
  return (
    <Link
      to={item.path}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(itemClass, active && 'bg-brand-100 text-brand-900 font-semibold')}
    >
      {t(`nav.items.${item.id}`)}
    </Link>
  );
}

/** The side navigation (spec §2), filtered by role, language, the coupon flag and the registered routes. */
export function SideNavigation({
  onNavigate,
  languagesFirst = false,
}: {
  onNavigate?: () => void;
  /** The phone's menu: the languages in a row at the top, reached without scrolling. */
  languagesFirst?: boolean;
}) {
  const { t } = useTranslation('app');
  const { user, logout } = useSession();
  const language = useLanguage();
  const features = useConfig().data?.features ?? {};
  const registered = new Set(registeredRoutes(features).map((route) => route.id));
  const sections = visibleNavigation({ role: roleOf(user), language, features, registered });

  return (
    <nav aria-label={t('nav.label')} className="flex flex-col gap-4 p-3 lg:gap-3">
      {languagesFirst && (
        <LanguageMenu itemClass={itemClass} layout="row" onNavigate={onNavigate} />
      )}
      {sections.map((section) => (
        <div key={section.id}>
          <h2
            id={`nav-${section.id}`}
            className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
          >
            {t(`nav.sections.${section.id}`)}
          </h2>
          <ul aria-labelledby={`nav-${section.id}`} className="flex flex-col gap-0.5">
            {section.items.map((item) => (
              <li key={item.id}>
                {item.kind === 'link' ? (
                  <NavLink item={item} onNavigate={onNavigate} />
                ) : (
                  <button
                    type="button"
                    className={itemClass}
                    onClick={() => {
                      onNavigate?.();
                      logout();
                    }}
                  >
                    {t('nav.items.logout')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {!languagesFirst && (
        <LanguageMenu itemClass={itemClass} layout="list" onNavigate={onNavigate} />
      )}
    </nav>
  );
}
