import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LANGUAGES, useLanguage } from '../../../shared/language.ts';
import { useLanguageHref } from '../../../shared/language-href.ts';
import { cn } from '../../../ui/index.ts';

/**
 * The interface language, all three (the header toggle offers only Finnish and English, spec
 * §1): each is a link to this page in that language, named in its own language.
 */
export function LanguageChoice() {
  const { t } = useTranslation('settings');
  const current = useLanguage();
  const hrefOf = useLanguageHref();
  return (
    // Not a navigation landmark: the header's language toggle is one already.
    <div>
      <h2 id="language-title" className="text-xl font-semibold text-slate-900">
        {t('language.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('language.description')}</p>
      <ul aria-labelledby="language-title" className="mt-3 flex flex-wrap gap-2">
        {LANGUAGES.map((language) => {
          const active = language === current;
          return (
            <li key={language}>
              <Link
                to={hrefOf(language)}
                lang={language}
                hrefLang={language}
                aria-current={active ? 'true' : undefined}
                className={cn(
                  'inline-flex min-h-10 items-center rounded-md border px-4 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                  active
                    ? 'border-brand-800 bg-brand-800 text-white'
                    : 'border-brand-700 bg-white text-brand-900 hover:bg-brand-50',
                )}
              >
                {t(`language.${language}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
