import type { Language, Schemas } from '@portal/sdk';
import { CHAT_HOURS } from './chat/hours.ts';
import { maintenanceState } from './maintenance.ts';
import type { DevState } from './state.ts';
import { currentPrivacyStatement, currentTermsVersion } from './users/terms.ts';
import { translate } from './messages.ts';

/** The chain's customer service number (branches have their own, see directory). */
export const CLINIC_PHONE = '010 555 1000';

export function portalConfig(state: DevState): Schemas['PortalConfig'] {
  return {
    features: { coupons: true },
    languages: ['fi', 'sv', 'en'],
    headerLanguages: ['fi', 'en'],
    clinicPhone: CLINIC_PHONE,
    chatHours: { ...CHAT_HOURS, weekdays: [...CHAT_HOURS.weekdays] },
    maintenance: maintenanceState(state),
    privacyStatementEffectiveFrom: currentPrivacyStatement(state).effectiveFrom,
    cancelWindowHours: 24,
    idleLogoutSeconds: 1800,
  };
}

export function maintenanceInfo(state: DevState, language: Language): Schemas['MaintenanceInfo'] {
  const { active, startsAt } = maintenanceState(state);
  return { active, startsAt, message: active ? translate('maintenance', language) : null };
}

const termsTexts: Record<Language, { title: string; body: string }> = {
  fi: {
    title: 'Verkkopalvelun käyttöehdot',
    body:
      '<h2>Palvelun käyttö</h2><p>Ajanvaraus ja muut verkkopalvelun toiminnot ovat asiakkaidemme käytössä maksutta. ' +
      'Tunnistaudut pankkitunnuksilla, mobiilivarmenteella tai sovelluksen QR-koodilla.</p>' +
      '<h2>Peruutukset</h2><p>Varauksen voi perua tai siirtää maksutta 24 tuntia ennen sen alkua. ' +
      'Peruuttamatta jätetystä käynnistä veloitamme hinnaston mukaisen maksun.</p>' +
      '<h2>Henkilötiedot</h2><p>Käsittelemme tietojasi tietosuojaselosteidemme mukaisesti.</p>',
  },
  sv: {
    title: 'Användarvillkor för webbtjänsten',
    body:
      '<h2>Användning av tjänsten</h2><p>Tidsbokning och webbtjänstens övriga funktioner är avgiftsfria för våra kunder. ' +
      'Du identifierar dig med bankkoder, mobilcertifikat eller appens QR-kod.</p>' +
      '<h2>Avbokningar</h2><p>En bokning kan avbokas eller flyttas avgiftsfritt fram till 24 timmar före start. ' +
      'För ett besök som uteblir utan avbokning debiterar vi en avgift enligt prislistan.</p>' +
      '<h2>Personuppgifter</h2><p>Vi behandlar dina uppgifter enligt våra dataskyddsbeskrivningar.</p>',
  },
  en: {
    title: 'Terms of use of the online service',
    body:
      '<h2>Using the service</h2><p>Booking and the other features of the online service are free for our customers. ' +
      'You identify yourself with online banking codes, a mobile certificate or the QR code of our app.</p>' +
      '<h2>Cancellations</h2><p>An appointment can be cancelled or moved free of charge until 24 hours before it starts. ' +
      'A missed appointment that was not cancelled is charged according to the price list.</p>' +
      '<h2>Personal data</h2><p>We process your data as our privacy statements describe.</p>',
  },
};

export function termsDocument(state: DevState, language: Language): Schemas['TermsDocument'] {
  const version = currentTermsVersion(state);
  return {
    version,
    ...termsTexts[language],
    updatedAt: `${version}-01T00:00:00+02:00`,
  };
}

const privacySummary: Record<Language, string> = {
  fi: 'Päivitimme tietosuojaselosteemme. Muutokset koskevat asiakasviestinnän ja ajanvarauksen tietojen säilytysaikoja.',
  sv: 'Vi har uppdaterat våra dataskyddsbeskrivningar. Ändringarna gäller lagringstiderna för kundkommunikation och tidsbokning.',
  en: 'We have updated our privacy statements. The changes concern how long customer communication and booking data are kept.',
};

const privacyLinks: Schemas['PrivacyLink'][] = [
  {
    language: 'fi',
    title: 'Verkkopalvelun tietosuojaseloste',
    url: 'https://www.example.fi/tietosuoja/verkkopalvelu',
  },
  {
    language: 'fi',
    title: 'Potilasrekisterin tietosuojaseloste',
    url: 'https://www.example.fi/tietosuoja/potilasrekisteri',
  },
  {
    language: 'fi',
    title: 'Asiakasrekisterin tietosuojaseloste',
    url: 'https://www.example.fi/tietosuoja/asiakasrekisteri',
  },
  {
    language: 'en',
    title: 'Privacy statement of the online service',
    url: 'https://www.example.fi/en/privacy/online-service',
  },
  {
    language: 'en',
    title: 'Privacy statement of the patient register',
    url: 'https://www.example.fi/en/privacy/patient-register',
  },
  {
    language: 'en',
    title: 'Privacy statement of the customer register',
    url: 'https://www.example.fi/en/privacy/customer-register',
  },
];

export function privacyStatement(state: DevState, language: Language): Schemas['PrivacyStatement'] {
  const { version, effectiveFrom } = currentPrivacyStatement(state);
  return { version, effectiveFrom, summary: privacySummary[language], links: privacyLinks };
}
