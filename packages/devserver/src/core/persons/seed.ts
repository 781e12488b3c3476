import { addDaysToDate, helsinkiDate, toHelsinkiIso } from '../clock.ts';
import { fictionalSsn } from '../ssn.ts';
import type { DevState } from '../state.ts';
import { TERMS_VERSION, currentPrivacyStatement } from '../users/terms.ts';

/** A Helsinki day, `YYYY-MM-DD`, `years` back from another (29 February → 1 March). */
function yearsBefore(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year - years, month - 1, date)).toISOString().slice(0, 10);
}

interface FamilyMember {
  firstName: string;
  lastName: string;
  /** Who signs in at the dev server's stand-in bank (QA); the others are acted for. */
  bankUser?: string;
  /** The date of birth, from the seed's day. */
  born: (today: string) => string;
  individual: number;
}

/**
 * The families of acting for another person (issue 55, FINLAND.md): Pekka Perhe, the guardian of
 * Aino (7), Eetu (15), Sara (turning 18 in three days by the dev clock) and Oona (9, whose
 * guardian's health matters are blocked: not offered); Liisa Perhe, Aino's other guardian; Tiina
 * Valta with a live mandate from her father Veikko (book, view, manage, a year) and one from her
 * mother Helmi that ended yesterday. Dated from the seed's day.
 */
const MEMBERS = {
  pekka: {
    bankUser: 'pekka',
    firstName: 'Pekka',
    lastName: 'Perhe',
    born: () => '1984-05-04',
    individual: 960,
  },
  liisa: {
    bankUser: 'liisa',
    firstName: 'Liisa',
    lastName: 'Perhe',
    born: () => '1986-02-11',
    individual: 961,
  },
  aino: {
    firstName: 'Aino',
    lastName: 'Perhe',
    born: (today) => addDaysToDate(yearsBefore(today, 7), -100),
    individual: 962,
  },
  eetu: {
    bankUser: 'eetu',
    firstName: 'Eetu',
    lastName: 'Perhe',
    born: (today) => addDaysToDate(yearsBefore(today, 15), -50),
    individual: 963,
  },
  sara: {
    firstName: 'Sara',
    lastName: 'Perhe',
    born: (today) => addDaysToDate(yearsBefore(today, 18), 3),
    individual: 964,
  },
  oona: {
    firstName: 'Oona',
    lastName: 'Perhe',
    born: (today) => addDaysToDate(yearsBefore(today, 9), -20),
    individual: 965,
  },
  tiina: {
    bankUser: 'tiina',
    firstName: 'Tiina',
    lastName: 'Valta',
    born: () => '1970-08-20',
    individual: 966,
  },
  veikko: { firstName: 'Veikko', lastName: 'Valta', born: () => '1944-03-02', individual: 967 },
  helmi: { firstName: 'Helmi', lastName: 'Valta', born: () => '1946-11-09', individual: 968 },
} satisfies Record<string, FamilyMember>;

export type FamilyKey = keyof typeof MEMBERS;

/** How many accounts the families add to the seed. */
export const FAMILY_MEMBERS = Object.keys(MEMBERS).length;

/**
 * Lays the families after every other seed, drawing nothing from the seed's random numbers: the
 * rest of the seed (ids, names, times) is as it was. Answers each member's user id.
 */
export function seedFamilies(state: DevState): Record<FamilyKey, number> {
  const { db } = state;
  const today = helsinkiDate(state.clock.now());
  const now = toHelsinkiIso(state.clock.now());
  const privacy = currentPrivacyStatement(state).version;
  let id = Math.max(0, ...db.user.getAll().map((user) => user.id));
  const ids = {} as Record<FamilyKey, number>;
  for (const [key, member] of Object.entries(MEMBERS) as [FamilyKey, FamilyMember][]) {
    id += 1;
    const [year, month, day] = member.born(today).split('-').map(Number) as [
      number,
      number,
      number,
    ];
    const handle = `${member.firstName}.${member.lastName}`.toLowerCase();
    db.user.create({
      id,
      webRole: 'patient',
      firstName: member.firstName,
      lastName: member.lastName,
      ssn: fictionalSsn({ day, month, year }, member.individual),
      phone: `+35840900${String(member.individual).slice(-4).padStart(4, '0')}`,
      email: `${handle}@example.fi`,
      street: member.lastName === 'Perhe' ? 'Perhekatu 7' : 'Valtatie 12',
      postalCode: '00100',
      city: 'Helsinki',
      termsVersion: TERMS_VERSION,
      privacyVersion: privacy,
      emailMarketingEnabled: false,
      smsMarketingEnabled: false,
      messagingConsent: true,
      serviceSmsEnabled: true,
      serviceEmailEnabled: true,
      reminderSmsEnabled: true,
      reminderEmailEnabled: false,
      areasOfInterests: [],
      ownBranchId: null,
      ownEmployeeId: null,
      shouldShowProfilePage: false,
      bankUser: member.bankUser ?? null,
      createdAt: now,
    });
    ids[key] = id;
  }
  let relationId = 0;
  const guardian = (actor: FamilyKey, child: FamilyKey, blocked = false) =>
    db.relation.create({
      id: (relationId += 1),
      actorId: ids[actor],
      subjectId: ids[child],
      kind: 'guardian',
      rights: ['book', 'view', 'manage'],
      validFrom: null,
      validUntil: null,
      withdrawn: false,
      blocked,
    });
  guardian('pekka', 'aino');
  guardian('liisa', 'aino');
  guardian('pekka', 'eetu');
  guardian('pekka', 'sara');
  guardian('pekka', 'oona', true);
  const mandate = (actor: FamilyKey, mandator: FamilyKey, from: string, until: string) =>
    db.relation.create({
      id: (relationId += 1),
      actorId: ids[actor],
      subjectId: ids[mandator],
      kind: 'mandate',
      rights: ['book', 'view', 'manage'],
      validFrom: from,
      validUntil: until,
      withdrawn: false,
      blocked: false,
    });
  mandate('tiina', 'veikko', addDaysToDate(today, -30), addDaysToDate(today, 365));
  mandate('tiina', 'helmi', addDaysToDate(today, -400), addDaysToDate(today, -1));
  return ids;
}
