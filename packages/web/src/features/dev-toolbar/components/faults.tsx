import { isApiError, type Schemas } from '@portal/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf, useApi } from '../../../shared/api.tsx';
import { userMessageOf } from '../../../shared/error-views.tsx';
import { Button, toast } from '../../../ui/index.ts';

const inputClass = 'h-10 rounded-md border border-slate-400 px-2';
/** The statuses offered (the contract allows any 400–599). */
const STATUSES = [500, 503, 409, 404, 401, 429] as const;

type Fault = Schemas['DevFault'];

/** "createReservation", "POST /api/reservations*": what a fault strikes. */
function target(fault: Fault): string {
  return [fault.method, fault.operationId, fault.path].filter(Boolean).join(' ');
}

/**
 * The QA toolbar's faults (issue 34 item 5): the injected ones, each removable, and a form that
 * adds one for an operation or a path pattern: an error status, a delay, or a dropped connection.
 */
export function FaultsSection() {
  const { t } = useTranslation('dev-toolbar');
  const { client, $api } = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const faults = $api.useQuery('get', '/api/dev/faults', {}, { staleTime: 0 });
  const [form, setForm] = useState({ target: '', status: '500', delayMs: '0', drop: false });

  const change = useMutation({
    mutationFn: async (action: () => Promise<unknown>) => {
      await action();
      await queryClient.invalidateQueries();
    },
    onError: (failure) => {
      const fields = isApiError(failure) ? failure.fieldErrors : [];
      toast.error(t('faults.failed'), {
        description:
          fields.length > 0
            ? fields.map((error) => error.errorMessage).join(' ')
            : userMessageOf(failure),
      });
    },
  });

  const add = (event: FormEvent) => {
    event.preventDefault();
    const wanted = form.target.trim();
    const body: Schemas['DevFaultRequest'] = {
      ...(wanted.startsWith('/') ? { path: wanted } : { operationId: wanted }),
      ...(form.drop ? { drop: true } : form.status ? { status: Number(form.status) } : {}),
      delayMs: Number(form.delayMs) || 0,
    };
    change.mutate(async () => dataOf(await client.POST('/api/dev/faults', { body })));
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold">
        {t('faults.title')}
      </h2>
      {faults.data?.length === 0 && <p>{t('faults.none')}</p>}
      {faults.data && faults.data.length > 0 && (
        <>
          <ul className="mt-1">
            {faults.data.map((fault) => (
              <li
                key={fault.id}
                className="flex items-center justify-between gap-2 border-t border-slate-200 py-1"
              >
                <span>
                  <span className="font-mono">{target(fault)}</span> –{' '}
                  {[
                    fault.drop
                      ? t('faults.dropped')
                      : fault.status !== null && t('faults.status', { status: fault.status }),
                    fault.delayMs > 0 && t('faults.delay', { ms: fault.delayMs }),
                    t('faults.hits', { count: fault.hits }),
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  className="shrink-0"
                  aria-label={t('faults.removeNamed', { target: target(fault) })}
                  onClick={() =>
                    change.mutate(() =>
                      client.DELETE('/api/dev/faults/{id}', { params: { path: { id: fault.id } } }),
                    )
                  }
                >
                  {t('faults.remove')}
                </Button>
              </li>
            ))}
          </ul>
          <Button
            size="sm"
            variant="secondary"
            className="mt-1"
            onClick={() => change.mutate(() => client.DELETE('/api/dev/faults'))}
          >
            {t('faults.removeAll')}
          </Button>
        </>
      )}
      <form onSubmit={add} className="mt-2 flex flex-col gap-2">
        <label htmlFor={`${id}-target`}>{t('faults.target')}</label>
        <input
          id={`${id}-target`}
          required
          value={form.target}
          onChange={(event) => setForm((current) => ({ ...current, target: event.target.value }))}
          placeholder="createReservation"
          autoComplete="off"
          spellCheck={false}
          className={`${inputClass} font-mono`}
        />
        <div className="flex flex-wrap gap-2">
          <div className="flex flex-col">
            <label htmlFor={`${id}-status`}>{t('faults.statusField')}</label>
            <select
              id={`${id}-status`}
              value={form.status}
              disabled={form.drop}
              onChange={(event) =>
                setForm((current) => ({ ...current, status: event.target.value }))
              }
              className={inputClass}
            >
              <option value="">{t('faults.noStatus')}</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col">
            <label htmlFor={`${id}-delay`}>{t('faults.delayField')}</label>
            <input
              id={`${id}-delay`}
              type="number"
              min={0}
              max={30000}
              step={100}
              value={form.delayMs}
              onChange={(event) =>
                setForm((current) => ({ ...current, delayMs: event.target.value }))
              }
              className={`${inputClass} w-28`}
            />
          </div>
        </div>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={form.drop}
            onChange={(event) => setForm((current) => ({ ...current, drop: event.target.checked }))}
          />
          {t('faults.drop')}
        </label>
        <Button type="submit" size="sm" loading={change.isPending} className="self-start">
          {t('faults.add')}
        </Button>
      </form>
    </section>
  );
}
