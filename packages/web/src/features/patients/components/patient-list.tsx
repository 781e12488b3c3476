import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminPatient } from '../api/get-patients.ts';
import { roleLabel } from './role-label.ts';
import { useMediaQuery } from '../../../ui/index.ts';

const linkClasses =
  'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

function fullName(patient: AdminPatient): string {
  return `${patient.lastname} ${patient.firstname}`;
}

/**
 * One page of patients: a table from 768 px (md) up, a list of cards on a phone. Only one of
 * them is rendered, so screen readers and tests meet each patient once.
 */
export function PatientList({ patients }: { patients: readonly AdminPatient[] }) {
  const { t } = useTranslation('patients');
  const wide = useMediaQuery('(min-width: 768px)');
  const missing = <span className="text-slate-700">{t('missing')}</span>;

  if (wide) {
    return (
      <div className="overflow-x-auto rounded-lg border border-slate-300">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">{t('list.caption')}</caption>
          <thead className="bg-slate-100">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t('field.name')}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t('field.email')}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t('field.phone')}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t('field.role')}
              </th>
            </tr>
          </thead>
          <tbody>
            {patients.map((patient) => (
              <tr key={patient.id} className="border-t border-slate-300">
                <th scope="row" className="px-4 py-3 font-normal">
                  <Link href={`/patient/${patient.id}`} className={linkClasses}>
                    {fullName(patient)}
                  </Link>
                </th>
                <td className="px-4 py-3 [overflow-wrap:anywhere]">{patient.email ?? missing}</td>
                <td className="px-4 py-3 whitespace-nowrap">{patient.phone ?? missing}</td>
                <td className="px-4 py-3">{roleLabel(t, patient.role)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <ul aria-label={t('list.caption')} className="flex flex-col gap-3">
      {patients.map((patient) => (
        <li key={patient.id} className="rounded-lg border border-slate-300 bg-white p-4">
          <h2 className="text-lg">
            <Link href={`/patient/${patient.id}`} className={linkClasses}>
              {fullName(patient)}
            </Link>
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
            <dt className="font-semibold text-slate-700">{t('field.email')}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{patient.email ?? missing}</dd>
            <dt className="font-semibold text-slate-700">{t('field.phone')}</dt>
            <dd>{patient.phone ?? missing}</dd>
            <dt className="font-semibold text-slate-700">{t('field.role')}</dt>
            <dd>{roleLabel(t, patient.role)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
