import type { Language, Schemas } from '@portal/sdk';
import { format } from 'date-fns';
import { helsinkiDate, inHelsinki, toHelsinkiIso } from '../clock.ts';
import { fail, ok, type Result } from '../result.ts';
import { nextId, type DevState } from '../state.ts';

export type CouponRow = ReturnType<DevState['db']['coupon']['getAll']>[number];
export type RedemptionRow = ReturnType<DevState['db']['couponRedemption']['getAll']>[number];
export type CouponTexts = Schemas['CouponTranslation'];

const TEXT_FIELDS = ['name', 'priceDetails', 'instructions', 'info'] as const;

const collators: Record<Language, Intl.Collator> = {
  fi: new Intl.Collator('fi'),
  sv: new Intl.Collator('sv'),
  en: new Intl.Collator('en'),
};

export function findCoupon(state: DevState, id: number): CouponRow | null {
  return state.db.coupon.findFirst({ where: { id: { equals: id } } });
}

/** Where `getImage` serves an uploaded image. */
export function imagePath(imageName: string): string {
  return `/api/images/${imageName}`;
}

export function imageUrlOf(imageName: string | null): string | null {
  return imageName ? imagePath(imageName) : null;
}

/** `YYYY-MM-DD` of today in Helsinki, by the state's clock. */
export function today(state: DevState): string {
  return helsinkiDate(state.clock.now());
}

/** An active coupon that is continuous or whose inclusive date range contains `date`. */
export function isValidOn(
  coupon: Pick<CouponRow, 'isActive' | 'isContinuous' | 'validFrom' | 'validTo'>,
  date: string,
): boolean {
  if (!coupon.isActive) return false;
  if (coupon.isContinuous) return true;
  if (coupon.validFrom === null || coupon.validTo === null) return false;
  return coupon.validFrom <= date && date <= coupon.validTo;
}

/**
 * The coupon's texts in a language. Each empty text falls back to the same text in the coupon's
 * edited language (the contract: "an empty translation falls back to the `editedLanguage`").
 */
export function textsIn(
  coupon: Pick<CouponRow, 'translations' | 'editedLanguage'>,
  language: Language,
): CouponTexts {
  const wanted = storedTexts(coupon, language);
  const edited = storedTexts(coupon, coupon.editedLanguage as Language);
  const texts = { ...wanted };
  for (const field of TEXT_FIELDS) {
    if (texts[field].trim() === '') texts[field] = edited[field];
  }
  return texts;
}

/**
 * The language each of `textsIn`'s texts is in: the asked one, or the edited language where the
 * translation is empty (the contract's `Coupon.textLanguages`).
 */
export function textLanguagesIn(
  coupon: Pick<CouponRow, 'translations' | 'editedLanguage'>,
  language: Language,
): Record<keyof CouponTexts, Language> {
  const wanted = storedTexts(coupon, language);
  const languages = {} as Record<keyof CouponTexts, Language>;
  for (const field of TEXT_FIELDS) {
    languages[field] = wanted[field].trim() === '' ? (coupon.editedLanguage as Language) : language;
  }
  return languages;
}

/** The coupon's texts in a language as stored (empty strings where not written). */
export function storedTexts(
  coupon: Pick<CouponRow, 'translations'>,
  language: Language,
): CouponTexts {
  const stored = (coupon.translations as Partial<Record<Language, Partial<CouponTexts>>>)[language];
  return {
    name: stored?.name ?? '',
    priceDetails: stored?.priceDetails ?? '',
    instructions: stored?.instructions ?? '',
    info: stored?.info ?? '',
  };
}

/** The `d.M.yyyy` Helsinki date of an instant (spec §9), as messages show it. */
export function finnishDate(instant: string | number | Date): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : new Date(instant).getTime();
  return format(inHelsinki(ms), 'd.M.yyyy');
}

export function redemptionOf(
  state: DevState,
  couponId: number,
  userId: number,
): RedemptionRow | null {
  return (
    state.db.couponRedemption
      .getAll()
      .find((r) => r.couponId === couponId && r.userId === userId) ?? null
  );
}

function redemptionsOfUser(state: DevState, userId: number): Map<number, string> {
  const byCoupon = new Map<number, string>();
  for (const r of state.db.couponRedemption.getAll()) {
    if (r.userId === userId) byCoupon.set(r.couponId, r.redeemedAt);
  }
  return byCoupon;
}

export function toCoupon(
  coupon: CouponRow,
  language: Language,
  redeemedAt: string | null,
): Schemas['Coupon'] {
  const texts = textsIn(coupon, language);
  return {
    id: coupon.id,
    name: texts.name,
    price: coupon.price,
    priceDetails: texts.priceDetails,
    validFrom: coupon.isContinuous ? null : coupon.validFrom,
    validTo: coupon.isContinuous ? null : coupon.validTo,
    isContinuous: coupon.isContinuous,
    imageUrl: imageUrlOf(coupon.imageName),
    instructions: texts.instructions,
    info: texts.info,
    branches: {
      all: coupon.allBranches,
      branchIds: coupon.allBranches ? [] : [...coupon.branchIds],
    },
    redeemedAt,
    textLanguages: textLanguagesIn(coupon, language),
  };
}

/**
 * The coupons a user can use today: active, continuous or dated around today, with the user's
 * own `redeemedAt`. Soonest ending first, continuous last, then by name in the language.
 */
export function listCoupons(
  state: DevState,
  userId: number,
  language: Language,
): Schemas['Coupon'][] {
  const date = today(state);
  const used = redemptionsOfUser(state, userId);
  const collator = collators[language];
  return state.db.coupon
    .getAll()
    .filter((c) => isValidOn(c, date))
    .map((c) => toCoupon(c, language, used.get(c.id) ?? null))
    .sort((a, b) => {
      const endA = a.isContinuous ? '9999-12-31' : (a.validTo ?? '');
      const endB = b.isContinuous ? '9999-12-31' : (b.validTo ?? '');
      if (endA !== endB) return endA < endB ? -1 : 1;
      return collator.compare(a.name, b.name) || a.id - b.id;
    });
}

/** One coupon as the patient sees it: listed today, or redeemed by the caller; else 404. */
export function getCoupon(
  state: DevState,
  userId: number,
  id: number,
  language: Language,
): Result<Schemas['Coupon']> {
  const coupon = findCoupon(state, id);
  if (!coupon) return fail('not-found');
  const redemption = redemptionOf(state, id, userId);
  if (!redemption && !isValidOn(coupon, today(state))) return fail('not-found');
  return ok(toCoupon(coupon, language, redemption?.redeemedAt ?? null));
}

/**
 * Redeems a coupon for the user, now. Synchronous from check to insert, so that concurrent
 * requests cannot both pass the once-per-user check. Order (contract): unknown → not-found;
 * used before → already-redeemed with the first use (even when the coupon has since expired);
 * inactive or outside its dates today → coupon-not-valid.
 */
export function redeemCoupon(
  state: DevState,
  userId: number,
  id: number,
): Result<Schemas['CouponRedemption']> {
  const coupon = findCoupon(state, id);
  if (!coupon) return fail('not-found');
  const previous = redemptionOf(state, id, userId);
  if (previous) {
    return fail('already-redeemed', {
      params: { date: finnishDate(previous.redeemedAt) },
      details: { RedeemedAt: previous.redeemedAt },
    });
  }
  if (!isValidOn(coupon, today(state))) return fail('coupon-not-valid');
  const redeemedAt = toHelsinkiIso(state.clock.now());
  state.db.couponRedemption.create({
    id: nextId(state, 'couponRedemption'),
    couponId: id,
    userId,
    redeemedAt,
  });
  return ok({ couponId: id, redeemedAt });
}

/** Removes every redemption of a user (when the account is deleted). */
export function deleteRedemptionsOfUser(state: DevState, userId: number): number {
  return (
    state.db.couponRedemption.deleteMany({ where: { userId: { equals: userId } } })?.length ?? 0
  );
}
