import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../shared/api.tsx';
import { useSession } from '../../../shared/session.tsx';
import { formatHelsinki } from '../../../shared/time.ts';
import { Button } from '../../../ui/index.ts';

/** The cookie that sends the browser's requests to a sandbox (the header's twin, see the contract). */
export const SANDBOX_COOKIE = 'X-Dev-Sandbox';
/** A sandbox's name as the contract allows it (`DevSandboxName`). */
export const SANDBOX_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Moves this browser into a sandbox (or back to the shared state for null) and starts the page
 * again there: every sandbox has its own sessions, so the stored login is forgotten first.
 */
export function enterSandbox(name: string | null, forgetToken: () => void): void {
  forgetToken();
  document.cookie =
    name === null
      ? `${SANDBOX_COOKIE}=; path=/; max-age=0; samesite=lax`
      : `${SANDBOX_COOKIE}=${encodeURIComponent(name)}; path=/; samesite=lax`;
  window.location.reload();
}

/**
 * The QA toolbar's sandbox: which state this browser works in, the live sandboxes with their
 * clocks, and a switch to another (a new name makes a fresh one from the seed) or back to the
 * shared state (issue 34 item 4).
 */
export function SandboxSection({ current }: { current: string | null | undefined }) {
  const { t } = useTranslation('dev-toolbar');
  const { $api } = useApi();
  const { forgetToken } = useSession();
  const headingId = useId();
  const nameId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);
  const sandboxes = $api.useQuery('get', '/api/dev/sandboxes', {}, { staleTime: 0 });
  const others = (sandboxes.data?.items ?? []).filter((item) => item.name !== current);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = name.trim();
    if (!SANDBOX_NAME.test(wanted)) {
      setInvalid(true);
      return;
    }
    enterSandbox(wanted, forgetToken);
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold">
        {t('sandbox.title')}
      </h2>
      <p>
        {current === undefined
          ? t('loading')
          : current === null
            ? t('sandbox.shared')
            : t('sandbox.in', { name: current })}
      </p>
      <p className="mt-1 text-slate-700">
        {t('sandbox.help', { minutes: sandboxes.data?.idleMinutes ?? 60 })}
      </p>
      <form onSubmit={submit} noValidate className="mt-2 flex flex-wrap items-end gap-2">
        <div className="flex flex-col">
          <label htmlFor={nameId}>{t('sandbox.name')}</label>
          <input
            id={nameId}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setInvalid(false);
            }}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            className="h-10 rounded-md border border-slate-400 px-2 font-mono"
          />
        </div>
        <Button type="submit" size="sm">
          {t('sandbox.enter')}
        </Button>
      </form>
      {invalid && (
        <p id={errorId} role="alert" className="mt-1 text-red-800">
          {t('sandbox.invalid')}
        </p>
      )}
      {current && (
        <Button
          size="sm"
          variant="secondary"
          className="mt-2"
          onClick={() => enterSandbox(null, forgetToken)}
        >
          {t('sandbox.leave')}
        </Button>
      )}
      {others.length > 0 && (
        <>
          <h3 className="mt-2 font-medium">{t('sandbox.others')}</h3>
          <ul className="mt-1">
            {others.map((item) => (
              <li
                key={item.name}
                className="flex items-center justify-between gap-2 border-t border-slate-200 py-1"
              >
                <span>
                  <span className="font-mono">{item.name}</span> –{' '}
                  {t('sandbox.clock', {
                    now: formatHelsinki(item.now, 'full'),
                    state: item.frozen ? t('clock.frozen') : t('clock.running'),
                  })}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  className="shrink-0"
                  aria-label={t('sandbox.enterNamed', { name: item.name })}
                  onClick={() => enterSandbox(item.name, forgetToken)}
                >
                  {t('sandbox.enter')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
