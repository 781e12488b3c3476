import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { ExternalLinkIcon } from './icons.tsx';
import { VisuallyHidden } from './visually-hidden.tsx';

/** One privacy-policy link (the contract's `PrivacyLink`). */
export interface PrivacyLink {
  language: string;
  title: string;
  url: string;
}

export interface PrivacyLinksProps {
  links: PrivacyLink[];
  /** Visible heading; defaults to the translated "Privacy policies". Pass `false` for none. */
  heading?: string | false;
  /** Heading level of that heading (2 by default). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/**
 * The links to show for an interface language. The policies exist in Finnish and English only
 * (spec §2), so Swedish shows the Finnish ones: Finnish is the clinics' own register language and
 * the one a Swedish-speaking patient in Finland reads besides Swedish. Should Swedish links ever
 * be published, they are shown instead.
 */
export function privacyLinksFor(links: PrivacyLink[], language: string): PrivacyLink[] {
  const lang = language.slice(0, 2);
  const exact = links.filter((link) => link.language === lang);
  if (exact.length > 0) return exact;
  const fallback = lang === 'en' ? 'en' : 'fi';
  return links.filter((link) => link.language === fallback);
}

/** The privacy-policy link list of the current language; each link opens a new tab. */
export function PrivacyLinks({ links, heading, headingLevel = 2, className }: PrivacyLinksProps) {
  const { t, i18n } = useTranslation('ui');
  const shown = privacyLinksFor(links, i18n.resolvedLanguage ?? i18n.language ?? 'fi');
  const Heading = `h${headingLevel}` as const;
  const headingText = heading === undefined ? t('privacy.title') : heading;
  return (
    <nav aria-label={headingText || t('privacy.title')} className={className}>
      {headingText && <Heading className="mb-2 text-lg font-semibold">{headingText}</Heading>}
      <ul className="flex flex-col gap-2">
        {shown.map((link) => (
          <li key={link.url}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(
                'inline-flex items-center gap-1 rounded-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900',
                'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
              )}
            >
              {link.title} <VisuallyHidden>{t('opensInNewTab')}</VisuallyHidden>
              <ExternalLinkIcon className="size-4 shrink-0" />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
