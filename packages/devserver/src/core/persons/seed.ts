import { addDaysToDate, helsinkiDate, toHelsinkiIso } from '../clock.ts';
import { daySlots } from '../booking/day-slots.ts';
import { setHiddenFromGuardians, storeReservation } from '../booking/reservations.ts';
import { fictionalSsn } from '../ssn.ts';
import type { DevState } from '../state.ts';
import { TERMS_VERSION, currentPrivacyStatement } from '../users/terms.ts';

/** A Helsinki day, `YYYY-MM-DD`, `years` back from another (29 February → 1 March). */
function yearsBefore(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year - years, month - 1, date)).toISOString().slice(0, 10);
}

/** A member's phone number, from their number in the seed. */
function phoneOf(member: FamilyMember): string {
  return `+35840900${String(member.individual).slice(-4).padStart(4, '0')}`;
}

interface FamilyMember {
  firstName: string;
  lastName: string;
  /** Who signs in at the dev server's stand-in bank (QA); the others are acted for. */
  bankUser?: string;
  /** The test user's key (`POST /api/dev/session`, the QA toolbar) and what QA finds there. */
  dev?: { key: FamilyDevKey; description: string };
  /** The date of birth, from the seed's day. */
  born: (today: string) => string;
  individual: number;
}

/**
 * The families of acting for another person (issue 55, FINLAND.md): Pekka Perhe, the guardian of
 * Aino (7), Eetu (15), Sara (turning 18 in three days by the dev clock) and Oona (9, whose
 * guardian's health matters are blocked: not offered); Liisa Perhe, Aino's other guardian; Tiina
 * Valta with a live mandate from her father Veikko (book, view, manage, for two months more) and one from her
 * mother Helmi that ended yesterday. Dated from the seed's day.
 */
const MEMBERS = {
  pekka: {
    bankUser: 'pekka',
    dev: {
      key: 'guardian',
      description:
        'Guardian of Aino (7), Eetu (15, one visit hidden from him) and Sara (18 in three days); Oona (protection order) not offered',
    },
    firstName: 'Pekka',
    lastName: 'Perhe',
    born: () => '1984-05-04',
    individual: 960,
  },
  liisa: {
    bankUser: 'liisa',
    dev: { key: 'co-guardian', description: 'Aino’s other guardian (shares her with Pekka)' },
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
    dev: { key: 'minor', description: '15-year-old: may hide a visit from his guardian (one is)' },
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
    dev: {
      key: 'mandatary',
      description:
        'Mandate from her father Veikko (two months more by the dev clock); her mother Helmi’s ended yesterday',
    },
    firstName: 'Tiina',
    lastName: 'Valta',
    born: () => '1970-08-20',
    individual: 966,
  },
  veikko: { firstName: 'Veikko', lastName: 'Valta', born: () => '1944-03-02', individual: 967 },
  helmi: { firstName: 'Helmi', lastName: 'Valta', born: () => '1946-11-09', individual: 968 },
} satisfies Record<string, FamilyMember>;

export type FamilyKey = keyof typeof MEMBERS;

/** The families' test users (`DevUserKey`). */
export type FamilyDevKey = 'guardian' | 'co-guardian' | 'minor' | 'mandatary';

/** The families' test users as QA signs in as them (the dev users list, the start banner). */
export const familyTestUsers: readonly {
  key: FamilyDevKey;
  description: string;
  bankUser: string;
  phone: string;
}[] = Object.values(MEMBERS as Record<FamilyKey, FamilyMember>).flatMap((member) =>
  member.dev && member.bankUser
    ? [
        {
          key: member.dev.key,
          description: member.dev.description,
          bankUser: member.bankUser,
          phone: phoneOf(member),
        },
      ]
    : [],
);

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
      phone: phoneOf(member),
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
      // The family's own clinic, Helsinki Kamppi (the booking starts there, as Maija's does).
      ownBranchId: member.lastName === 'Perhe' ? 1 : null,
      ownEmployeeId: null,
      shouldShowProfilePage: false,
      bankUser: member.bankUser ?? null,
      devKey: member.dev?.key ?? null,
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
  mandate('tiina', 'veikko', addDaysToDate(today, -30), addDaysToDate(today, 60));
  mandate('tiina', 'helmi', addDaysToDate(today, -400), addDaysToDate(today, -1));
  seedVisit(state, ids.aino, addDaysToDate(today, 20), false);
  seedVisit(state, ids.eetu, addDaysToDate(today, 21), true);
  return ids;
}

/**
 * A check-up at the Helsinki clinic 1 on the day or the next with a free time, the day's last (out of the way of the times
 * tests book), booked online; `hidden`: the child has hidden it from the guardians.
 */
function seedVisit(state: DevState, userId: number, from: string, hidden: boolean): void {
  const dayOf = (date: string) =>
    daySlots(state, { branchIds: [1], reasonId: 1, customerType: 'private', date });
  const first = dayOf(from);
  // A weekend or a full day: the next day with a free time.
  const next = first.ok && first.value.slots.length === 0 ? first.value.nextDateWithSlots : null;
  const day = next === null ? first : dayOf(next);
  const slot = day.ok ? day.value.slots.at(-1) : undefined;
  if (slot === undefined) return;
  const row = storeReservation(state, {
    userId,
    status: 'confirmed',
    branchId: slot.branchId,
    employeeId: slot.employeeId,
    reasonId: 1,
    start: Date.parse(slot.startTime),
    source: 'online',
  });
  const { email = '', phone = '' } = row.customer;
  if (hidden) setHiddenFromGuardians(state, row, true, { email, phone });
}
