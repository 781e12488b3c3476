import type { Language } from '@portal/sdk';

/** Texts of the earlier-time waitlist (waitlist.ts), merged into core/messages.ts. */
export const waitlistMessages = {
  'waitlist.offerTaken': {
    fi: 'Joku ehti ottaa tämän ajan ensin. Pysyt jonossa aiemman ajan varalle.',
    sv: 'Någon hann ta den här tiden först. Du står kvar i kön för en tidigare tid.',
    en: 'Someone else took this time first. You stay on the waiting list for an earlier time.',
  },
  'waitlist.offerExpired': {
    fi: 'Tarjous on vanhentunut. Pysyt jonossa aiemman ajan varalle.',
    sv: 'Erbjudandet har gått ut. Du står kvar i kön för en tidigare tid.',
    en: 'This offer has expired. You stay on the waiting list for an earlier time.',
  },
  'waitlist.earliestPast': {
    fi: 'Valitse tämä päivä tai myöhempi päivä.',
    sv: 'Välj i dag eller en senare dag.',
    en: 'Choose today or a later day.',
  },
  'waitlist.earliestNotBefore': {
    fi: 'Valitse päivä ennen nykyistä aikaasi ({date}).',
    sv: 'Välj en dag före din nuvarande tid ({date}).',
    en: 'Choose a day before your current appointment ({date}).',
  },
} satisfies Record<string, Record<Language, string>>;
