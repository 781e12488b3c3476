import type { Language } from '@portal/sdk';

/** User-facing texts of the content area, merged into core/messages.ts. */
export const contentMessages = {
  'event.reminderNeedsPhone': {
    fi: 'Lisää puhelinnumero profiiliisi saadaksesi muistutuksen tekstiviestinä.',
    sv: 'Lägg till ett telefonnummer i din profil för att få påminnelsen som sms.',
    en: 'Add a phone number to your profile to get the reminder by text message.',
  },
  'event.reminderNeedsEmail': {
    fi: 'Lisää sähköpostiosoite profiiliisi saadaksesi muistutuksen sähköpostilla.',
    sv: 'Lägg till en e-postadress i din profil för att få påminnelsen per e-post.',
    en: 'Add an email address to your profile to get the reminder by email.',
  },
  'rule.descriptionRequired': {
    fi: 'Kirjoita säännön kuvaus.',
    sv: 'Skriv regelns beskrivning.',
    en: 'Write the description of the rule.',
  },
} satisfies Record<string, Record<Language, string>>;
