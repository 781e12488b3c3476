import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LANGUAGES, useLanguage } from '../../shared/language.ts';
import { useLanguageHref } from '../../shared/language-href.ts';
import { cn } from '../../ui/index.ts';

/**
 * The menu's language section (issue 29): all three languages, each named in its own language
 * and linking to this page in it (only the prefix changes, spec §2). The header's toggle keeps to
 * Finnish and English (spec §1); from here Swedish is two taps away on a phone (the menu, then
 * "På svenska" at its top), and the language in use is marked.
 */
export function LanguageMenu({
  itemClass,
  layout,
  onNavigate,
}: {
  itemClass: string;
  /** `row`: the three side by side, at the top of the phone's menu (no scrolling to reach them). */
  layout: 'list' | 'row';
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('app');
  const current = useLanguage();
  const hrefOf = useLanguageHref();
  return (
    <div>
      <h2
        id="nav-language"
        className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
      >
        {t('language.label')}
      </h2>
      <ul
        aria-labelledby="nav-language"
        className={cn('flex gap-1', layout === 'list' && 'flex-col gap-0.5')}
      >
        {LANGUAGES.map((language) => {
          const active = language === current;
          return (
            <li key={language} className={cn(layout === 'row' && 'min-w-0 flex-1')}>
              <Link
                to={hrefOf(language)}
                onClick={onNavigate}
                lang={language}
                hrefLang={language}
                aria-current={active ? 'true' : undefined}
                className={cn(
                  itemClass,
                  layout === 'row'
                    ? 'justify-center border border-slate-300 px-1 text-sm whitespace-nowrap'
                    : 'justify-between',
                  layout === 'row' && active && 'border-brand-700',
                  active && 'bg-brand-100 font-semibold text-brand-900',
                )}
              >
                {t(`language.${language}`)}
                {active && layout === 'list' && (
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 text-brand-800">
                    <path
                      d="M4 10.5l4 4 8-9"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
