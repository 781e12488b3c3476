import { FIRST_NAMES, LAST_NAMES } from '../names.ts';
import type { Random } from '../random.ts';
import type { Db } from '../db.ts';

interface CitySeed {
  city: string;
  group: number;
  postal: string;
  branches: {
    name: string;
    street: string;
    lat: number;
    lon: number;
    enabled?: boolean;
    /** Why a disabled branch takes no online booking (fi, sv, en). */
    closed?: { fi: string; sv: string; en: string };
  }[];
}

const groups = [
  { id: 1, fi: 'Pääkaupunkiseutu', sv: 'Huvudstadsregionen', en: 'Helsinki region' },
  { id: 2, fi: 'Etelä-Suomi', sv: 'Södra Finland', en: 'Southern Finland' },
  { id: 3, fi: 'Länsi-Suomi', sv: 'Västra Finland', en: 'Western Finland' },
  {
    id: 4,
    fi: 'Itä- ja Pohjois-Suomi',
    sv: 'Östra och Norra Finland',
    en: 'Eastern and Northern Finland',
  },
];

/** Real city-centre coordinates; street names are real, numbers fictional. */
const cities: CitySeed[] = [
  {
    city: 'Helsinki',
    group: 1,
    postal: '00100',
    branches: [
      { name: 'Helsinki Kamppi', street: 'Urho Kekkosen katu 1', lat: 60.1687, lon: 24.9316 },
      { name: 'Helsinki Kallio', street: 'Hämeentie 12', lat: 60.1841, lon: 24.951 },
      { name: 'Helsinki Itäkeskus', street: 'Itäkatu 3', lat: 60.2104, lon: 25.0821 },
      { name: 'Helsinki Malmi', street: 'Malminkaari 9', lat: 60.251, lon: 25.0107 },
      {
        name: 'Helsinki Munkkiniemi',
        street: 'Munkkiniemen puistotie 8',
        lat: 60.1979,
        lon: 24.8766,
        enabled: false,
        closed: {
          fi: 'Suljettu remontin ajan',
          sv: 'Stängd under renoveringen',
          en: 'Closed during renovation',
        },
      },
    ],
  },
  {
    city: 'Espoo',
    group: 1,
    postal: '02100',
    branches: [
      { name: 'Espoo Tapiola', street: 'Tapiontori 2', lat: 60.1756, lon: 24.8054 },
      { name: 'Espoo Leppävaara', street: 'Leppävaarankatu 5', lat: 60.219, lon: 24.813 },
      { name: 'Espoo Matinkylä', street: 'Piispansilta 11', lat: 60.1597, lon: 24.7384 },
    ],
  },
  {
    city: 'Vantaa',
    group: 1,
    postal: '01300',
    branches: [
      { name: 'Vantaa Tikkurila', street: 'Asematie 4', lat: 60.2925, lon: 25.044 },
      { name: 'Vantaa Myyrmäki', street: 'Iskoskuja 3', lat: 60.2611, lon: 24.8543 },
    ],
  },
  {
    city: 'Tampere',
    group: 3,
    postal: '33100',
    branches: [
      { name: 'Tampere Keskusta', street: 'Hämeenkatu 20', lat: 61.4978, lon: 23.761 },
      { name: 'Tampere Hervanta', street: 'Insinöörinkatu 30', lat: 61.4504, lon: 23.8507 },
      {
        name: 'Tampere Lielahti',
        street: 'Enqvistinkatu 7',
        lat: 61.516,
        lon: 23.678,
        enabled: false,
        closed: {
          fi: 'Ajanvaraus vain puhelimitse',
          sv: 'Tidsbokning endast per telefon',
          en: 'Appointments by phone only',
        },
      },
    ],
  },
  {
    city: 'Turku',
    group: 3,
    postal: '20100',
    branches: [
      { name: 'Turku Keskusta', street: 'Yliopistonkatu 18', lat: 60.4518, lon: 22.2666 },
      { name: 'Turku Skanssi', street: 'Skanssinkatu 10', lat: 60.434, lon: 22.3 },
    ],
  },
  {
    city: 'Oulu',
    group: 4,
    postal: '90100',
    branches: [
      { name: 'Oulu Keskusta', street: 'Kirkkokatu 14', lat: 65.0121, lon: 25.4651 },
      { name: 'Oulu Linnanmaa', street: 'Yliopistokatu 6', lat: 65.0593, lon: 25.4663 },
    ],
  },
  {
    city: 'Jyväskylä',
    group: 3,
    postal: '40100',
    branches: [{ name: 'Jyväskylä Keskusta', street: 'Kauppakatu 22', lat: 62.2426, lon: 25.7473 }],
  },
  {
    city: 'Kuopio',
    group: 4,
    postal: '70100',
    branches: [{ name: 'Kuopio Keskusta', street: 'Puijonkatu 15', lat: 62.8924, lon: 27.677 }],
  },
  {
    city: 'Lahti',
    group: 2,
    postal: '15100',
    branches: [
      { name: 'Lahti Keskusta', street: 'Aleksanterinkatu 9', lat: 60.9827, lon: 25.6612 },
    ],
  },
  {
    city: 'Pori',
    group: 3,
    postal: '28100',
    branches: [{ name: 'Pori Keskusta', street: 'Yrjönkatu 11', lat: 61.4851, lon: 21.7974 }],
  },
  {
    city: 'Joensuu',
    group: 4,
    postal: '80100',
    branches: [{ name: 'Joensuu Keskusta', street: 'Torikatu 21', lat: 62.601, lon: 29.7636 }],
  },
  {
    city: 'Lappeenranta',
    group: 2,
    postal: '53100',
    branches: [
      { name: 'Lappeenranta Keskusta', street: 'Valtakatu 33', lat: 61.0587, lon: 28.1887 },
    ],
  },
  {
    city: 'Vaasa',
    group: 3,
    postal: '65100',
    branches: [
      { name: 'Vaasa Keskusta', street: 'Hovioikeudenpuistikko 13', lat: 63.0951, lon: 21.6165 },
    ],
  },
  {
    city: 'Rovaniemi',
    group: 4,
    postal: '96100',
    branches: [{ name: 'Rovaniemi Keskusta', street: 'Koskikatu 25', lat: 66.5039, lon: 25.7294 }],
  },
  {
    city: 'Hämeenlinna',
    group: 2,
    postal: '13100',
    branches: [
      {
        name: 'Hämeenlinna Keskusta',
        street: 'Raatihuoneenkatu 8',
        lat: 60.9959,
        lon: 24.4643,
        enabled: false,
      },
    ],
  },
];

export const practitionerKinds = {
  dentist: { fi: 'Hammaslääkäri', sv: 'Tandläkare', en: 'Dentist' },
  hygienist: { fi: 'Suuhygienisti', sv: 'Munhygienist', en: 'Dental hygienist' },
  oralHygienist: { fi: 'Hammashoitaja', sv: 'Tandskötare', en: 'Dental nurse' },
} as const;

export type PractitionerKind = keyof typeof practitionerKinds;

export const EMPLOYEE_COUNT = 72;

/** Branch groups, 26 branches in 15 cities (3 disabled) and 72 practitioners (× `scale` for benchmarks). */
export function seedDirectory(db: Db, random: Random, scale = 1): void {
  for (const group of groups) {
    db.branchGroup.create({
      id: group.id,
      captionFi: group.fi,
      captionSv: group.sv,
      captionEn: group.en,
    });
  }
  let branchId = 0;
  for (const city of cities) {
    city.branches.forEach((branch, index) => {
      branchId += 1;
      const postal = String(Number(city.postal) + index * 10).padStart(5, '0');
      db.branch.create({
        id: branchId,
        name: branch.name,
        enabled: branch.enabled ?? true,
        closedReasonFi: branch.closed?.fi ?? null,
        closedReasonSv: branch.closed?.sv ?? null,
        closedReasonEn: branch.closed?.en ?? null,
        street: branch.street,
        postalCode: postal,
        city: city.city,
        latitude: branch.lat,
        longitude: branch.lon,
        groupId: city.group,
        phone: `010 555 ${String(1000 + branchId * 7).slice(-4)}`,
      });
    });
  }
  const enabledBranches = db.branch.getAll().filter((b) => b.enabled);
  const usedNames = new Set<string>();
  const combinations = FIRST_NAMES.length * LAST_NAMES.length;
  for (let id = 1; id <= EMPLOYEE_COUNT * scale; id++) {
    let name: string;
    do {
      name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
      // A scaled seed (benchmarks) has more people than name pairs: a middle initial tells them apart.
      if (usedNames.size >= combinations / 2)
        name = name.replace(' ', ` ${String.fromCharCode(65 + (id % 26))}. `);
    } while (usedNames.has(name));
    usedNames.add(name);
    const kind: PractitionerKind =
      id % 3 === 0 ? 'hygienist' : id % 7 === 0 ? 'oralHygienist' : 'dentist';
    // Everyone works at one home branch; about a third also at a second branch of the same group.
    const home = enabledBranches[(id - 1) % enabledBranches.length]!;
    const sameGroup = enabledBranches.filter((b) => b.groupId === home.groupId && b.id !== home.id);
    const branchIds = [home.id];
    if (sameGroup.length > 0 && random.chance(0.35)) branchIds.push(random.pick(sameGroup).id);
    const titles = practitionerKinds[kind];
    db.employee.create({
      id,
      name,
      image: `/images/employees/${id}.svg`,
      enabled: id % 23 !== 0,
      kind,
      titleFi: titles.fi,
      titleSv: titles.sv,
      titleEn: titles.en,
      branchIds,
    });
  }
}
