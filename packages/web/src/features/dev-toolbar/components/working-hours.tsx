import { isApiError } from '@portal/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf, useApi } from '../../../shared/api.tsx';
import { userMessageOf } from '../../../shared/error-views.tsx';
import { useEmployees } from '../../../shared/resources.ts';
import { Button, formatCalendarDay, toast } from '../../../ui/index.ts';

const inputClass = 'h-10 rounded-md border border-slate-400 px-2';

/**
 * The QA toolbar's "new working hours": opens extra hours for a practitioner on a day
 * (POST /api/dev/working-hours). The time becomes bookable and is offered to the patients waiting
 * for an earlier one, so QA can drive the waitlist without a cancel.
 */
export function WorkingHoursSection() {
  const { t } = useTranslation('dev-toolbar');
  const { client } = useApi();
  const queryClient = useQueryClient();
  const employees = useEmployees();
  const id = useId();
  const [hours, setHours] = useState({ employeeId: '', date: '', start: '07:00', end: '08:00' });
  const open = useMutation({
    mutationFn: async () =>
      dataOf(
        await client.POST('/api/dev/working-hours', {
          body: { ...hours, employeeId: Number(hours.employeeId) },
        }),
      ),
    onSuccess: async (opened) => {
      toast.success(
        t('hours.done', {
          date: formatCalendarDay(opened.date),
          start: opened.start,
          end: opened.end,
        }),
      );
      await queryClient.invalidateQueries();
    },
    onError: (failure) => toast.error(t('hours.failed'), { description: reasonOf(failure) }),
  });
  /** The refused fields by their labels ("Until: The value is out of range."), or the message. */
  const reasonOf = (failure: unknown): string | undefined => {
    const labels: Record<string, string> = {
      employeeId: t('hours.employee'),
      date: t('hours.date'),
      start: t('hours.start'),
      end: t('hours.end'),
    };
    const fields = isApiError(failure) ? failure.fieldErrors : [];
    return fields.length > 0
      ? fields
          .map((error) => `${labels[error.field] ?? error.field}: ${error.errorMessage}`)
          .join(' ')
      : userMessageOf(failure);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    open.mutate();
  };
  const field = (name: keyof typeof hours) => ({
    id: `${id}-${name}`,
    value: hours[name],
    onChange: (event: { target: { value: string } }) =>
      setHours((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold">
        {t('hours.title')}
      </h2>
      <p>{t('hours.help')}</p>
      <form onSubmit={submit} className="mt-2 flex flex-col gap-2">
        <label htmlFor={`${id}-employeeId`}>{t('hours.employee')}</label>
        <select {...field('employeeId')} required className={inputClass}>
          <option value="" disabled>
            {t('hours.chooseEmployee')}
          </option>
          {employees.data
            ?.filter((employee) => employee.Enabled)
            .map((employee) => (
              <option key={employee.Id} value={employee.Id}>
                {employee.Name}
              </option>
            ))}
        </select>
        <label htmlFor={`${id}-date`}>{t('hours.date')}</label>
        <input type="date" required {...field('date')} className={inputClass} />
        <div className="flex gap-2">
          <div className="flex flex-col">
            <label htmlFor={`${id}-start`}>{t('hours.start')}</label>
            <input type="time" step={900} required {...field('start')} className={inputClass} />
          </div>
          <div className="flex flex-col">
            <label htmlFor={`${id}-end`}>{t('hours.end')}</label>
            <input type="time" step={900} required {...field('end')} className={inputClass} />
          </div>
        </div>
        <Button type="submit" size="sm" loading={open.isPending} className="self-start">
          {t('hours.open')}
        </Button>
      </form>
    </section>
  );
}
