import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Button, toast } from '../../../ui/index.ts';

/** The mobile app's URL scheme. */
export const APP_SCHEME = 'dentalportal://';

/** The code a link into the app carries: `?code=…`, otherwise the last path segment after /app. */
export function appCode(location: string, search: string): string | null {
  const fromQuery = new URLSearchParams(search).get('code');
  if (fromQuery) return fromQuery;
  const rest = location.replace(/^\/app\/?/, '');
  const last = rest.split('/').filter(Boolean).at(-1);
  return last ? decodeURIComponent(last) : null;
}

/**
 * app/*: the fallback when a link meant for the mobile app opens in the browser (spec §2, §8):
 * open the app through its URL scheme, or copy the code to paste into it.
 */
export default function AppOpenRoute() {
  const { t } = useTranslation('app-open');
  const [location] = useLocation();
  const search = useSearch();
  const code = appCode(location, search);
  const appLink = `${APP_SCHEME}${location.replace(/^\/app\/?/, '')}${search ? `?${search}` : ''}`;
  usePageTitle(t('title'));

  const copy = async () => {
    if (code === null) return;
    try {
      await navigator.clipboard.writeText(code);
      toast.success(t('copied'));
    } catch {
      toast.error(t('copyFailed'));
    }
  };

  return (
    <section aria-labelledby="app-open-title" className="mx-auto max-w-xl py-6">
      <h1 id="app-open-title" className="text-2xl font-bold">
        {t('title')}
      </h1>
      <p className="mt-3 text-slate-700">{t('body')}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <a href={appLink}>{t('open')}</a>
        </Button>
        {code !== null && (
          <Button variant="secondary" size="lg" onClick={() => void copy()}>
            {t('copy')}
          </Button>
        )}
      </div>
      {code !== null && (
        <p className="mt-4 text-slate-700">
          {t('codeLabel')} <code className="rounded bg-slate-100 px-2 py-1 font-mono">{code}</code>
        </p>
      )}
      <p className="mt-6 text-sm text-slate-600">{t('help')}</p>
    </section>
  );
}
