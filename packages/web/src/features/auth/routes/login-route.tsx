import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Redirect, useSearch } from 'wouter';
import { isSafeReturnPath } from '../../../shared/return-to.ts';
import { useSession } from '../../../shared/session.tsx';
import { usePageTitle } from '../../../shared/page-head.ts';
import { BankLogin } from '../components/bank-login.tsx';
import { MobileLogin } from '../components/mobile-login.tsx';
import { QrLogin } from '../components/qr-login.tsx';

const METHODS = ['bank', 'mobile', 'qr'] as const;
const tabClass =
  'min-h-11 flex-auto rounded-t-md border-b-2 border-transparent px-3 font-semibold text-slate-700 hover:text-brand-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-900';

/** /login: bank ID, mobile certificate or QR code (spec §2). */
export default function LoginRoute() {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  const search = useSearch();
  const requested = new URLSearchParams(search).get('returnTo');
  const returnTo = isSafeReturnPath(requested) ? requested : null;
  usePageTitle(t('title'));

  if (user !== null) return <Redirect to={returnTo ? `~${returnTo}` : '/'} replace />;

  return (
    <section aria-labelledby="login-title" className="mx-auto max-w-2xl">
      <h1 id="login-title" tabIndex={-1} className="text-2xl font-bold outline-none md:text-3xl">
        {t('title')}
      </h1>
      <p className="mt-2 text-slate-700">{t('intro')}</p>
      <Tabs.Root defaultValue="bank" className="mt-6">
        <Tabs.List
          aria-label={t('methodsLabel')}
          className="flex flex-wrap border-b border-slate-200"
        >
          {METHODS.map((method) => (
            <Tabs.Trigger key={method} value={method} className={tabClass}>
              {t(`methods.${method}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="bank" className="pt-5">
          <BankLogin returnTo={returnTo} />
        </Tabs.Content>
        <Tabs.Content value="mobile" className="pt-5">
          <MobileLogin returnTo={returnTo} />
        </Tabs.Content>
        <Tabs.Content value="qr" className="pt-5">
          <QrLogin returnTo={returnTo} />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
