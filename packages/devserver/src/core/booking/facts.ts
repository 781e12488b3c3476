import { helsinkiDate } from '../clock.ts';
import type { DevState } from '../state.ts';
import { reservationsOfUser } from './booking-cache.ts';
import { campaignSeeds, voucherSeeds } from './seed.ts';
import { groupOf } from './status.ts';

export interface BookingSeedFacts {
  campaignCodes: {
    code: string;
    state: 'valid' | 'expired' | 'upcoming';
    discountPercent: number;
    validFrom: string;
    validTo: string;
    reasonIds: number[];
  }[];
  vouchers: {
    identifier: string;
    customerType: string;
    issuer: string;
    validUntil: string;
    reasonIds: number[];
    note: string;
  }[];
  /** The `patient` test user's reservations: id, status, group and start. */
  patientReservations: { id: number; status: string; group: string; startTime: string }[];
}

/** What QA needs to know about the booking seed, as it stands on the state's clock. */
export function bookingSeedFacts(state: DevState): BookingSeedFacts {
  const today = helsinkiDate(state.clock.nowMs());
  const now = state.clock.nowMs();
  const campaignCodes = state.db.campaignCode
    .getAll()
    .filter((row) => campaignSeeds.some((seed) => seed.code === row.code))
    .map((row) => ({
      code: row.code,
      state: today > row.validTo ? 'expired' : today < row.validFrom ? 'upcoming' : 'valid',
      discountPercent: row.discountPercent,
      validFrom: row.validFrom,
      validTo: row.validTo,
      reasonIds: [...row.reasonIds],
    })) satisfies BookingSeedFacts['campaignCodes'];
  const vouchers = state.db.voucher.getAll().map((row) => ({
    identifier: row.identifier,
    customerType: row.customerType,
    issuer: row.issuer,
    validUntil: row.validUntil,
    reasonIds: [...row.reasonIds],
    note: voucherSeeds.find((seed) => seed.identifier === row.identifier)?.note ?? '',
  }));
  const patient = state.db.user.findFirst({ where: { devKey: { equals: 'patient' } } });
  const patientReservations = (patient ? reservationsOfUser(state, patient.id) : [])
    .slice()
    .sort((a, b) => a.startMs - b.startMs)
    .map((row) => ({
      id: row.id,
      status: row.status,
      group: groupOf(row, now),
      startTime: row.startTime,
    }));
  return { campaignCodes, vouchers, patientReservations };
}

/** One line for the dev server's startup banner. */
export function describeBookingSeed(state: DevState): string {
  const facts = bookingSeedFacts(state);
  const codes = facts.campaignCodes.map((c) => `${c.code} (${c.state})`).join(', ');
  const vouchers = facts.vouchers
    .map(
      (v) =>
        `${v.identifier} (${v.customerType === 'serviceVoucher' ? 'service voucher' : 'payment commitment'}, ${v.note})`,
    )
    .join(', ');
  return `Booking: campaign codes ${codes}; identifiers ${vouchers}`;
}
