import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-head.ts';
import { useIsStaff } from '../../../shared/roles.ts';
import { PatientEvents } from '../components/patient-events.tsx';
import { StaffEvents } from '../components/staff-events.tsx';

/** /events: patients see the upcoming themed days; staff manage every event (spec §2). */
export default function EventsRoute() {
  const { t } = useTranslation('events');
  usePageTitle(t('title'));
  return useIsStaff() ? <StaffEvents /> : <PatientEvents />;
}
