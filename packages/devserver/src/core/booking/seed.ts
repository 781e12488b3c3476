import type { Schemas } from '@portal/sdk';
import { helsinkiDate, helsinkiInstant } from '../clock.ts';
import type { Random } from '../random.ts';
import type { DevState } from '../state.ts';
import { daySlots } from './day-slots.ts';
import { addDays, displayDate, weekdayOf } from './calendar.ts';
import { reasonPrice, reasons } from './catalog.ts';
import { discounted } from './codes.ts';
import { storeReservation } from './reservations.ts';

/**
 * Seed data of the booking area. Validity dates and the test patient's reservations are
 * relative to the clock's today when the seed runs, so that they keep their meaning (valid,
 * expired, inside 24 hours…) whenever the dev server starts: the same seed and the same today
 * give the same data.
 */

interface CampaignSeed {
  code: string;
  discountPercent: number;
  /** Days from today. */
  from: number;
  to: number;
  reasonIds: number[];
  description: { fi: string; sv: string; en: string };
}

export const campaignSeeds: readonly CampaignSeed[] = [
  {
    code: 'HYMY10',
    discountPercent: 10,
    from: -30,
    to: 60,
    reasonIds: [1, 3],
    description: {
      fi: '10 % alennus hammastarkastuksesta verkossa varattaessa {to} asti.',
      sv: '10 % rabatt på tandundersökning vid bokning på nätet till och med {to}.',
      en: '10 % off a dental check-up booked online until {to}.',
    },
  },
  {
    code: 'TERVE15',
    discountPercent: 15,
    from: -7,
    to: 90,
    reasonIds: [],
    description: {
      fi: '15 % alennus kaikista verkossa varatuista palveluista {to} asti.',
      sv: '15 % rabatt på alla tjänster som bokas på nätet till och med {to}.',
      en: '15 % off every service booked online until {to}.',
    },
  },
  {
    code: 'VALKO20',
    discountPercent: 20,
    from: -14,
    to: 45,
    reasonIds: [6],
    description: {
      fi: '20 % alennus valkaisun konsultaatiosta {to} asti.',
      sv: '20 % rabatt på konsultation om tandblekning till och med {to}.',
      en: '20 % off a teeth whitening consultation until {to}.',
    },
  },
  {
    code: 'KESA25',
    discountPercent: 25,
    from: -160,
    to: -70,
    reasonIds: [],
    description: {
      fi: 'Kesäkampanja: 25 % alennus {to} asti.',
      sv: 'Sommarkampanj: 25 % rabatt till och med {to}.',
      en: 'Summer campaign: 25 % off until {to}.',
    },
  },
  {
    code: 'KEVAT20',
    discountPercent: 20,
    from: 30,
    to: 120,
    reasonIds: [1, 2],
    description: {
      fi: 'Kevätkampanja: 20 % alennus tarkastuksesta ja hammaskiven poistosta {to} asti.',
      sv: 'Vårkampanj: 20 % rabatt på undersökning och tandstensborttagning till och med {to}.',
      en: 'Spring campaign: 20 % off a check-up and a dental cleaning until {to}.',
    },
  },
];

interface VoucherSeed {
  identifier: string;
  customerType: 'serviceVoucher' | 'paymentCommitment';
  issuer: string;
  from: number;
  until: number;
  reasonIds: number[];
  maxVisits: number;
  usedVisits: number;
  /** What QA uses it for. */
  note: string;
}

export const voucherSeeds: readonly VoucherSeed[] = [
  {
    identifier: 'PSV-2026-004512',
    customerType: 'serviceVoucher',
    issuer: 'Vantaan ja Keravan hyvinvointialue',
    from: -20,
    until: 120,
    reasonIds: [1, 2, 3, 5, 9, 11],
    maxVisits: 6,
    usedVisits: 0,
    note: 'valid',
  },
  {
    identifier: 'PSV-2026-010204',
    customerType: 'serviceVoucher',
    issuer: 'Pirkanmaan hyvinvointialue',
    from: -3,
    until: 14,
    reasonIds: [1, 9],
    maxVisits: 2,
    usedVisits: 0,
    note: 'valid for visits in the next 14 days only',
  },
  {
    identifier: 'PSV-2026-000815',
    customerType: 'serviceVoucher',
    issuer: 'Länsi-Uudenmaan hyvinvointialue',
    from: -200,
    until: -10,
    reasonIds: [1, 2],
    maxVisits: 3,
    usedVisits: 1,
    note: 'expired',
  },
  {
    identifier: 'PSV-2026-007730',
    customerType: 'serviceVoucher',
    issuer: 'Itä-Uudenmaan hyvinvointialue',
    from: -60,
    until: 60,
    reasonIds: [1, 2, 5],
    maxVisits: 2,
    usedVisits: 2,
    note: 'used up',
  },
  {
    identifier: 'MS-2026-118734',
    customerType: 'paymentCommitment',
    issuer: 'Esimerkki Vakuutus Oy',
    from: -5,
    until: 75,
    reasonIds: [1, 4, 5, 10],
    maxVisits: 4,
    usedVisits: 0,
    note: 'valid',
  },
  {
    identifier: 'MS-2026-000042',
    customerType: 'paymentCommitment',
    issuer: 'Rakennusliike Esimerkki Oy',
    from: -30,
    until: 90,
    reasonIds: [7],
    maxVisits: 1,
    usedVisits: 0,
    note: 'valid for the implant consultation only',
  },
];

type Slot = Schemas['Slot'];

/** The free slots of a date, or of the next date with slots. */
function slotsFrom(state: DevState, branchIds: number[], reasonId: number, date: string): Slot[] {
  const query = { branchIds, reasonId, customerType: 'private' as const };
  const day = daySlots(state, { ...query, date });
  if (!day.ok) return [];
  if (day.value.slots.length > 0 || !day.value.nextDateWithSlots) return day.value.slots;
  const next = daySlots(state, { ...query, date: day.value.nextDateWithSlots });
  return next.ok ? next.value.slots : [];
}

/** The first practitioner of a kind working at a branch (for visits in the past). */
function practitionerAt(state: DevState, branchId: number, kind: string): number | null {
  const employee = state.db.employee
    .getAll()
    .filter((e) => e.enabled && e.kind === kind && e.branchIds.includes(branchId))
    .sort((a, b) => a.id - b.id)[0];
  return employee?.id ?? null;
}

/** Ids of the test patient's seeded reservations (see `bookingSeedFacts`). */
export const SEEDED_RESERVATION_IDS = {
  futureCheckUp: 1001,
  futureCleaning: 1002,
  insideWindow: 1003,
  tentative: 1004,
  completedCheckUp: 1005,
  completedCleaning: 1006,
  completedOld: 1007,
  cancelled: 1008,
} as const;

function seedPatientReservations(state: DevState): void {
  const patient = state.db.user.findFirst({ where: { devKey: { equals: 'patient' } } });
  if (!patient) return;
  const nowMs = state.clock.nowMs();
  const today = helsinkiDate(nowMs);
  const home = patient.ownBranchId ?? 1;
  const homeBranch = state.db.branch.findFirst({ where: { id: { equals: home } } });
  const cityBranches = state.db.branch
    .getAll()
    .filter((b) => b.enabled && b.city === homeBranch?.city)
    .map((b) => b.id);
  const second = cityBranches.find((id) => id !== home) ?? home;
  const ids = SEEDED_RESERVATION_IDS;
  const fromSlot = (
    slot: Slot | undefined,
    fallback: { branchId: number; kind: string; date: string; time: string },
  ) =>
    slot
      ? { branchId: slot.branchId, employeeId: slot.employeeId, start: Date.parse(slot.startTime) }
      : {
          branchId: fallback.branchId,
          employeeId: practitionerAt(state, fallback.branchId, fallback.kind),
          start: helsinkiInstant(fallback.date, fallback.time).getTime(),
        };

  // A confirmed check-up about a week ahead at the home branch, with the HYMY10 discount.
  const checkUp = fromSlot(
    slotsFrom(state, [home], 1, addDays(today, 7)).find(
      (s) => s.startTime.slice(11, 16) >= '09:00',
    ),
    { branchId: home, kind: 'dentist', date: addDays(today, 7), time: '09:00' },
  );
  storeReservation(state, {
    id: ids.futureCheckUp,
    userId: patient.id,
    status: 'confirmed',
    reasonId: 1,
    ...checkUp,
    price: discounted(reasonPrice(reasons[0]!, 'private'), 10),
    campaignCode: 'HYMY10',
    source: 'online',
    createdAt: nowMs - 3 * 86_400_000,
  });

  // A confirmed cleaning three weeks ahead at another branch of the city.
  storeReservation(state, {
    id: ids.futureCleaning,
    userId: patient.id,
    status: 'confirmed',
    reasonId: 2,
    ...fromSlot(slotsFrom(state, [second], 2, addDays(today, 21))[0], {
      branchId: second,
      kind: 'hygienist',
      date: addDays(today, 21),
      time: '13:00',
    }),
    source: 'online',
    createdAt: nowMs - 10 * 86_400_000,
  });

  // An acute visit inside the 24-hour window: the latest free slot 1–23 hours ahead.
  const soon = [today, addDays(today, 1)]
    .flatMap((date) => {
      const day = daySlots(state, {
        branchIds: cityBranches,
        reasonId: 4,
        customerType: 'private',
        date,
      });
      return day.ok ? day.value.slots : [];
    })
    .filter((s) => {
      const start = Date.parse(s.startTime);
      return start >= nowMs + 3_600_000 && start <= nowMs + 23 * 3_600_000;
    })
    .pop();
  storeReservation(state, {
    id: ids.insideWindow,
    userId: patient.id,
    status: 'confirmed',
    reasonId: 4,
    ...(soon
      ? { branchId: soon.branchId, employeeId: soon.employeeId, start: Date.parse(soon.startTime) }
      : {
          branchId: home,
          employeeId: practitionerAt(state, home, 'dentist'),
          start: insideWindowFallback(nowMs),
        }),
    descriptionForStaff: 'Vihlova kipu vasemmassa alaposkihampaassa kylmää juodessa.',
    source: 'online',
    createdAt: nowMs - 2 * 3_600_000,
  });

  // A filling proposed by the clinic after the last check-up, waiting for confirmation.
  storeReservation(state, {
    id: ids.tentative,
    userId: patient.id,
    status: 'tentative',
    reasonId: 5,
    ...fromSlot(
      slotsFrom(state, [home], 5, addDays(today, 10)).find(
        (s) => s.startTime.slice(11, 16) >= '13:00',
      ),
      { branchId: home, kind: 'dentist', date: addDays(today, 10), time: '14:00' },
    ),
    descriptionForStaff: 'Jatkohoito: paikkaus hampaaseen 36 tarkastuksen perusteella.',
    source: 'clinic',
    createdAt: nowMs - 86_400_000,
  });

  // History: three completed visits and one cancelled reservation.
  // Past visits fall on working days: a weekend date moves back to the Friday.
  const past = (days: number, time: string) => {
    const date = addDays(today, days);
    const weekday = weekdayOf(date);
    return helsinkiInstant(weekday > 5 ? addDays(date, 5 - weekday) : date, time);
  };
  storeReservation(state, {
    id: ids.completedCheckUp,
    userId: patient.id,
    status: 'completed',
    reasonId: 1,
    branchId: home,
    employeeId: practitionerAt(state, home, 'dentist'),
    start: past(-180, '09:30'),
    source: 'online',
    createdAt: past(-200, '18:12'),
  });
  storeReservation(state, {
    id: ids.completedCleaning,
    userId: patient.id,
    status: 'completed',
    reasonId: 2,
    branchId: second,
    employeeId: practitionerAt(state, second, 'hygienist'),
    start: past(-95, '14:00'),
    source: 'online',
    createdAt: past(-120, '20:45'),
  });
  storeReservation(state, {
    id: ids.completedOld,
    userId: patient.id,
    status: 'completed',
    reasonId: 4,
    branchId: home,
    employeeId: null,
    start: past(-400, '11:15'),
    chargedPrice: null,
    descriptionForStaff: 'Lohjennut etuhammas.',
    source: 'phone',
    createdAt: past(-400, '08:05'),
  });
  storeReservation(state, {
    id: ids.cancelled,
    userId: patient.id,
    status: 'cancelled',
    reasonId: 1,
    branchId: home,
    employeeId: practitionerAt(state, home, 'dentist'),
    start: past(-40, '10:00'),
    source: 'online',
    createdAt: past(-60, '12:30'),
  });
}

/**
 * A time 1–23 hours ahead inside opening hours (08:00–15:30, half hours), for when no free
 * slot is found: the latest such time on today, tomorrow or the day after.
 */
export function insideWindowFallback(nowMs: number): number {
  const today = helsinkiDate(nowMs);
  let best: number | null = null;
  for (const date of [today, addDays(today, 1), addDays(today, 2)]) {
    for (let minute = 8 * 60; minute <= 15 * 60 + 30; minute += 30) {
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      const start = helsinkiInstant(date, time).getTime();
      if (start >= nowMs + 3_600_000 && start <= nowMs + 23 * 3_600_000) best = start;
    }
  }
  return best ?? nowMs + 12 * 3_600_000;
}

/** Campaign codes, voucher identifiers and the test patient's reservations. */
export function seedBooking(state: DevState, _random: Random): void {
  const today = helsinkiDate(state.clock.nowMs());
  for (const seed of campaignSeeds) {
    const to = displayDate(addDays(today, seed.to));
    state.db.campaignCode.create({
      code: seed.code,
      discountPercent: seed.discountPercent,
      validFrom: addDays(today, seed.from),
      validTo: addDays(today, seed.to),
      reasonIds: [...seed.reasonIds],
      descriptionFi: seed.description.fi.replace('{to}', to),
      descriptionSv: seed.description.sv.replace('{to}', to),
      descriptionEn: seed.description.en.replace('{to}', to),
    });
  }
  for (const seed of voucherSeeds) {
    state.db.voucher.create({
      identifier: seed.identifier,
      customerType: seed.customerType,
      issuer: seed.issuer,
      validFrom: addDays(today, seed.from),
      validUntil: addDays(today, seed.until),
      reasonIds: [...seed.reasonIds],
      maxVisits: seed.maxVisits,
      usedVisits: seed.usedVisits,
    });
  }
  seedPatientReservations(state);
}
