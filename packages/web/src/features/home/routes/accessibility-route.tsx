import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePageTitle } from '../../../shared/page-head.ts';
import { PageHeader } from '../../../ui/index.ts';
import lastCheck from '../accessibility/last-check.json';
import { TEXT_LINK, TextSection } from '../components/text-section.tsx';

/** `2026-11-27` as `27.11.2026`, the portal's date form in every language. */
const dayText = (day: string): string => {
  const [year, month, date] = day.split('-');
  return `${Number(date)}.${Number(month)}.${year}`;
};

/** When this statement was written. */
const PREPARED = '2026-11-27';

const CHECKS = ['axe', 'reflow', 'keyboard', 'screenReader', 'ariaTree', 'lighthouse'] as const;
const KNOWN = ['screenReader', 'content', 'qr'] as const;

/**
 * /accessibility: the accessibility statement (issue 31), as Finnish statements are written: the
 * standard, how far the service meets it, how it is tested (with the date the automated checks
 * last passed, which the end-to-end run writes into last-check.json), known exceptions, feedback
 * and the supervisory authority.
 */
export default function AccessibilityRoute() {
  const { t } = useTranslation('home');
  usePageTitle(t('accessibility.title'));
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title={t('accessibility.title')} description={t('accessibility.lead')} />

      <TextSection id="accessibility-status" title={t('accessibility.status.title')}>
        {' '}
        <p className="mt-2 text-slate-700">{t('accessibility.status.body')}</p>
      </TextSection>

      <TextSection id="accessibility-testing" title={t('accessibility.testing.title')}>
        {' '}
        <p className="mt-2 text-slate-700">{t('accessibility.testing.body')}</p>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
          {CHECKS.map((check) => (
            <li key={check}>{t(`accessibility.testing.checks.${check}`)}</li>
          ))}
        </ul>
        <p className="mt-2 font-semibold text-slate-900">
          {t('accessibility.testing.lastPassed', {
            date: dayText(lastCheck.date),
            axe: lastCheck.axe,
            equalAccess: lastCheck.equalAccess,
          })}
        </p>
      </TextSection>

      <TextSection id="accessibility-known" title={t('accessibility.known.title')}>
        {' '}
        <ul className="mt-2 list-disc space-y-2 pl-6 text-slate-700">
          {KNOWN.map((item) => (
            <li key={item}>{t(`accessibility.known.${item}`)}</li>
          ))}
        </ul>
      </TextSection>

      <TextSection id="accessibility-feedback" title={t('accessibility.feedback.title')}>
        {' '}
        <p className="mt-2 text-slate-700">{t('accessibility.feedback.body')}</p>
        <p className="mt-2">
          <Link to="/feedback" className={TEXT_LINK}>
            {t('accessibility.feedback.link')}
          </Link>
        </p>
      </TextSection>

      <TextSection id="accessibility-supervision" title={t('accessibility.supervision.title')}>
        {' '}
        <p className="mt-2 text-slate-700">{t('accessibility.supervision.body')}</p>
        <p className="mt-2">
          <a href="https://www.saavutettavuusvaatimukset.fi/" lang="fi" className={TEXT_LINK}>
            saavutettavuusvaatimukset.fi
          </a>
        </p>
      </TextSection>

      <p className="mt-8 text-sm text-slate-600">
        {t('accessibility.prepared', { date: dayText(PREPARED) })}
      </p>
    </article>
  );
}
