import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useSearch } from 'wouter';
import { isSafeReturnPath, peekReturnPath } from '../../../shared/return-to.ts';
import { useSession } from '../../../shared/session.tsx';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Tabs } from '../../../ui/index.ts';
import { BankLogin } from '../components/bank-login.tsx';
import { MobileLogin } from '../components/mobile-login.tsx';
import { QrLogin } from '../components/qr-login.tsx';

/** Where the login leads does not change while the page shows. */
const noChanges = () => () => undefined;

/** A message's link to move a reservation: My reservations with `?move=`. */
const isMoveLink = (path: string): boolean =>
  /^\/(fi|sv|en)\/reservations\?(.*&)?move=\d+(&|$)/.test(path);

/** /login: bank ID, mobile certificate or QR code (spec §2). */
export default function LoginRoute() {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  const search = useSearch();
  const requested = new URLSearchParams(search).get('returnTo');
  const returnTo = isSafeReturnPath(requested) ? requested : null;
  // Where the login leads: asked in the address, or remembered by the page that sent here. The
  // prerendered page (and its hydration) has neither; the browser's render then says it.
  const leadsTo = useSyncExternalStore(
    noChanges,
    () => returnTo ?? peekReturnPath(),
    () => null,
  );
  usePageTitle(t('title'));

  if (user !== null) return <Redirect to={returnTo ? `~${returnTo}` : '/'} replace />;

  return (
    <section aria-labelledby="login-title" className="mx-auto max-w-2xl">
      <h1 id="login-title" tabIndex={-1} className="text-2xl font-bold outline-none md:text-3xl">
        {t('title')}
      </h1>
      <p className="mt-2 text-slate-700">{t('intro')}</p>
      {leadsTo !== null && (
        // Where the login leads (issue 54: a message's ?move= link met a bare login page).
        <p className="mt-3 rounded-md bg-sky-50 px-3 py-2 text-slate-800">
          {t(isMoveLink(leadsTo) ? 'returnTo.move' : 'returnTo.page')}
        </p>
      )}
      {/* The kit's tabs: on a phone the three methods share one row. */}
      <Tabs
        className="mt-6"
        label={t('methodsLabel')}
        tabs={[
          { value: 'bank', label: t('methods.bank'), content: <BankLogin returnTo={returnTo} /> },
          {
            value: 'mobile',
            label: t('methods.mobile'),
            content: <MobileLogin returnTo={returnTo} />,
          },
          { value: 'qr', label: t('methods.qr'), content: <QrLogin returnTo={returnTo} /> },
        ]}
      />
    </section>
  );
}
