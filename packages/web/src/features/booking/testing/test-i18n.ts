import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import uiEn from '../../../ui/locales/en.json';
import uiFi from '../../../ui/locales/fi.json';
import uiSv from '../../../ui/locales/sv.json';
import stepsEn from '../booking-steps/locales/en.json';
import stepsFi from '../booking-steps/locales/fi.json';
import stepsSv from '../booking-steps/locales/sv.json';
import en from '../locales/en.json';
import fi from '../locales/fi.json';
import sv from '../locales/sv.json';

/** An i18next instance with the `ui`, `booking` and `booking-steps` namespaces, for component tests. */
export function createBookingTestI18n(lng: 'fi' | 'sv' | 'en' = 'en'): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'fi',
    ns: ['booking', 'booking-steps', 'ui'],
    defaultNS: 'booking',
    resources: {
      fi: { ui: uiFi, booking: fi, 'booking-steps': stepsFi },
      sv: { ui: uiSv, booking: sv, 'booking-steps': stepsSv },
      en: { ui: uiEn, booking: en, 'booking-steps': stepsEn },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
