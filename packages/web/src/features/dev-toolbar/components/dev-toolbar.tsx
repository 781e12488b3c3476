import type { Schemas } from '@portal/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf, useApi } from '../../../shared/api.tsx';
import { formatHelsinki, helsinkiInstant, helsinkiWallClock } from '../../../shared/time.ts';
import { useSession } from '../../../shared/session.tsx';
import { Button, cn, ConfirmDialog, toast } from '../../../ui/index.ts';
import { FaultsSection } from './faults.tsx';
import { OutboxSection } from './outbox.tsx';
import { SandboxSection } from './sandbox.tsx';
import { WorkingHoursSection } from './working-hours.tsx';

type DevUserKey = Schemas['DevSessionRequest']['user'];

/** QA hook: in dev mode the app's own client is reachable from the console and Playwright. */
declare global {
  interface Window {
    portalClient?: ReturnType<typeof useApi>['client'];
  }
}

/**
 * The value of a datetime-local input for an ISO instant, in Helsinki time whatever the
 * browser's zone (the dev clock is the clinic's clock).
 */
export function toHelsinkiInput(iso: string): string {
  const c = helsinkiWallClock(new Date(iso));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${c.year}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

/** A datetime-local input's value (`2026-12-01T10:01`) read as Helsinki time; null if unreadable. */
export function fromHelsinkiInput(value: string): Date | null {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (parts === null) return null;
  const [year, month, day, hour, minute] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return helsinkiInstant(year, month, day, hour, minute);
}

/** How often an open page asks whether QA changed something through the API (issue 34 item 2). */
export const DEV_CHANGES_POLL_MS = 5_000;

/**
 * Changes QA makes through the API (the clock, a scenario, maintenance, working hours, a reset)
 * reach pages already open: every few seconds while the page is in view, and at once when it
 * comes back into view, the dev clock's `revision` is asked; when it has moved, every query
 * loads again (as after a change made here).
 */
function useDevChanges(
  client: ReturnType<typeof useApi>['client'],
  queryClient: ReturnType<typeof useQueryClient>,
): string | null | undefined {
  // The sandbox the server says this page works in (null: the shared state; undefined: not known yet).
  const [sandbox, setSandbox] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let seen: number | null = null;
    let stopped = false;
    const check = async () => {
      if (document.visibilityState !== 'visible') return;
      try {
        const { data } = await client.GET('/api/dev/clock');
        if (stopped || data === undefined) return;
        if (seen !== null && data.revision !== seen) void queryClient.invalidateQueries();
        seen = data.revision;
        setSandbox(data.sandbox);
      } catch {
        // Unreachable now: asked again at the next turn.
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), DEV_CHANGES_POLL_MS);
    const onVisible = () => void check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [client, queryClient]);
  return sandbox;
}

/**
 * The QA toolbar, shown when the server runs in dev mode (localStorage devMode 'true'): the
 * sandbox this browser works in, the dev clock, scenario presets, maintenance on/off, the messages sent to patients (the outbox),
 * new working hours for a practitioner, logging in as a test user and reset.
 * A lazy chunk: it never loads for real users.
 */
export default function DevToolbar() {
  const { t } = useTranslation('dev-toolbar');
  const { client, $api } = useApi();
  const { login, forgetToken } = useSession();
  const queryClient = useQueryClient();
  const sandbox = useDevChanges(client, queryClient);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    window.portalClient = client;
    return () => {
      delete window.portalClient;
    };
  }, [client]);
  const [clockInput, setClockInput] = useState('');
  // Off: a clock move carries signed-in sessions along (nobody is logged out by it); on: the time
  // passes for them too, to test the idle and 8-hour expiry (issue 34 item 3).
  const [expireSessions, setExpireSessions] = useState(false);
  const clockId = useId();
  const userId = useId();
  const panelId = useId();

  const clock = $api.useQuery('get', '/api/dev/clock', {}, { enabled: open });
  const scenarios = $api.useQuery('get', '/api/dev/scenarios', {}, { enabled: open });
  const maintenance = $api.useQuery('get', '/api/dev/maintenance', {}, { enabled: open });
  const users = $api.useQuery('get', '/api/dev/users', {}, { enabled: open });

  const run = useMutation({
    mutationFn: async (action: () => Promise<unknown>) => {
      await action();
      await queryClient.invalidateQueries();
    },
    onSuccess: () => toast.success(t('done')),
    onError: () => toast.error(t('failed')),
  });

  const setClock = (event: FormEvent) => {
    event.preventDefault();
    const now = fromHelsinkiInput(clockInput);
    if (now === null) return;
    run.mutate(() =>
      client.PUT('/api/dev/clock', { body: { now: now.toISOString(), expireSessions } }),
    );
  };
  const advance = (seconds: number) =>
    run.mutate(() => client.POST('/api/dev/clock/advance', { body: { seconds, expireSessions } }));

  const loginAs = (user: DevUserKey) =>
    run.mutate(async () => {
      const data = dataOf(await client.POST('/api/dev/session', { body: { user } }));
      await login(data.access_token);
    });

  return (
    <aside
      id={`${panelId}-toolbar`}
      aria-label={t('label')}
      className={cn(
        // In the page's flow below the content, never over it: a fixed toolbar covered the
        // wizard's Next button on a 390 px phone.
        'mx-4 mb-4 rounded-lg border border-slate-300 bg-white text-sm md:mx-8',
        open ? 'w-[min(24rem,calc(100vw-2rem))]' : 'w-auto self-start',
      )}
    >
      {/* Reachable from anywhere: a long page puts the toolbar far below (it never covers the
          page; this tab at the left edge, halfway down, covers no control of it). */}
      <a
        href={`#${panelId}-toolbar`}
        aria-label={t('jump')}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
          toggleRef.current?.scrollIntoView({ block: 'center' });
          toggleRef.current?.focus();
        }}
        className="fixed top-1/2 left-0 z-40 -translate-y-1/2 rounded-r-md bg-slate-800 px-1 py-2 text-xs font-semibold text-white [writing-mode:vertical-rl] hover:bg-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        QA
      </a>
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        // Only while the panel is there: a reference to no element is an error (IBM's checker).
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-10 w-full items-center justify-between gap-3 px-3 font-semibold text-slate-900"
      >
        {sandbox ? t('titleInSandbox', { name: sandbox }) : t('title')}
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
      </button>
      {open && (
        <div id={panelId} className="flex flex-col gap-4 border-t border-slate-200 p-3">
          <SandboxSection current={sandbox} />

          <section aria-labelledby={`${panelId}-clock`}>
            <h2 id={`${panelId}-clock`} className="font-semibold">
              {t('clock.title')}
            </h2>
            <p>
              {clock.data
                ? t('clock.now', {
                    now: formatHelsinki(clock.data.now, 'full'),
                    state: clock.data.frozen ? t('clock.frozen') : t('clock.running'),
                  })
                : t('loading')}
            </p>
            <form onSubmit={setClock} className="mt-2 flex flex-wrap items-end gap-2">
              <div className="flex flex-col">
                <label htmlFor={clockId}>{t('clock.set')}</label>
                <input
                  id={clockId}
                  type="datetime-local"
                  value={clockInput || (clock.data ? toHelsinkiInput(clock.data.now) : '')}
                  onChange={(event) => setClockInput(event.target.value)}
                  className="h-10 rounded-md border border-slate-400 px-2"
                />
              </div>
              <Button type="submit" size="sm">
                {t('clock.apply')}
              </Button>
            </form>
            <div className="mt-2 flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => advance(3600)}>
                {t('clock.plusHour')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => advance(86400)}>
                {t('clock.plusDay')}
              </Button>
            </div>
            <label className="mt-2 flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-1 size-4 accent-brand-700"
                checked={expireSessions}
                onChange={(event) => setExpireSessions(event.target.checked)}
              />
              <span>{t('clock.expireSessions')}</span>
            </label>
          </section>

          <fieldset>
            <legend className="font-semibold">{t('scenarios.title')}</legend>
            {scenarios.data?.map((scenario) => (
              <label key={scenario.name} className="mt-1 flex items-start gap-2">
                <input
                  type="checkbox"
                  className="mt-1 size-4 accent-brand-700"
                  checked={scenario.enabled}
                  onChange={(event) => {
                    // Read now: a controlled box shows its old state again until the server
                    // answers, so the event's target would say the old value by then.
                    const enabled = event.target.checked;
                    run.mutate(() =>
                      client.PUT('/api/dev/scenarios/{name}', {
                        params: { path: { name: scenario.name } },
                        body: { enabled },
                      }),
                    );
                  }}
                />
                <span>
                  <span className="font-mono">{scenario.name}</span> – {scenario.description}
                </span>
              </label>
            ))}
          </fieldset>

          <section aria-labelledby={`${panelId}-maintenance`}>
            <h2 id={`${panelId}-maintenance`} className="font-semibold">
              {t('maintenance.title')}
            </h2>
            <p>{maintenance.data?.active ? t('maintenance.on') : t('maintenance.off')}</p>
            <Button
              size="sm"
              variant="secondary"
              className="mt-1"
              onClick={() =>
                run.mutate(() =>
                  client.PUT('/api/dev/maintenance', {
                    body: { active: !(maintenance.data?.active ?? false) },
                  }),
                )
              }
            >
              {maintenance.data?.active ? t('maintenance.turnOff') : t('maintenance.turnOn')}
            </Button>
          </section>

          <OutboxSection />

          <FaultsSection />

          <WorkingHoursSection />

          <section aria-labelledby={`${panelId}-users`}>
            <h2 id={`${panelId}-users`} className="font-semibold">
              {t('users.title')}
            </h2>
            <label htmlFor={userId} className="sr-only">
              {t('users.field')}
            </label>
            <select
              id={userId}
              defaultValue=""
              onChange={(event) => {
                const value = event.target.value as DevUserKey | '';
                if (value !== '') loginAs(value);
              }}
              className="mt-1 h-10 w-full rounded-md border border-slate-400 px-2"
            >
              <option value="" disabled>
                {t('users.choose')}
              </option>
              {users.data?.map((user) => (
                <option key={user.key} value={user.key}>
                  {user.key} – {user.description}
                </option>
              ))}
            </select>
          </section>

          {/* Everything QA and the testers did goes: it asks first. */}
          <ConfirmDialog
            variant="danger"
            trigger={
              <Button variant="danger" size="sm">
                {t('reset')}
              </Button>
            }
            title={t('resetConfirm.title')}
            description={t('resetConfirm.text')}
            confirmLabel={t('resetConfirm.confirm')}
            cancelLabel={t('resetConfirm.cancel')}
            onConfirm={() =>
              run.mutate(async () => {
                await client.POST('/api/dev/reset');
                forgetToken();
                window.location.reload();
              })
            }
          />
        </div>
      )}
    </aside>
  );
}
