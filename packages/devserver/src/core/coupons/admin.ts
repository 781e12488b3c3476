import type { Language, Schemas } from '@portal/sdk';
import { toHelsinkiIso } from '../clock.ts';
import { fail, invalid, ok, type FieldProblem, type Result } from '../result.ts';
import { nextId, type DevState } from '../state.ts';
import { findCoupon, imageUrlOf, storedTexts, type CouponRow } from './coupons.ts';

export type CouponWrite = Schemas['AdminCouponWrite'];

export interface Paging {
  page?: number;
  pageSize?: number;
}

export const DEFAULT_PAGE_SIZE = 20;

function redemptionCounts(state: DevState): Map<number, number> {
  const counts = new Map<number, number>();
  for (const r of state.db.couponRedemption.getAll()) {
    counts.set(r.couponId, (counts.get(r.couponId) ?? 0) + 1);
  }
  return counts;
}

function translationsOf(coupon: CouponRow): Schemas['CouponTranslations'] {
  return {
    fi: storedTexts(coupon, 'fi'),
    sv: storedTexts(coupon, 'sv'),
    en: storedTexts(coupon, 'en'),
  };
}

export function toAdminCoupon(coupon: CouponRow, redemptionCount: number): Schemas['AdminCoupon'] {
  return {
    id: coupon.id,
    translations: translationsOf(coupon),
    editedLanguage: coupon.editedLanguage as Language,
    price: coupon.price,
    validFrom: coupon.isContinuous ? null : coupon.validFrom,
    validTo: coupon.isContinuous ? null : coupon.validTo,
    isActive: coupon.isActive,
    isContinuous: coupon.isContinuous,
    imageUrl: imageUrlOf(coupon.imageName),
    branches: {
      all: coupon.allBranches,
      branchIds: coupon.allBranches ? [] : [...coupon.branchIds],
    },
    redemptionCount,
    createdAt: coupon.createdAt,
    updatedAt: coupon.updatedAt,
  };
}

function adminView(state: DevState, coupon: CouponRow): Schemas['AdminCoupon'] {
  return toAdminCoupon(coupon, redemptionCounts(state).get(coupon.id) ?? 0);
}

/** Every coupon, newest `updatedAt` first (then the higher id), one page. */
export function adminListCoupons(state: DevState, paging: Paging): Schemas['AdminCouponPage'] {
  const page = paging.page ?? 1;
  const pageSize = paging.pageSize ?? DEFAULT_PAGE_SIZE;
  const counts = redemptionCounts(state);
  const all = state.db.coupon
    .getAll()
    .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || b.id - a.id);
  const start = (page - 1) * pageSize;
  return {
    items: all.slice(start, start + pageSize).map((c) => toAdminCoupon(c, counts.get(c.id) ?? 0)),
    total: all.length,
    page,
    pageSize,
  };
}

export function adminGetCoupon(state: DevState, id: number): Result<Schemas['AdminCoupon']> {
  const coupon = findCoupon(state, id);
  return coupon ? ok(adminView(state, coupon)) : fail('not-found');
}

/** The stored form of a valid write: dates null when continuous, branch ids empty for all. */
interface CouponFields {
  translations: Schemas['CouponTranslations'];
  editedLanguage: Language;
  price: number;
  validFrom: string | null;
  validTo: string | null;
  isActive: boolean;
  isContinuous: boolean;
  allBranches: boolean;
  branchIds: number[];
}

/**
 * The rules of `AdminCouponWrite` beyond its schema: the edited language's name is written;
 * a dated coupon has both dates, in order; a branch selection lists existing branches.
 */
export function checkCouponWrite(state: DevState, input: CouponWrite): Result<CouponFields> {
  const problems: FieldProblem[] = [];
  const edited = input.editedLanguage;
  if (input.translations[edited].name.trim() === '') {
    problems.push({ field: `translations.${edited}.name`, message: 'coupon.nameRequired' });
  }
  const validFrom = input.validFrom ?? null;
  const validTo = input.validTo ?? null;
  if (!input.isContinuous) {
    if (validFrom === null) problems.push({ field: 'validFrom', message: 'coupon.datesRequired' });
    if (validTo === null) problems.push({ field: 'validTo', message: 'coupon.datesRequired' });
    if (validFrom !== null && validTo !== null && validTo < validFrom) {
      problems.push({ field: 'validTo', message: 'coupon.datesOrder' });
    }
  }
  const branchIds = [...new Set(input.branches.branchIds)];
  if (!input.branches.all) {
    if (branchIds.length === 0) {
      problems.push({ field: 'branches.branchIds', message: 'coupon.branchesRequired' });
    } else {
      const known = new Set(state.db.branch.getAll().map((b) => b.id));
      if (branchIds.some((id) => !known.has(id))) {
        problems.push({ field: 'branches.branchIds', message: 'validation.unknownReference' });
      }
    }
  }
  if (problems.length > 0) return invalid(...problems);
  const copy = (language: Language): Schemas['CouponTranslation'] => {
    const t = input.translations[language];
    return {
      name: t.name,
      priceDetails: t.priceDetails,
      instructions: t.instructions,
      info: t.info,
    };
  };
  return ok({
    translations: { fi: copy('fi'), sv: copy('sv'), en: copy('en') },
    editedLanguage: edited,
    price: input.price,
    validFrom: input.isContinuous ? null : validFrom,
    validTo: input.isContinuous ? null : validTo,
    isActive: input.isActive,
    isContinuous: input.isContinuous,
    allBranches: input.branches.all,
    branchIds: input.branches.all ? [] : branchIds.sort((a, b) => a - b),
  });
}

export function createCoupon(state: DevState, input: CouponWrite): Result<Schemas['AdminCoupon']> {
  const checked = checkCouponWrite(state, input);
  if (!checked.ok) return checked;
  const now = toHelsinkiIso(state.clock.now());
  const coupon = state.db.coupon.create({
    id: nextId(state, 'coupon'),
    ...checked.value,
    imageName: null,
    createdAt: now,
    updatedAt: now,
  });
  return ok(toAdminCoupon(coupon, 0));
}

/** Replaces the editable fields; the image, the redemptions and `createdAt` stay. */
export function updateCoupon(
  state: DevState,
  id: number,
  input: CouponWrite,
): Result<Schemas['AdminCoupon']> {
  if (!findCoupon(state, id)) return fail('not-found');
  const checked = checkCouponWrite(state, input);
  if (!checked.ok) return checked;
  const updated = state.db.coupon.update({
    where: { id: { equals: id } },
    data: { ...checked.value, updatedAt: toHelsinkiIso(state.clock.now()) },
  });
  return updated ? ok(adminView(state, updated)) : fail('not-found');
}

/** Deletes the coupon with its image and its redemptions. */
export function deleteCoupon(state: DevState, id: number): Result<null> {
  if (!findCoupon(state, id)) return fail('not-found');
  state.db.image.deleteMany({ where: { couponId: { equals: id } } });
  state.db.couponRedemption.deleteMany({ where: { couponId: { equals: id } } });
  state.db.coupon.delete({ where: { id: { equals: id } } });
  return ok(null);
}
