import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-head.ts';
import { useIsStaff } from '../../../shared/roles.ts';
import { PatientNews } from '../components/patient-news.tsx';
import { StaffNews } from '../components/staff-news.tsx';

/** /news: patients read the published articles; staff manage every article (spec §2). */
export default function NewsRoute() {
  const { t } = useTranslation('news');
  usePageTitle(t('title'));
  return useIsStaff() ? <StaffNews /> : <PatientNews />;
}
