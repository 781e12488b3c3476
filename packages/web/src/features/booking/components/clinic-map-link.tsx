import { useTranslation } from 'react-i18next';
import { ExternalLinkIcon, VisuallyHidden } from '../../../ui/index.ts';

export interface Clinic {
  name: string;
  street: string;
  postalCode: string;
  city: string;
}

/** A clinic's address as a map search (opens the patient's map service in a new tab). */
export function clinicMapUrl(clinic: Clinic): string {
  const query = `${clinic.name}, ${clinic.street}, ${clinic.postalCode} ${clinic.city}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** The map link beside a clinic's address (the clinic step and the thank-you page). */
export function ClinicMapLink({ clinic, label }: { clinic: Clinic; label: string }) {
  const { t } = useTranslation('ui');
  return (
    <a
      href={clinicMapUrl(clinic)}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {label} <VisuallyHidden>{t('opensInNewTab')}</VisuallyHidden>
      <ExternalLinkIcon className="size-4 shrink-0" />
    </a>
  );
}
