import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dataOf, useApi } from '../../../shared/api.tsx';
import { withLanguagePrefix } from '../../../shared/language.ts';
import { RETURN_TO_KEY, isSafeReturnPath, rememberReturnPath } from '../../../shared/return-to.ts';
import { BANK_STATE_KEY } from '../api/bank-state.ts';
import { loginErrorMessage } from '../api/login-errors.ts';
import { Button, Spinner } from '../../../ui/index.ts';

/** Redirects the browser; a prop so that tests can see where it would go. */
export type Redirect = (url: string) => void;

const defaultRedirect: Redirect = (url) => window.location.assign(url);

/**
 * Bank-ID login: the banks as buttons; choosing one starts the login (POST /api/auth/bank),
 * keeps its `state` in sessionStorage and sends the browser to the identity broker.
 */
export function BankLogin({
  returnTo,
  redirect = defaultRedirect,
}: {
  returnTo: string | null;
  redirect?: Redirect;
}) {
  const { t } = useTranslation('auth');
  const { client, $api } = useApi();
  const banks = $api.useQuery('get', '/api/auth/banks');

  const start = useMutation({
    mutationFn: async (bankId: number) => {
      // The page that asked for the login (`?returnTo=`, or the one a protected route
      // remembered, with its query: a message's `?move=` link) before the front page.
      const remembered = sessionStorage.getItem(RETURN_TO_KEY);
      const returnPath =
        returnTo ??
        (isSafeReturnPath(remembered)
          ? remembered
          : withLanguagePrefix('/', window.location.pathname));
      rememberReturnPath(returnPath);
      const data = dataOf(await client.POST('/api/auth/bank', { body: { bankId, returnPath } }));
      sessionStorage.setItem(BANK_STATE_KEY, data.state);
      redirect(data.redirectUrl);
    },
  });

  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">{t('bank.intro')}</p>
      {banks.isPending && <Spinner label={t('bank.loading')} />}
      {banks.isError && (
        <p role="alert" className="text-red-800">
          {loginErrorMessage(banks.error, t)}
        </p>
      )}
      {banks.data && (
        <ul
          className="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3"
          aria-label={t('bank.listLabel')}
        >
          {banks.data.map((bank) => (
            <li key={bank.id}>
              <Button
                variant="secondary"
                fullWidth
                size="lg"
                loading={start.isPending && start.variables === bank.id}
                disabled={start.isPending && start.variables !== bank.id}
                onClick={() => start.mutate(bank.id)}
              >
                {bank.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {start.isError && (
        <p role="alert" className="text-red-800">
          {loginErrorMessage(start.error, t)}
        </p>
      )}
    </div>
  );
}
