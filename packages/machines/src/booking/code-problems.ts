import { BadRequestError } from '@portal/sdk';
import type { CodeProblem } from '@portal/sdk';
import type { ChosenCustomerType } from './booking-choices.ts';

/** The customer-type step's fields that the server checks. */
export type CodeField = 'voucherIdentifier' | 'campaignCode';

/**
 * A campaign code or identifier the server refused, and why (the answer's `Problem` and
 * `ProblemDate`): the customer-type step says the case and offers its way forward.
 */
export interface BookingCodeProblem {
  field: CodeField;
  problem: CodeProblem;
  /** `YYYY-MM-DD`: the last valid day, the first valid day or the last day of visits covered. */
  date?: string;
}

/** `not-yet-valid` → `notYetValid`. */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** The cases a campaign code can have (the others are an identifier's). */
const CAMPAIGN_PROBLEMS = [
  'unknown',
  'expired',
  'not-yet-valid',
  'not-for-reason',
] as const satisfies readonly CodeProblem[];
type CampaignProblem = (typeof CAMPAIGN_PROBLEMS)[number];

type VoucherTypeId = 'serviceVoucher' | 'paymentCommitment';

/**
 * The message under the field, one per case: `reservation.code.campaign.expired`; an identifier's
 * by its customer type, which names it (`reservation.code.serviceVoucher.usedUp`).
 */
export type CodeProblemKey =
  | `reservation.code.campaign.${CamelCase<CampaignProblem>}`
  | `reservation.code.${VoucherTypeId}.${CamelCase<CodeProblem>}`;

/** The message when the server did not say which case it was. */
export type GenericCodeKey = 'reservation.invalidVoucher' | 'reservation.invalidCampaignCode';

const DATED: ReadonlySet<CodeProblem> = new Set(['expired', 'not-yet-valid', 'ends-before-visit']);

const camelCase = <S extends string>(text: S) =>
  text.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()) as CamelCase<S>;

const isVoucherType = (id: string | undefined): id is VoucherTypeId =>
  id === 'serviceVoucher' || id === 'paymentCommitment';

/** The case of a 400 `invalid-voucher` / `invalid-campaign-code`, when the answer says it. */
export function codeProblemOf(error: unknown, field: CodeField): BookingCodeProblem | null {
  if (!(error instanceof BadRequestError) || error.problem === undefined) return null;
  const { problem, problemDate } = error;
  return problemDate === undefined ? { field, problem } : { field, problem, date: problemDate };
}

/**
 * The message key of a refused code: its case's, or the generic one when the answer did not say
 * (an older server), a dated case came without its date, or the case is not one of the field's.
 */
export function codeProblemKey(
  field: CodeField,
  codeProblem: BookingCodeProblem | null,
  customerTypeId: string | undefined,
): CodeProblemKey | GenericCodeKey {
  const generic =
    field === 'campaignCode' ? 'reservation.invalidCampaignCode' : 'reservation.invalidVoucher';
  if (codeProblem === null) return generic;
  const { problem, date } = codeProblem;
  if (DATED.has(problem) && date === undefined) return generic;
  if (field === 'campaignCode') {
    return (CAMPAIGN_PROBLEMS as readonly CodeProblem[]).includes(problem)
      ? `reservation.code.campaign.${camelCase(problem as CampaignProblem)}`
      : generic;
  }
  return isVoucherType(customerTypeId)
    ? `reservation.code.${customerTypeId}.${camelCase(problem)}`
    : generic;
}

/** What the step offers after a refused code: one way forward per case, or none. */
export type CodeWayForward =
  /** A refused campaign code: go on without it. */
  | { event: 'campaignCode.skip' }
  /** An identifier of the other voucher type: choose that type and check it again. */
  | { event: 'voucher.switchCustomerType'; customerType: ChosenCustomerType }
  /** An unknown, expired, not yet valid or used-up identifier: book as a private customer. */
  | { event: 'voucher.bookAsPrivate'; customerType: ChosenCustomerType };

const PRIVATE_WAY: ReadonlySet<CodeProblem> = new Set([
  'unknown',
  'expired',
  'not-yet-valid',
  'used-up',
]);

/**
 * The way forward from the step's refused code, among the offered customer types (null when
 * there is no problem, the case has none, or the type it needs is not offered).
 */
export function codeWayForward(context: {
  codeProblem: BookingCodeProblem | null;
  customerType: ChosenCustomerType | null;
  offeredCustomerTypes: readonly ChosenCustomerType[];
}): CodeWayForward | null {
  const { codeProblem, customerType, offeredCustomerTypes } = context;
  if (codeProblem === null) return null;
  if (codeProblem.field === 'campaignCode') return { event: 'campaignCode.skip' };
  if (codeProblem.problem === 'other-customer-type') {
    const other = offeredCustomerTypes.find(
      (type) => isVoucherType(type.id) && type.id !== customerType?.id,
    );
    return other ? { event: 'voucher.switchCustomerType', customerType: other } : null;
  }
  if (PRIVATE_WAY.has(codeProblem.problem)) {
    const privateType = offeredCustomerTypes.find((type) => type.id === 'private');
    return privateType ? { event: 'voucher.bookAsPrivate', customerType: privateType } : null;
  }
  return null;
}
