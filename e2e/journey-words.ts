/**
 * The words a patient acts on in the booking and My appointments, in Finnish, Swedish and English:
 * the journeys that walk the portal in every language (the screen-reader walk, the
 * accessibility-tree templates) find their buttons and fields by these names, as a person does.
 */
export type Language = 'fi' | 'sv' | 'en';

export interface JourneyWords {
  language: Language;
  privateCustomer: string;
  checkUp: RegExp;
  clinic: RegExp;
  next: string;
  choosePractitioner: string;
  anyPractitioner: string;
  times: RegExp;
  street: RegExp;
  book: string;
  keepBoth: string;
  changeTime: string;
  move: string;
  cancel: string;
  yesCancel: string;
}

export const journeyWords: Record<Language, JourneyWords> = {
  fi: {
    language: 'fi',
    privateCustomer: 'Yksityisasiakas',
    checkUp: /^Hammastarkastus/,
    clinic: /^Klinikka/,
    next: 'Seuraava',
    choosePractitioner: 'Valitse ammattilainen',
    anyPractitioner: 'Kuka tahansa vapaa',
    times: /^Vapaat ajat/,
    street: /^Katuosoite/,
    book: 'Vahvista varaus',
    keepBoth: 'Pidä molemmat ajat',
    changeTime: 'Vaihda aika',
    move: 'Siirrä varaus',
    cancel: 'Peru varaus',
    yesCancel: 'Kyllä, peru',
  },
  sv: {
    language: 'sv',
    privateCustomer: 'Privatkund',
    checkUp: /^Tandundersökning –/,
    clinic: /^Klinik/,
    next: 'Nästa',
    choosePractitioner: 'Välj behandlare',
    anyPractitioner: 'Vem som helst som är ledig',
    times: /^Lediga tider/,
    street: /^Gatuadress/,
    book: 'Bekräfta bokningen',
    keepBoth: 'Behåll båda tiderna',
    changeTime: 'Byt tid',
    move: 'Flytta bokningen',
    cancel: 'Avboka',
    yesCancel: 'Ja, avboka',
  },
  en: {
    language: 'en',
    privateCustomer: 'Private customer',
    checkUp: /^Dental check-up/,
    clinic: /^Clinic/,
    next: 'Next',
    choosePractitioner: 'Choose a practitioner',
    anyPractitioner: 'Any available practitioner',
    times: /^Available times on/,
    street: /^Street address/,
    book: 'Confirm the booking',
    keepBoth: 'Keep both',
    changeTime: 'Change time',
    move: 'Move the appointment',
    cancel: 'Cancel appointment',
    yesCancel: 'Yes, cancel',
  },
};
