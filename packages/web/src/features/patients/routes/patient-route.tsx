import { isApiError } from '@portal/sdk';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Button, NotificationBox, Page, PageHeader, Spinner } from '../../../ui/index.ts';
import { usePatient } from '../api/get-patient.ts';
import type { AdminPatient } from '../api/get-patients.ts';
import { useDeletePatient } from '../api/patient-actions.ts';
import { PatientForm } from '../components/patient-form.tsx';
import { LoadError } from '../../../shared/error-views.tsx';
import { DeleteSection } from '../../../shared/delete-section.tsx';

const backLinkClasses =
  'inline-block mb-4 font-semibold text-brand-800 underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

function DeletePatient({ patient }: { patient: AdminPatient }) {
  const { t } = useTranslation('patients');
  const [, navigate] = useLocation();
  const remove = useDeletePatient();
  const name = `${patient.firstname} ${patient.lastname}`;
  return (
    <DeleteSection
      title={t('delete.title')}
      description={t('delete.text')}
      buttonLabel={t('delete.button')}
      confirmTitle={t('delete.confirmTitle', { name })}
      confirmText={t('delete.confirmText')}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('delete.cancel')}
      doneMessage={t('delete.done', { name })}
      failedTitle={t('delete.failed')}
      onDelete={() => remove.mutateAsync(patient.id)}
      onDeleted={() => navigate('/patients')}
    />
  );
}

/** /patient/:id (admin): view, edit and delete one user account (spec §2, §6). */
export default function PatientRoute() {
  const { t } = useTranslation('patients');
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id >= 1;
  const query = usePatient(valid ? id : null);
  const patient = valid ? query.data : undefined;
  const title = patient ? `${patient.firstname} ${patient.lastname}` : t('detail.title');
  usePageTitle(title);

  const notFound = !valid || (isApiError(query.error) && query.error.kind === 'not-found');

  return (
    <Page width="narrow">
      <Link href="/patients" className={backLinkClasses}>
        {t('detail.back')}
      </Link>
      <PageHeader
        title={title}
        actions={
          patient && (
            // The access log searched for this patient (issue 57): who has used their data.
            <Button asChild variant="secondary">
              <Link href={`/admin/access-log?subjectId=${patient.id}`}>
                {t('detail.accessLog')}
              </Link>
            </Button>
          )
        }
      />
      {valid && query.isPending && <Spinner label={t('detail.loading')} />}
      {notFound && <NotificationBox variant="warning">{t('detail.notFound')}</NotificationBox>}
      {!notFound && query.isError && (
        <LoadError onRetry={() => void query.refetch()}>{t('detail.loadFailed')}</LoadError>
      )}
      {patient && (
        <>
          <PatientForm key={patient.id} patient={patient} />
          <DeletePatient patient={patient} />
        </>
      )}
    </Page>
  );
}
