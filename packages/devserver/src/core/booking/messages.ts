import type { Language } from '@portal/sdk';

/** User-facing texts of the booking area, merged into core/messages.ts. */
export const bookingMessages = {
  'booking.reasonNotForCustomerType': {
    fi: 'Tätä palvelua ei voi varata valitulla asiakastyypillä.',
    sv: 'Den här tjänsten kan inte bokas med den valda kundtypen.',
    en: 'This service cannot be booked with the chosen customer type.',
  },
  'booking.slotMalformed': {
    fi: 'Valittu aika ei kelpaa. Valitse aika kalenterista.',
    sv: 'Den valda tiden är ogiltig. Välj en tid i kalendern.',
    en: 'The chosen time is not valid. Please choose a time from the calendar.',
  },
  'booking.familyTimeTwice': {
    fi: 'Sama aika on valittu kahdesti. Valitse jokaiselle oma aika.',
    sv: 'Samma tid har valts två gånger. Välj en egen tid för var och en.',
    en: 'The same time was chosen twice. Choose a time for each person.',
  },
  'booking.familyOneServiceOneClinic': {
    fi: 'Perheen ajat varataan samaan palveluun samalla klinikalla.',
    sv: 'Familjens tider bokas för samma tjänst på samma klinik.',
    en: "A family's times are booked for one service at one clinic.",
  },
  'booking.familyTimesOverlap': {
    fi: 'Kaksi aikaa menee päällekkäin saman ammattilaisen kanssa.',
    sv: 'Två tider överlappar hos samma behandlare.',
    en: 'Two of the times overlap with the same practitioner.',
  },
  'booking.familyPersonTwice': {
    fi: 'Jokaiselle perheenjäsenelle varataan yksi aika.',
    sv: 'Varje familjemedlem får en tid.',
    en: 'Each family member can be booked once.',
  },
  'booking.familyNeedsDescription': {
    fi: 'Tähän palveluun tarvitaan kuvaus jokaisesta käynnistä. Varaa ajat yksi kerrallaan.',
    sv: 'Den här tjänsten kräver en beskrivning av varje besök. Boka tiderna en i taget.',
    en: 'This service needs a description of each visit. Book the times one at a time.',
  },
  'booking.tooManyHolds': {
    fi: 'Tästä osoitteesta on jo pidossa useita aikoja. Voit silti varata ajan.',
    sv: 'Flera tider hålls redan från den här adressen. Du kan ändå boka tiden.',
    en: 'Several times are already held from this address. You can still book this time.',
  },
  'booking.campaignUnknown': {
    fi: 'Kampanjakoodia ei tunneta. Tarkista koodi.',
    sv: 'Kampanjkoden är okänd. Kontrollera koden.',
    en: 'This campaign code is unknown. Please check the code.',
  },
  'booking.campaignExpired': {
    fi: 'Kampanjakoodi oli voimassa {date} asti.',
    sv: 'Kampanjkoden gällde till och med {date}.',
    en: 'This campaign code was valid until {date}.',
  },
  'booking.campaignNotYetValid': {
    fi: 'Kampanjakoodi on voimassa {date} alkaen.',
    sv: 'Kampanjkoden gäller från och med {date}.',
    en: 'This campaign code is valid from {date}.',
  },
  'booking.campaignNotForReason': {
    fi: 'Kampanjakoodi ei koske valitsemaasi palvelua.',
    sv: 'Kampanjkoden gäller inte den valda tjänsten.',
    en: 'This campaign code does not apply to the chosen service.',
  },
  'booking.voucherUnknown': {
    fi: 'Tällä numerolla ei löydy voimassa olevaa palveluseteliä tai maksusitoumusta. Tarkista numero päätöksestä.',
    sv: 'Ingen giltig servicesedel eller betalningsförbindelse har det här numret. Kontrollera numret i beslutet.',
    en: 'No valid service voucher or payment commitment has this number. Check the number on your decision.',
  },
  'booking.voucherOtherType': {
    fi: 'Numero kuuluu toiseen asiakastyyppiin. Tarkista, onko kyseessä palveluseteli vai maksusitoumus.',
    sv: 'Numret hör till en annan kundtyp. Kontrollera om det gäller en servicesedel eller en betalningsförbindelse.',
    en: 'This number belongs to the other customer type. Check whether it is a service voucher or a payment commitment.',
  },
  'booking.voucherExpired': {
    fi: 'Palveluseteli tai maksusitoumus oli voimassa {date} asti.',
    sv: 'Servicesedeln eller betalningsförbindelsen gällde till och med {date}.',
    en: 'The service voucher or payment commitment was valid until {date}.',
  },
  'booking.voucherNotYetValid': {
    fi: 'Palveluseteli tai maksusitoumus on voimassa {date} alkaen.',
    sv: 'Servicesedeln eller betalningsförbindelsen gäller från och med {date}.',
    en: 'The service voucher or payment commitment is valid from {date}.',
  },
  'booking.voucherUsedUp': {
    fi: 'Palvelusetelin tai maksusitoumuksen kaikki käynnit on jo käytetty.',
    sv: 'Alla besök på servicesedeln eller betalningsförbindelsen har redan använts.',
    en: 'All the visits of the service voucher or payment commitment have already been used.',
  },
  'booking.voucherNotForReason': {
    fi: 'Palveluseteli tai maksusitoumus ei kata valitsemaasi palvelua.',
    sv: 'Servicesedeln eller betalningsförbindelsen täcker inte den valda tjänsten.',
    en: 'The service voucher or payment commitment does not cover the chosen service.',
  },
  'booking.voucherEndsBeforeVisit': {
    fi: 'Palveluseteli tai maksusitoumus kattaa käynnit {date} asti. Valitse aikaisempi aika.',
    sv: 'Servicesedeln eller betalningsförbindelsen täcker besök till och med {date}. Välj en tidigare tid.',
    en: 'The service voucher or payment commitment covers visits until {date}. Please choose an earlier time.',
  },
  // The iCalendar file of a reservation (calendar-file.ts): no national id, no reason for the visit.
  'calendar.summary': {
    fi: 'Hammaslääkäriaika – {branch}',
    sv: 'Tandläkartid – {branch}',
    en: 'Dental appointment – {branch}',
  },
  'calendar.practitioner': {
    fi: 'Vastaanotolla: {name}',
    sv: 'Behandlare: {name}',
    en: 'With: {name}',
  },
  'calendar.phone': {
    fi: 'Klinikan puhelin: {phone}',
    sv: 'Klinikens telefon: {phone}',
    en: 'Clinic phone: {phone}',
  },
  'calendar.modifiableUntil': {
    fi: 'Voit siirtää tai perua ajan maksutta verkossa {date} klo {time} asti.',
    sv: 'Du kan flytta eller avboka tiden avgiftsfritt på nätet till och med {date} kl. {time}.',
    en: 'You can move or cancel it free of charge online until {date} at {time}.',
  },
  'calendar.cancelled': {
    fi: 'Aika on peruttu.',
    sv: 'Tiden är avbokad.',
    en: 'This appointment has been cancelled.',
  },
} satisfies Record<string, Record<Language, string>>;
