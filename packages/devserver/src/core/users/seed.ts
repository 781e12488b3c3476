import { toHelsinkiIso } from '../clock.ts';
import type { Db } from '../db.ts';
import { FIRST_NAMES, LAST_NAMES } from '../names.ts';
import type { Random } from '../random.ts';
import { fictionalSsn } from '../ssn.ts';
import { TERMS_VERSION, currentPrivacyStatement } from './terms.ts';
import type { DevState } from '../state.ts';

export interface TestUser {
  key: 'patient' | 'first-login' | 'survey' | 'admin' | 'content-manager';
  description: string;
  webRole: 'patient' | 'admin' | 'contentManager';
  firstName: string;
  lastName: string;
  birth: { day: number; month: number; year: number };
  individual: number;
  phone: string;
  email: string;
  bankUser: string;
  termsAccepted: boolean;
  shouldShowProfilePage: boolean;
}

/** The dev server's test users, one per role and state (ARCHITECTURE.md 'Conventions'). */
export const testUsers: readonly TestUser[] = [
  {
    key: 'patient',
    description: 'Patient with accepted terms and a few reservations',
    webRole: 'patient',
    firstName: 'Maija',
    lastName: 'Meikäläinen',
    birth: { day: 15, month: 3, year: 1985 },
    individual: 914,
    phone: '+358401000001',
    email: 'maija.meikalainen@example.fi',
    bankUser: 'maija',
    termsAccepted: true,
    shouldShowProfilePage: false,
  },
  {
    key: 'first-login',
    description: 'Patient logging in for the first time (terms not accepted)',
    webRole: 'patient',
    firstName: 'Eero',
    lastName: 'Ensikertalainen',
    birth: { day: 2, month: 11, year: 1992 },
    individual: 921,
    phone: '+358401000002',
    email: 'eero.ensikertalainen@example.fi',
    bankUser: 'eero',
    termsAccepted: false,
    shouldShowProfilePage: false,
  },
  {
    key: 'survey',
    description: 'Patient asked to update the profile (ShouldShowProfilePage)',
    webRole: 'patient',
    firstName: 'Siiri',
    lastName: 'Kyselinen',
    birth: { day: 28, month: 6, year: 1978 },
    individual: 936,
    phone: '+358401000003',
    email: 'siiri.kyselinen@example.fi',
    bankUser: 'siiri',
    termsAccepted: true,
    shouldShowProfilePage: true,
  },
  {
    key: 'admin',
    description: 'Admin: patients, rules, coupons',
    webRole: 'admin',
    firstName: 'Antti',
    lastName: 'Ylläpitäjä',
    birth: { day: 9, month: 9, year: 1980 },
    individual: 947,
    phone: '+358401000004',
    email: 'antti.yllapitaja@example.fi',
    bankUser: 'antti',
    termsAccepted: true,
    shouldShowProfilePage: false,
  },
  {
    key: 'content-manager',
    description: 'Content manager: rules, coupons, news, events',
    webRole: 'contentManager',
    firstName: 'Sanna',
    lastName: 'Sisältö',
    birth: { day: 21, month: 1, year: 1990 },
    individual: 958,
    phone: '+358401000005',
    email: 'sanna.sisalto@example.fi',
    bankUser: 'sanna',
    termsAccepted: true,
    shouldShowProfilePage: false,
  },
];

const streets = [
  'Mannerheimintie',
  'Aleksanterinkatu',
  'Hämeenkatu',
  'Kauppakatu',
  'Rantatie',
  'Koulukatu',
  'Puistokatu',
  'Kirkkokatu',
];

export const EXTRA_PATIENTS = 140;

/** Test users (ids 1–5) and 140 other patients for the staff screens. */
export function seedUsers(state: DevState, db: Db, random: Random): void {
  const now = toHelsinkiIso(state.clock.now());
  const privacy = currentPrivacyStatement(state).version;
  const branches = db.branch.getAll().filter((b) => b.enabled);
  testUsers.forEach((user, index) => {
    const home = branches[index % branches.length]!;
    db.user.create({
      id: index + 1,
      devKey: user.key,
      webRole: user.webRole,
      firstName: user.firstName,
      lastName: user.lastName,
      ssn: fictionalSsn(user.birth, user.individual),
      phone: user.phone,
      email: user.email,
      street: `${streets[index % streets.length]} ${index + 3}`,
      postalCode: home.postalCode,
      city: home.city,
      termsVersion: user.termsAccepted ? TERMS_VERSION : null,
      privacyVersion: user.termsAccepted ? privacy : null,
      emailMarketingEnabled: user.key === 'patient',
      smsMarketingEnabled: false,
      messagingConsent: user.termsAccepted,
      serviceSmsEnabled: true,
      serviceEmailEnabled: true,
      reminderSmsEnabled: true,
      reminderEmailEnabled: false,
      areasOfInterests: user.key === 'patient' ? ['dentalWhitening', 'genericDentalHealth'] : [],
      ownBranchId: user.key === 'patient' ? home.id : null,
      ownEmployeeId: null,
      shouldShowProfilePage: user.shouldShowProfilePage,
      bankUser: user.bankUser,
      createdAt: now,
    });
  });
  for (let n = 0; n < EXTRA_PATIENTS; n++) {
    const id = testUsers.length + 1 + n;
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const home = random.pick(branches);
    const handle = `${firstName}.${lastName}${id}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');
    const year = random.int(1940, 2006);
    db.user.create({
      id,
      webRole: 'patient',
      firstName,
      lastName,
      ssn: fictionalSsn(
        { day: random.int(1, 28), month: random.int(1, 12), year },
        900 + (n % 100),
      ),
      phone: `+35840${String(2000000 + id * 37).slice(-7)}`,
      email: `${handle}@example.fi`,
      street: `${random.pick(streets)} ${random.int(1, 60)}`,
      postalCode: home.postalCode,
      city: home.city,
      termsVersion: TERMS_VERSION,
      privacyVersion: privacy,
      emailMarketingEnabled: random.chance(0.4),
      smsMarketingEnabled: random.chance(0.25),
      messagingConsent: random.chance(0.8),
      serviceSmsEnabled: true,
      serviceEmailEnabled: random.chance(0.7),
      reminderSmsEnabled: true,
      reminderEmailEnabled: false,
      areasOfInterests: [],
      ownBranchId: random.chance(0.5) ? home.id : null,
      ownEmployeeId: null,
      shouldShowProfilePage: false,
      bankUser: null,
      createdAt: now,
    });
  }
}
