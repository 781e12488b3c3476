import type { CodeProblem, Language, Schemas } from '@portal/sdk';
import { helsinkiDate } from '../clock.ts';
import type { MessageKey } from '../messages.ts';
import { fail, ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import { ACTIVE_STATUSES } from './booking-cache.ts';
import { displayDate } from './calendar.ts';
import { findReason, reasons } from './catalog.ts';

/** Campaign codes and service-voucher / payment-commitment identifiers. */

type CampaignRow = ReturnType<DevState['db']['campaignCode']['getAll']>[number];
type VoucherRow = ReturnType<DevState['db']['voucher']['getAll']>[number];

function today(state: DevState): string {
  return helsinkiDate(state.clock.nowMs());
}

/**
 * A refused code or identifier: the field error says it in words, `Problem` (and `ProblemDate`,
 * `YYYY-MM-DD`, for the cases with a date) says which case it is, so that the portal can offer a
 * way forward.
 */
export function codeFail<T>(
  code: 'invalid-campaign-code' | 'invalid-voucher',
  field: string,
  problem: CodeProblem,
  message: MessageKey,
  date?: string,
): Result<T> {
  const params = date === undefined ? undefined : { date: displayDate(date) };
  return fail(code, {
    fieldErrors: [{ field, message, params }],
    details: date === undefined ? { Problem: problem } : { Problem: problem, ProblemDate: date },
  });
}

export function findCampaign(state: DevState, code: string): CampaignRow | null {
  return state.db.campaignCode.findFirst({ where: { code: { equals: code.toUpperCase() } } });
}

/**
 * A campaign code usable today (and for the reason, when given). Errors are 400
 * `invalid-campaign-code` with a field error on `field` and the case (`codeFail`).
 */
export function validCampaign(
  state: DevState,
  code: string,
  reasonId: number | undefined,
  field = 'code',
): Result<CampaignRow> {
  const row = findCampaign(state, code);
  if (!row) return codeFail('invalid-campaign-code', field, 'unknown', 'booking.campaignUnknown');
  const date = today(state);
  if (date > row.validTo)
    return codeFail(
      'invalid-campaign-code',
      field,
      'expired',
      'booking.campaignExpired',
      row.validTo,
    );
  if (date < row.validFrom)
    return codeFail(
      'invalid-campaign-code',
      field,
      'not-yet-valid',
      'booking.campaignNotYetValid',
      row.validFrom,
    );
  if (reasonId !== undefined && row.reasonIds.length > 0 && !row.reasonIds.includes(reasonId))
    return codeFail(
      'invalid-campaign-code',
      field,
      'not-for-reason',
      'booking.campaignNotForReason',
    );
  return ok(row);
}

function campaignDescription(row: CampaignRow, language: Language): string {
  return language === 'sv'
    ? row.descriptionSv
    : language === 'en'
      ? row.descriptionEn
      : row.descriptionFi;
}

export function checkCampaignCode(
  state: DevState,
  input: Schemas['CampaignCodeCheckRequest'],
  language: Language,
): Result<Schemas['CampaignCodeCheckResult']> {
  if (input.reasonId !== undefined && !findReason(input.reasonId))
    return fail('validation-failed', {
      fieldErrors: [{ field: 'reasonId', message: 'validation.unknownReference' }],
    });
  const valid = validCampaign(state, input.code, input.reasonId);
  if (!valid.ok) return valid;
  return ok({
    code: valid.value.code,
    valid: true,
    description: campaignDescription(valid.value, language),
    discountPercent: valid.value.discountPercent,
  });
}

/** The price after a campaign discount, rounded to cents. */
export function discounted(price: number, discountPercent: number): number {
  return Math.round(price * (100 - discountPercent)) / 100;
}

export function findVoucher(state: DevState, identifier: string): VoucherRow | null {
  return state.db.voucher.findFirst({
    where: { identifier: { equals: identifier.toUpperCase() } },
  });
}

/** Visits used: those before this system plus booked, completed and missed reservations. */
export function usedVisits(state: DevState, row: VoucherRow, ignoreReservationId?: number): number {
  let used = row.usedVisits;
  for (const reservation of state.db.reservation.getAll()) {
    if (
      reservation.voucherIdentifier === row.identifier &&
      reservation.id !== ignoreReservationId &&
      (ACTIVE_STATUSES.has(reservation.status) ||
        reservation.status === 'completed' ||
        reservation.status === 'noShow')
    )
      used += 1;
  }
  return used;
}

/**
 * An identifier usable today by the customer type (for the reason and visit date, when given).
 * Errors are 400 `invalid-voucher` with a field error on `field` and the case (`codeFail`).
 */
export function validVoucher(
  state: DevState,
  input: {
    customerType: string;
    identifier: string;
    reasonId?: number;
    visitDate?: string;
  },
  field = 'identifier',
): Result<VoucherRow> {
  const row = findVoucher(state, input.identifier);
  if (!row) return codeFail('invalid-voucher', field, 'unknown', 'booking.voucherUnknown');
  if (row.customerType !== input.customerType)
    return codeFail('invalid-voucher', field, 'other-customer-type', 'booking.voucherOtherType');
  const date = today(state);
  if (date > row.validUntil)
    return codeFail('invalid-voucher', field, 'expired', 'booking.voucherExpired', row.validUntil);
  if (date < row.validFrom)
    return codeFail(
      'invalid-voucher',
      field,
      'not-yet-valid',
      'booking.voucherNotYetValid',
      row.validFrom,
    );
  if (usedVisits(state, row) >= row.maxVisits)
    return codeFail('invalid-voucher', field, 'used-up', 'booking.voucherUsedUp');
  if (input.reasonId !== undefined && !row.reasonIds.includes(input.reasonId))
    return codeFail('invalid-voucher', field, 'not-for-reason', 'booking.voucherNotForReason');
  if (input.visitDate !== undefined && input.visitDate > row.validUntil)
    return codeFail(
      'invalid-voucher',
      field,
      'ends-before-visit',
      'booking.voucherEndsBeforeVisit',
      row.validUntil,
    );
  return ok(row);
}

export function checkVoucher(
  state: DevState,
  input: Schemas['VoucherCheckRequest'],
): Result<Schemas['VoucherCheckResult']> {
  const valid = validVoucher(state, input);
  if (!valid.ok) return valid;
  const row = valid.value;
  return ok({
    identifier: row.identifier,
    customerType: row.customerType as Schemas['VoucherCheckResult']['customerType'],
    valid: true,
    issuer: row.issuer,
    validUntil: row.validUntil,
    reasonIds: reasons.map((r) => r.id).filter((id) => row.reasonIds.includes(id)),
  });
}
