import type { Language, Schemas } from '@portal/sdk';
import { addDaysToDate, helsinkiDate, helsinkiInstant, toHelsinkiIso } from '../clock.ts';
import type { Random } from '../random.ts';
import { nextId, type DevState } from '../state.ts';
import { toBase64 } from './base64.ts';
import { encodePng } from './png.ts';

type Texts = Schemas['CouponTranslation'];

const EMPTY: Texts = { name: '', priceDetails: '', instructions: '', info: '' };

interface CouponSeed {
  id: number;
  translations: Record<Language, Texts>;
  editedLanguage: Language;
  price: number;
  /** Days from today (Helsinki) of the first and last valid day; null for a continuous coupon. */
  valid: { from: number; to: number } | null;
  isActive: boolean;
  /** Cities whose enabled branches the coupon is for; null for all branches. */
  cities: string[] | null;
  /** Background colour of a generated PNG picture; null without an image. */
  picture: readonly [number, number, number] | null;
  /** Days ago of creation and last edit. */
  created: number;
  updated: number;
  /** How many other patients have used it (at random within these bounds). */
  otherRedemptions: [number, number];
}

/**
 * Seven coupons relative to the clock's today (T), for QA (see the report in the area's tests):
 * 1 continuous, all branches; 2 dated T−22…T+38, Helsinki branches, PNG image; 3 dated T−53…T+7,
 * redeemed by `patient` on T−9; 4 continuous but inactive (a draft in Finnish only); 5 expired
 * (T−145…T−30), redeemed by `patient` on T−70; 6 starts in the future (T+10…T+60); 7 continuous,
 * Tampere and Turku branches, PNG image, no Swedish texts (falls back to Finnish).
 */
const coupons: CouponSeed[] = [
  {
    id: 1,
    translations: {
      fi: {
        name: 'Maksuton tarkastus uusille asiakkaille',
        priceDetails: 'Sisältää suuhygienistin tarkastuksen (30 min).',
        instructions: 'Mainitse etu ajanvarauksen yhteydessä.',
        info: 'Ensimmäistä kertaa meillä asioiville.',
      },
      sv: {
        name: 'Gratis kontroll för nya kunder',
        priceDetails: 'Innehåller en kontroll hos munhygienist (30 min).',
        instructions: 'Nämn förmånen när du bokar.',
        info: 'För dig som besöker oss för första gången.',
      },
      en: {
        name: 'Free check-up for new patients',
        priceDetails: 'Includes a check-up by a dental hygienist (30 min).',
        instructions: 'Mention the benefit when booking.',
        info: 'For patients visiting us for the first time.',
      },
    },
    editedLanguage: 'en',
    price: 0,
    valid: null,
    isActive: true,
    cities: null,
    picture: null,
    created: 300,
    updated: 170,
    otherRedemptions: [60, 110],
  },
  {
    id: 2,
    translations: {
      fi: {
        name: 'Hampaiden valkaisu −20 %',
        priceDetails: 'Normaalihinta 249 €. Yksi käynti, molemmat leuat.',
        instructions: 'Näytä etu vastaanotossa ennen käyntiä.',
        info: 'Ei voi yhdistää muihin etuihin. Voimassa Helsingin toimipisteissä.',
      },
      sv: {
        name: 'Tandblekning −20 %',
        priceDetails: 'Ordinarie pris 249 €. Ett besök, båda käkarna.',
        instructions: 'Visa förmånen i receptionen före besöket.',
        info: 'Kan inte kombineras med andra erbjudanden. Gäller på mottagningarna i Helsingfors.',
      },
      en: {
        name: 'Teeth whitening −20 %',
        priceDetails: 'Normal price 249 €. One session, both jaws.',
        instructions: 'Show this coupon at the reception before your visit.',
        info: 'Cannot be combined with other offers. Valid at the Helsinki branches.',
      },
    },
    editedLanguage: 'fi',
    price: 199,
    valid: { from: -22, to: 38 },
    isActive: true,
    cities: ['Helsinki'],
    picture: [42, 157, 143],
    created: 34,
    updated: 21,
    otherRedemptions: [10, 30],
  },
  {
    id: 3,
    translations: {
      fi: {
        name: 'Suuhygienistikäynti 59 €',
        priceDetails: 'Normaalihinta 89 €. Sisältää hammaskiven poiston ja puhdistuksen (45 min).',
        instructions: 'Varaa aika suuhygienistille ja näytä etu vastaanotossa.',
        info: 'Yksi käyttökerta asiakasta kohden.',
      },
      sv: {
        name: 'Besök hos munhygienist 59 €',
        priceDetails:
          'Ordinarie pris 89 €. Innehåller borttagning av tandsten och rengöring (45 min).',
        instructions: 'Boka tid hos en munhygienist och visa förmånen i receptionen.',
        info: 'Kan användas en gång per kund.',
      },
      en: {
        name: 'Dental hygienist visit 59 €',
        priceDetails: 'Normal price 89 €. Includes tartar removal and cleaning (45 min).',
        instructions: 'Book a dental hygienist and show this coupon at the reception.',
        info: 'One use per customer.',
      },
    },
    editedLanguage: 'fi',
    price: 59,
    valid: { from: -53, to: 7 },
    isActive: true,
    cities: null,
    picture: null,
    created: 60,
    updated: 55,
    otherRedemptions: [15, 40],
  },
  {
    id: 4,
    translations: {
      fi: {
        name: 'Sähköhammasharja −30 %',
        priceDetails: 'Normaalihinta 99,90 €.',
        instructions: 'Näytä etu kassalla.',
        info: 'Niin kauan kuin tuotteita riittää.',
      },
      sv: EMPTY,
      en: EMPTY,
    },
    editedLanguage: 'fi',
    price: 69.9,
    valid: null,
    isActive: false,
    cities: null,
    picture: null,
    created: 3,
    updated: 2,
    otherRedemptions: [0, 0],
  },
  {
    id: 5,
    translations: {
      fi: {
        name: 'Kampanjatarkastus 49 €',
        priceDetails: 'Normaalihinta 79 €. Hammaslääkärin tarkastus (30 min).',
        instructions: 'Mainitse etu ajanvarauksen yhteydessä.',
        info: 'Voimassa kampanjan ajan.',
      },
      sv: {
        name: 'Kampanjkontroll 49 €',
        priceDetails: 'Ordinarie pris 79 €. Kontroll hos tandläkare (30 min).',
        instructions: 'Nämn förmånen när du bokar.',
        info: 'Gäller under kampanjen.',
      },
      en: {
        name: 'Campaign check-up 49 €',
        priceDetails: 'Normal price 79 €. A check-up by a dentist (30 min).',
        instructions: 'Mention the benefit when booking.',
        info: 'Valid during the campaign.',
      },
    },
    editedLanguage: 'fi',
    price: 49,
    valid: { from: -145, to: -30 },
    isActive: true,
    cities: null,
    picture: null,
    created: 150,
    updated: 146,
    otherRedemptions: [20, 45],
  },
  {
    id: 6,
    translations: {
      fi: {
        name: 'Fluorikäsittely 25 €',
        priceDetails: 'Normaalihinta 45 €.',
        instructions: 'Pyydä käsittelyä käynnin yhteydessä.',
        info: 'Voimassa kampanjan ajan.',
      },
      sv: {
        name: 'Fluorbehandling 25 €',
        priceDetails: 'Ordinarie pris 45 €.',
        instructions: 'Be om behandlingen vid besöket.',
        info: 'Gäller under kampanjen.',
      },
      en: {
        name: 'Fluoride treatment 25 €',
        priceDetails: 'Normal price 45 €.',
        instructions: 'Ask for the treatment during your visit.',
        info: 'Valid during the campaign.',
      },
    },
    editedLanguage: 'fi',
    price: 25,
    valid: { from: 10, to: 60 },
    isActive: true,
    cities: null,
    picture: null,
    created: 5,
    updated: 4,
    otherRedemptions: [0, 0],
  },
  {
    id: 7,
    translations: {
      fi: {
        name: 'Maksuton oikomishoidon konsultaatio',
        priceDetails:
          'Normaalihinta 60 €. Hammaslääkärin arvio näkymättömästä oikomishoidosta (30 min).',
        instructions: 'Varaa aika ja mainitse etu ajanvarauksen yhteydessä.',
        info: 'Voimassa Tampereen ja Turun toimipisteissä.',
      },
      sv: EMPTY,
      en: {
        name: 'Free clear aligner consultation',
        priceDetails: 'Normal price 60 €. A dentist’s assessment for clear aligners (30 min).',
        instructions: 'Book an appointment and mention the benefit.',
        info: 'Valid at the Tampere and Turku branches.',
      },
    },
    editedLanguage: 'fi',
    price: 0,
    valid: null,
    isActive: true,
    cities: ['Tampere', 'Turku'],
    picture: [233, 196, 106],
    created: 90,
    updated: 12,
    otherRedemptions: [5, 20],
  },
];

/** The `patient` test user's redemptions: coupon id and days ago (10:12 Helsinki). */
export const PATIENT_REDEMPTIONS = [
  { couponId: 3, daysAgo: 9, time: '10:12' },
  { couponId: 5, daysAgo: 70, time: '14:05' },
] as const;

function hexName(random: Random): string {
  let hex = '';
  for (let i = 0; i < 32; i++) hex += random.int(0, 15).toString(16);
  return hex;
}

/** A 240×120 banner: the colour with lighter diagonal stripes. */
function picture(colour: readonly [number, number, number]): Uint8Array {
  const [r, g, b] = colour;
  const light = (c: number): number => Math.min(255, c + 40);
  return encodePng(240, 120, (x, y) =>
    (x + y) % 40 < 12 ? [light(r), light(g), light(b)] : [r, g, b],
  );
}

/** Seed data of the coupons area (called by core/seed.ts in dependency order). */
export function seedCoupons(state: DevState, random: Random): void {
  const { db } = state;
  const today = helsinkiDate(state.clock.now());
  const at = (days: number, time: string): string =>
    toHelsinkiIso(helsinkiInstant(addDaysToDate(today, days), time));
  const branches = db.branch.getAll().sort((a, b) => a.id - b.id);
  const others = db.user.getAll().filter((u) => u.devKey === null && u.webRole === 'patient');
  const patient = db.user.findFirst({ where: { devKey: { equals: 'patient' } } });

  for (const seed of coupons) {
    const branchIds = seed.cities
      ? branches.filter((b) => b.enabled && seed.cities?.includes(b.city)).map((b) => b.id)
      : [];
    let imageName: string | null = null;
    if (seed.picture) {
      imageName = `${hexName(random)}.png`;
      const bytes = picture(seed.picture);
      db.image.create({
        name: imageName,
        contentType: 'image/png',
        base64: toBase64(bytes),
        size: bytes.byteLength,
        couponId: seed.id,
        createdAt: at(-seed.updated, '09:00'),
      });
    }
    db.coupon.create({
      id: seed.id,
      translations: {
        fi: { ...seed.translations.fi },
        sv: { ...seed.translations.sv },
        en: { ...seed.translations.en },
      },
      editedLanguage: seed.editedLanguage,
      price: seed.price,
      validFrom: seed.valid ? addDaysToDate(today, seed.valid.from) : null,
      validTo: seed.valid ? addDaysToDate(today, seed.valid.to) : null,
      isActive: seed.isActive,
      isContinuous: seed.valid === null,
      imageName,
      allBranches: seed.cities === null,
      branchIds,
      createdAt: at(-seed.created, '08:30'),
      updatedAt: at(-seed.updated, '09:00'),
    });

    // Other patients' uses, on days before today inside the coupon's dates.
    const [min, max] = seed.otherRedemptions;
    const count = Math.min(random.int(min, max), others.length);
    const firstDay = Math.max(seed.valid?.from ?? -180, -seed.created);
    const lastDay = Math.min(seed.valid?.to ?? -1, -1);
    if (count === 0 || firstDay > lastDay) continue;
    for (const user of random.shuffle(others).slice(0, count)) {
      const day = random.int(firstDay, lastDay);
      const time = `${String(random.int(8, 19)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}`;
      db.couponRedemption.create({
        id: nextId(state, 'couponRedemption'),
        couponId: seed.id,
        userId: user.id,
        redeemedAt: at(day, time),
      });
    }
  }

  if (patient) {
    for (const r of PATIENT_REDEMPTIONS) {
      db.couponRedemption.create({
        id: nextId(state, 'couponRedemption'),
        couponId: r.couponId,
        userId: patient.id,
        redeemedAt: at(-r.daysAgo, r.time),
      });
    }
  }
}
