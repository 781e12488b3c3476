import type { Language } from '@portal/sdk';

/** User-facing texts of the auth area, merged into core/messages.ts. */
export const authMessages = {
  'auth.phoneHasNoUser': {
    fi: 'Puhelinnumerolle ei löydy käyttäjää, joten tunnistautumista ei voi hyväksyä.',
    sv: 'Det finns ingen användare med det här telefonnumret, så identifieringen kan inte godkännas.',
    en: 'No user has this phone number, so the identification cannot be approved.',
  },
  'auth.bankIdUnavailable': {
    fi: 'Pankkitunnistautuminen ei ole käytössä tällä palvelimella.',
    sv: 'Bankidentifiering är inte tillgänglig på den här servern.',
    en: 'Bank ID is not available on this server.',
  },
  'auth.mobileUnavailable': {
    fi: 'Mobiilivarmennetunnistautuminen ei ole käytössä tällä palvelimella.',
    sv: 'Identifiering med mobilcertifikat är inte tillgänglig på den här servern.',
    en: 'Mobile certificate login is not available on this server.',
  },
  'auth.returnPath': {
    fi: 'Paluuosoitteen on oltava portaalin oma polku, esimerkiksi /fi/reservation.',
    sv: 'Returadressen måste vara en sökväg i portalen, till exempel /sv/reservation.',
    en: 'The return path must be a path of the portal, such as /en/reservation.',
  },
} satisfies Record<string, Record<Language, string>>;
