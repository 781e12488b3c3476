import type { Language, Schemas } from '@portal/sdk';

/**
 * The booking catalogue: customer types and reasons (services). It is reference data of the
 * clinic's booking system, the same on every seed, so it lives in code rather than in the store.
 */

export type CustomerTypeId = Schemas['CustomerTypeId'];
export type PractitionerKind = Schemas['PractitionerKind'];
type Texts = Record<Language, string>;

export function pick(texts: Texts, language: Language): string {
  return texts[language];
}

interface CustomerTypeDefinition {
  id: CustomerTypeId;
  name: Texts;
  description: Texts;
  identifierLabel: Texts | null;
}

/** In display order. */
export const customerTypes: readonly CustomerTypeDefinition[] = [
  {
    id: 'private',
    name: { fi: 'Yksityisasiakas', sv: 'Privatkund', en: 'Private customer' },
    description: {
      fi: 'Maksat hoidon itse.',
      sv: 'Du betalar själv för vården.',
      en: 'You pay for the treatment yourself.',
    },
    identifierLabel: null,
  },
  {
    id: 'serviceVoucher',
    name: { fi: 'Palveluseteliasiakas', sv: 'Servicesedelkund', en: 'Service-voucher customer' },
    description: {
      fi: 'Hyvinvointialueesi on myöntänyt sinulle palvelusetelin suun terveydenhuoltoon.',
      sv: 'Ditt välfärdsområde har beviljat dig en servicesedel för munhälsovård.',
      en: 'Your wellbeing services county has granted you a service voucher for dental care.',
    },
    identifierLabel: {
      fi: 'Palvelusetelin numero',
      sv: 'Servicesedelns nummer',
      en: 'Service voucher number',
    },
  },
  {
    id: 'paymentCommitment',
    name: {
      fi: 'Maksusitoumusasiakas',
      sv: 'Kund med betalningsförbindelse',
      en: 'Payment-commitment customer',
    },
    description: {
      fi: 'Vakuutusyhtiö tai työnantajasi on antanut maksusitoumuksen hoidostasi.',
      sv: 'Ett försäkringsbolag eller din arbetsgivare har gett en betalningsförbindelse för din vård.',
      en: 'An insurer or your employer has given a payment commitment for your treatment.',
    },
    identifierLabel: {
      fi: 'Maksusitoumuksen numero',
      sv: 'Betalningsförbindelsens nummer',
      en: 'Payment commitment number',
    },
  },
];

export function identifierRequired(type: CustomerTypeId): boolean {
  return type !== 'private';
}

export function listCustomerTypes(language: Language): Schemas['CustomerType'][] {
  return customerTypes.map((type) => ({
    id: type.id,
    name: pick(type.name, language),
    description: pick(type.description, language),
    identifierRequired: identifierRequired(type.id),
    identifierLabel: type.identifierLabel ? pick(type.identifierLabel, language) : null,
  }));
}

export interface ReasonDefinition {
  id: number;
  name: Texts;
  description: Texts;
  durationMinutes: number;
  /** Price in euros per customer type that may book the reason (the patient's share for vouchers). */
  prices: Partial<Record<CustomerTypeId, number>>;
  priceDetails: Texts | null;
  branchOptional: boolean;
  requiresStaffDescription: boolean;
  kinds: readonly PractitionerKind[];
}

/** The bookable reasons, in display order. */
export const reasons: readonly ReasonDefinition[] = [
  {
    id: 1,
    name: { fi: 'Hammastarkastus', sv: 'Tandundersökning', en: 'Dental check-up' },
    description: {
      fi: 'Hampaiden ja ikenien tutkimus sekä tarvittaessa hoitosuunnitelma.',
      sv: 'Undersökning av tänder och tandkött, vid behov med en vårdplan.',
      en: 'Examination of teeth and gums, with a treatment plan if needed.',
    },
    durationMinutes: 30,
    prices: { private: 79, serviceVoucher: 32, paymentCommitment: 79 },
    priceDetails: {
      fi: 'Sisältää tutkimuksen; röntgenkuvat laskutetaan erikseen.',
      sv: 'Omfattar undersökningen; röntgenbilder debiteras separat.',
      en: 'Includes the examination; X-rays are charged separately.',
    },
    branchOptional: true,
    requiresStaffDescription: false,
    kinds: ['dentist'],
  },
  {
    id: 2,
    name: {
      fi: 'Hammaskiven poisto suuhygienistillä',
      sv: 'Tandstensborttagning hos munhygienist',
      en: 'Dental cleaning by a hygienist',
    },
    description: {
      fi: 'Hammaskiven ja plakin poisto sekä kotihoito-ohjeet.',
      sv: 'Borttagning av tandsten och plack samt råd om egenvård.',
      en: 'Removal of tartar and plaque, with home-care advice.',
    },
    durationMinutes: 60,
    prices: { private: 105, serviceVoucher: 38, paymentCommitment: 105 },
    priceDetails: null,
    branchOptional: true,
    requiresStaffDescription: false,
    kinds: ['hygienist'],
  },
  {
    id: 3,
    name: {
      fi: 'Suuhygienistin tarkastus',
      sv: 'Kontroll hos munhygienist',
      en: 'Check-up by a hygienist',
    },
    description: {
      fi: 'Suun terveydentilan tarkastus ja neuvontaa hampaiden hoitoon.',
      sv: 'Kontroll av munhälsan och råd om tandvård.',
      en: 'A check of your oral health, with advice on caring for your teeth.',
    },
    durationMinutes: 30,
    prices: { private: 59, serviceVoucher: 25 },
    priceDetails: null,
    branchOptional: true,
    requiresStaffDescription: false,
    kinds: ['hygienist'],
  },
  {
    id: 4,
    name: {
      fi: 'Hammassärky tai muu äkillinen vaiva',
      sv: 'Tandvärk eller annat akut besvär',
      en: 'Toothache or other acute problem',
    },
    description: {
      fi: 'Aika kipuun, lohjenneeseen hampaaseen tai turvotukseen.',
      sv: 'En tid vid smärta, svullnad eller en tand som har gått sönder.',
      en: 'An appointment for pain, a broken tooth or swelling.',
    },
    durationMinutes: 45,
    prices: { private: 95, paymentCommitment: 95 },
    priceDetails: {
      fi: 'Sisältää tutkimuksen ja ensiavun; jatkohoito hinnaston mukaan.',
      sv: 'Omfattar undersökning och första hjälpen; fortsatt vård enligt prislistan.',
      en: 'Includes the examination and first aid; further treatment per the price list.',
    },
    branchOptional: false,
    requiresStaffDescription: true,
    kinds: ['dentist'],
  },
  {
    id: 5,
    name: { fi: 'Hampaan paikkaus', sv: 'Tandfyllning', en: 'Filling' },
    description: {
      fi: 'Reiän tai lohkeaman korjaus muovipaikalla.',
      sv: 'Lagning av ett hål eller en tand som har gått sönder, med plastfyllning.',
      en: 'Repair of a cavity or chipped tooth with a composite filling.',
    },
    durationMinutes: 60,
    prices: { private: 120, serviceVoucher: 45, paymentCommitment: 120 },
    priceDetails: {
      fi: 'Hinta alkaen; lopullinen hinta riippuu paikan koosta.',
      sv: 'Pris från; det slutliga priset beror på fyllningens storlek.',
      en: 'Starting price; the final price depends on the size of the filling.',
    },
    branchOptional: false,
    requiresStaffDescription: true,
    kinds: ['dentist'],
  },
  {
    id: 6,
    name: {
      fi: 'Hampaiden valkaisun konsultaatio',
      sv: 'Konsultation om tandblekning',
      en: 'Teeth whitening consultation',
    },
    description: {
      fi: 'Arvio valkaisun sopivuudesta ja vaihtoehdoista.',
      sv: 'Bedömning av om blekning passar dig och vilka alternativ som finns.',
      en: 'An assessment of whether whitening suits you, and of the options.',
    },
    durationMinutes: 30,
    prices: { private: 49 },
    priceDetails: {
      fi: 'Konsultaation hinta hyvitetään, jos valkaisu tehdään kolmen kuukauden sisällä.',
      sv: 'Konsultationens pris krediteras om blekningen görs inom tre månader.',
      en: 'The consultation fee is credited if the whitening is done within three months.',
    },
    branchOptional: true,
    requiresStaffDescription: false,
    kinds: ['dentist', 'hygienist'],
  },
  {
    id: 7,
    name: { fi: 'Implanttikonsultaatio', sv: 'Implantatkonsultation', en: 'Implant consultation' },
    description: {
      fi: 'Puuttuvan hampaan korvaamisen vaihtoehdot ja hoitosuunnitelma.',
      sv: 'Alternativ för att ersätta en saknad tand och en vårdplan.',
      en: 'Options for replacing a missing tooth, and a treatment plan.',
    },
    durationMinutes: 45,
    prices: { private: 89, paymentCommitment: 89 },
    priceDetails: {
      fi: 'Röntgenkuvat laskutetaan erikseen.',
      sv: 'Röntgenbilder debiteras separat.',
      en: 'X-rays are charged separately.',
    },
    branchOptional: false,
    requiresStaffDescription: false,
    kinds: ['dentist'],
  },
  {
    id: 8,
    name: {
      fi: 'Oikomishoidon konsultaatio',
      sv: 'Konsultation om tandreglering',
      en: 'Orthodontic consultation',
    },
    description: {
      fi: 'Purennan ja hampaiden asennon arvio sekä oikomishoidon vaihtoehdot, myös näkymättömät kiskot.',
      sv: 'Bedömning av bettet och tändernas ställning samt alternativ för tandreglering, även osynliga skenor.',
      en: 'An assessment of your bite and tooth alignment, and the options for orthodontic treatment, clear aligners included.',
    },
    durationMinutes: 45,
    prices: { private: 85 },
    priceDetails: null,
    branchOptional: false,
    requiresStaffDescription: false,
    kinds: ['dentist'],
  },
  {
    id: 9,
    name: {
      fi: 'Lapsen hammastarkastus',
      sv: 'Tandundersökning för barn',
      en: "Children's check-up",
    },
    description: {
      fi: 'Alle 18-vuotiaan hampaiden tarkastus rauhalliseen tahtiin.',
      sv: 'Tandundersökning i lugn takt för barn och unga under 18 år.',
      en: 'A calm check-up for children and young people under 18.',
    },
    durationMinutes: 20,
    prices: { private: 45, serviceVoucher: 0 },
    priceDetails: {
      fi: 'Palvelusetelillä alle 18-vuotiaan käynti on maksuton.',
      sv: 'Med servicesedel är besöket avgiftsfritt för den som är under 18 år.',
      en: 'With a service voucher, the visit is free of charge for under-18s.',
    },
    branchOptional: true,
    requiresStaffDescription: false,
    kinds: ['dentist', 'hygienist', 'oralHygienist'],
  },
  {
    id: 10,
    name: {
      fi: 'Viisaudenhampaan poisto',
      sv: 'Borttagning av visdomstand',
      en: 'Wisdom tooth removal',
    },
    description: {
      fi: 'Viisaudenhampaan poisto paikallispuudutuksessa. Kerro lähetteestä tai röntgenkuvista lisätiedoissa.',
      sv: 'Borttagning av visdomstand under lokalbedövning. Nämn remiss eller röntgenbilder i tilläggsuppgifterna.',
      en: 'Removal of a wisdom tooth under local anaesthesia. Mention any referral or X-rays in the notes.',
    },
    durationMinutes: 90,
    prices: { private: 260, paymentCommitment: 260 },
    priceDetails: {
      fi: 'Hinta alkaen; leikkauksellinen poisto hinnaston mukaan.',
      sv: 'Pris från; kirurgisk borttagning enligt prislistan.',
      en: 'Starting price; surgical removal per the price list.',
    },
    branchOptional: false,
    requiresStaffDescription: true,
    kinds: ['dentist'],
  },
  {
    id: 11,
    name: {
      fi: 'Fluorikäsittely ja pikapuhdistus',
      sv: 'Fluorbehandling och snabbrengöring',
      en: 'Fluoride treatment and quick clean',
    },
    description: {
      fi: 'Hampaiden pintojen puhdistus ja fluorilakkaus hammashoitajalla.',
      sv: 'Rengöring av tandytorna och fluorlackning hos tandskötare.',
      en: 'Cleaning of the tooth surfaces and fluoride varnish by a dental nurse.',
    },
    durationMinutes: 20,
    prices: { private: 39, serviceVoucher: 15 },
    priceDetails: null,
    branchOptional: true,
    requiresStaffDescription: false,
    kinds: ['oralHygienist', 'hygienist'],
  },
];

const reasonById = new Map(reasons.map((reason) => [reason.id, reason]));

export function findReason(id: number): ReasonDefinition | null {
  return reasonById.get(id) ?? null;
}

export function reasonAllows(reason: ReasonDefinition, type: CustomerTypeId): boolean {
  return reason.prices[type] !== undefined;
}

/** The reason's price for the customer type, before any campaign discount. */
export function reasonPrice(reason: ReasonDefinition, type: CustomerTypeId): number {
  return reason.prices[type] ?? 0;
}

export function reasonCustomerTypes(reason: ReasonDefinition): CustomerTypeId[] {
  return customerTypes.map((type) => type.id).filter((type) => reasonAllows(reason, type));
}

export function toBookingReason(
  reason: ReasonDefinition,
  type: CustomerTypeId,
  language: Language,
): Schemas['BookingReason'] {
  return {
    id: reason.id,
    name: pick(reason.name, language),
    description: pick(reason.description, language),
    customerTypes: reasonCustomerTypes(reason),
    durationMinutes: reason.durationMinutes,
    price: reasonPrice(reason, type),
    priceDetails: reason.priceDetails ? pick(reason.priceDetails, language) : null,
    branchOptional: reason.branchOptional,
    requiresStaffDescription: reason.requiresStaffDescription,
    employeeTitles: [...reason.kinds],
  };
}

/** The reasons the customer type may book, in display order. */
export function listReasons(type: CustomerTypeId, language: Language): Schemas['BookingReason'][] {
  return reasons
    .filter((reason) => reasonAllows(reason, type))
    .map((reason) => toBookingReason(reason, type, language));
}
