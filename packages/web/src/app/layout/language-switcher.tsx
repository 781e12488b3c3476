import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { HEADER_LANGUAGES, useLanguage } from '../../shared/language.ts';
import { useLanguageHref } from '../../shared/language-href.ts';
import { cn } from '../../ui/index.ts';

/**
 * The header's language toggle (spec §1, §4): a single choice of Finnish and English. Each
 * option links to the same page in that language, swapping only the prefix. In Swedish, which the
 * toggle does not offer (the menu's language section does), a mark before it says that Swedish is
 * in use, so the page never shows a toggle with nothing chosen.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation('app');
  const current = useLanguage();
  const hrefOf = useLanguageHref();
  return (
    <nav aria-label={t('language.label')} className="flex items-center gap-1">
      {!(HEADER_LANGUAGES as readonly string[]).includes(current) && (
        <p
          lang={current}
          className="inline-flex min-h-10 items-center rounded-md border-2 border-brand-800 px-2 font-semibold whitespace-nowrap text-brand-900"
        >
          <span aria-hidden="true">{current.toUpperCase()}</span>
          <span className="sr-only">{t(`language.${current}`)}</span>
        </p>
      )}
      <ul className="flex gap-1">
        {HEADER_LANGUAGES.map((language) => {
          const active = language === current;
          return (
            <li key={language}>
              <Link
                to={hrefOf(language)}
                lang={language}
                hrefLang={language}
                aria-current={active ? 'true' : undefined}
                className={cn(
                  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-md px-2 font-semibold whitespace-nowrap uppercase',
                  active
                    ? 'bg-brand-800 text-white'
                    : 'text-brand-900 underline-offset-4 hover:bg-brand-50 hover:underline',
                )}
              >
                {language.toUpperCase()}
                <span className="sr-only"> – {t(`language.${language}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
