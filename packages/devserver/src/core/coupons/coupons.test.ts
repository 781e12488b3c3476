import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import { finnishDate, isValidOn, textLanguagesIn, textsIn } from './coupons.ts';

// The harness clock: Monday 23 November 2026, 10:00 Helsinki. Seeded coupons (T = that day):
// 1 continuous; 2 1.11.–31.12.; 3 1.10.–30.11., used by `patient` 14.11. 10:12; 4 inactive;
// 5 1.7.–24.10. (expired), used by `patient` 14.9. 14:05; 6 3.12.2026–22.1.2027; 7 continuous,
// no Swedish texts.

const ids = (coupons: { id: number }[]): number[] => coupons.map((c) => c.id);

describe('the patient view of coupons', () => {
  test('A patient sees the active coupons valid today, soonest ending first, continuous last', async () => {
    const h = createHarness();
    const { status, json } = await h.call('listCoupons', { as: 'patient' });
    expect(status).toBe(200);
    // 3 ends 30.11., 2 ends 31.12.; 1 and 7 are continuous, by name ("Free ch…" < "Free cl…").
    // 4 is inactive, 5 has expired and 6 has not started.
    expect(ids(json)).toEqual([3, 2, 1, 7]);
  });

  test('A coupon the caller has used carries its redeemedAt; the others carry null', async () => {
    const h = createHarness();
    const patient = (await h.call('listCoupons', { as: 'patient' })).json;
    expect(patient.find((c: { id: number }) => c.id === 3).redeemedAt).toBe(
      '2026-11-14T10:12:00+02:00',
    );
    expect(
      patient
        .filter((c: { id: number }) => c.id !== 3)
        .map((c: { redeemedAt: null }) => c.redeemedAt),
    ).toEqual([null, null, null]);
    const admin = (await h.call('listCoupons', { as: 'admin' })).json;
    expect(admin.every((c: { redeemedAt: string | null }) => c.redeemedAt === null)).toBe(true);
  });

  test('Texts follow Accept-Language and an empty translation falls back to the edited language', async () => {
    const h = createHarness();
    const sv = (
      await h.call('listCoupons', { as: 'patient', headers: { 'Accept-Language': 'sv' } })
    ).json;
    const byId = new Map(sv.map((c: { id: number; name: string }) => [c.id, c]));
    expect(byId.get(2)).toMatchObject({
      name: 'Tandblekning −20 %',
      priceDetails: 'Ordinarie pris 249 €. Ett besök, båda käkarna.',
    });
    // Coupon 7 has no Swedish texts; it was written in Finnish.
    expect(byId.get(7)).toMatchObject({
      name: 'Maksuton oikomishoidon konsultaatio',
      info: 'Voimassa Tampereen ja Turun toimipisteissä.',
      textLanguages: { name: 'fi', priceDetails: 'fi', instructions: 'fi', info: 'fi' },
    });
    expect(byId.get(2)).toMatchObject({
      textLanguages: { name: 'sv', priceDetails: 'sv', instructions: 'sv', info: 'sv' },
    });
    const en = (await h.call('getCoupon', { as: 'patient', path: { id: 7 } })).json;
    expect(en.name).toBe('Free clear aligner consultation');
  });

  test('The selected branches of a coupon are listed; a coupon for all branches lists none', async () => {
    const h = createHarness();
    const branches = (await h.call('listBranches')).json as {
      Id: number;
      Address: { City: string };
    }[];
    const helsinki = branches.filter((b) => b.Address.City === 'Helsinki').map((b) => b.Id);
    const whitening = (await h.call('getCoupon', { as: 'patient', path: { id: 2 } })).json;
    expect(whitening.branches.all).toBe(false);
    expect(whitening.branches.branchIds.length).toBeGreaterThan(0);
    expect(whitening.branches.branchIds.every((id: number) => helsinki.includes(id))).toBe(true);
    const checkUp = (await h.call('getCoupon', { as: 'patient', path: { id: 1 } })).json;
    expect(checkUp.branches).toEqual({ all: true, branchIds: [] });
  });

  test('Validity dates are inclusive days in Helsinki, not in UTC', async () => {
    const h = createHarness();
    const listed = async (): Promise<number[]> =>
      ids((await h.call('listCoupons', { as: 'patient' })).json);
    h.state.clock.set(new Date('2026-11-30T23:59:00+02:00'));
    expect(await listed()).toContain(3);
    // 22:30 UTC on 30 November is already 1 December in Helsinki.
    h.state.clock.set(new Date('2026-11-30T22:30:00Z'));
    expect(await listed()).not.toContain(3);
    h.state.clock.set(new Date('2026-12-02T23:59:00+02:00'));
    expect(await listed()).not.toContain(6);
    h.state.clock.set(new Date('2026-12-03T00:00:00+02:00'));
    expect(await listed()).toContain(6);
  });

  test('A patient can open a listed coupon and one they used, even after it expired', async () => {
    const h = createHarness();
    const listed = await h.call('getCoupon', { as: 'patient', path: { id: 2 } });
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({
      id: 2,
      price: 199,
      validFrom: '2026-11-01',
      validTo: '2026-12-31',
      isContinuous: false,
      redeemedAt: null,
    });
    expect(listed.json.imageUrl).toMatch(/^\/api\/images\/[a-f0-9]{32}\.png$/);
    const used = await h.call('getCoupon', { as: 'patient', path: { id: 5 } });
    expect(used.status).toBe(200);
    expect(used.json.redeemedAt).toBe('2026-09-14T14:05:00+03:00');
  });

  test('An expired, future, inactive or unknown coupon the caller has not used is not found', async () => {
    const h = createHarness();
    for (const id of [5, 6, 4, 999]) {
      const { status, json } = await h.call('getCoupon', { as: 'admin', path: { id } });
      expect(status).toBe(404);
      expect(json.Code).toBe('not-found');
    }
  });

  test('Signed-out callers get 401 and users who have not accepted the terms get 403', async () => {
    const h = createHarness();
    expect((await h.call('listCoupons')).status).toBe(401);
    const pending = await h.call('redeemCoupon', { as: 'first-login', path: { id: 1 } });
    expect(pending.status).toBe(403);
    expect(pending.json.Code).toBe('terms-not-accepted');
  });
});

describe('redeeming a coupon', () => {
  test('A patient redeems a valid coupon and the list then shows the date of use', async () => {
    const h = createHarness();
    const { status, json } = await h.call('redeemCoupon', { as: 'patient', path: { id: 2 } });
    expect(status).toBe(200);
    expect(json).toEqual({ couponId: 2, redeemedAt: '2026-11-23T10:00:00+02:00' });
    const list = (await h.call('listCoupons', { as: 'patient' })).json;
    expect(list.find((c: { id: number }) => c.id === 2).redeemedAt).toBe(
      '2026-11-23T10:00:00+02:00',
    );
  });

  test('A second redemption answers 409 already-redeemed with the first use and its date', async () => {
    const h = createHarness();
    await h.call('redeemCoupon', { as: 'patient', path: { id: 1 } });
    h.state.clock.advance(3 * 24 * 60 * 60 * 1000);
    const again = await h.call('redeemCoupon', { as: 'patient', path: { id: 1 } });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      UserMessage: 'You already used this benefit on 23.11.2026.',
      Code: 'already-redeemed',
      RedeemedAt: '2026-11-23T10:00:00+02:00',
    });
    const fi = await h.call('redeemCoupon', {
      as: 'patient',
      path: { id: 3 },
      headers: { 'Accept-Language': 'fi' },
    });
    expect(fi.json.UserMessage).toBe('Olet jo käyttänyt tämän edun 14.11.2026.');
    expect(fi.json.RedeemedAt).toBe('2026-11-14T10:12:00+02:00');
  });

  test('already-redeemed is answered even after the coupon has expired', async () => {
    const h = createHarness();
    const { status, json } = await h.call('redeemCoupon', {
      as: 'patient',
      path: { id: 5 },
      headers: { 'Accept-Language': 'sv' },
    });
    expect(status).toBe(409);
    expect(json.Code).toBe('already-redeemed');
    expect(json.RedeemedAt).toBe('2026-09-14T14:05:00+03:00');
    expect(json.UserMessage).toBe('Du har redan använt förmånen 14.9.2026.');
  });

  test('An inactive, expired or not yet valid coupon answers 409 coupon-not-valid and stores nothing', async () => {
    const h = createHarness();
    const before = h.state.db.couponRedemption.count();
    for (const id of [4, 5, 6]) {
      const { status, json } = await h.call('redeemCoupon', { as: 'admin', path: { id } });
      expect(status).toBe(409);
      expect(json.Code).toBe('coupon-not-valid');
    }
    expect(h.state.db.couponRedemption.count()).toBe(before);
  });

  test('The last valid day can be redeemed and the next day cannot', async () => {
    const h = createHarness();
    h.state.clock.set(new Date('2026-11-30T23:59:00+02:00'));
    expect((await h.call('redeemCoupon', { as: 'admin', path: { id: 3 } })).status).toBe(200);
    h.state.clock.set(new Date('2026-12-01T00:00:00+02:00'));
    const late = await h.call('redeemCoupon', { as: 'content-manager', path: { id: 3 } });
    expect(late.json.Code).toBe('coupon-not-valid');
  });

  test('An unknown coupon answers 404', async () => {
    const h = createHarness();
    const { status, json } = await h.call('redeemCoupon', { as: 'patient', path: { id: 999 } });
    expect(status).toBe(404);
    expect(json.Code).toBe('not-found');
  });

  test('Twenty concurrent redemptions by one user give exactly one 200 and nineteen 409', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => h.call('redeemCoupon', { token, path: { id: 2 } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(
      answers.filter((a) => a.status === 409).every((a) => a.json.Code === 'already-redeemed'),
    ).toBe(true);
    const rows = h.state.db.couponRedemption
      .getAll()
      .filter((r) => r.couponId === 2 && r.userId === h.userId('patient'));
    expect(rows).toHaveLength(1);
  });

  test('Each user redeems a coupon once for themselves', async () => {
    const h = createHarness();
    const count = async (): Promise<number> =>
      (await h.call('adminGetCoupon', { as: 'admin', path: { id: 1 } })).json.redemptionCount;
    const before = await count();
    expect((await h.call('redeemCoupon', { as: 'patient', path: { id: 1 } })).status).toBe(200);
    expect((await h.call('redeemCoupon', { as: 'survey', path: { id: 1 } })).status).toBe(200);
    expect(await count()).toBe(before + 2);
  });
});

describe('coupon rules as functions', () => {
  const dated = {
    isActive: true,
    isContinuous: false,
    validFrom: '2026-11-01',
    validTo: '2026-11-30',
  };

  test('A dated coupon is valid on its first and last day and not outside them', () => {
    expect(isValidOn(dated, '2026-10-31')).toBe(false);
    expect(isValidOn(dated, '2026-11-01')).toBe(true);
    expect(isValidOn(dated, '2026-11-30')).toBe(true);
    expect(isValidOn(dated, '2026-12-01')).toBe(false);
  });

  test('An inactive coupon is never valid and a continuous one always is', () => {
    expect(isValidOn({ ...dated, isActive: false }, '2026-11-15')).toBe(false);
    expect(
      isValidOn(
        { isActive: true, isContinuous: true, validFrom: null, validTo: null },
        '2099-01-01',
      ),
    ).toBe(true);
  });

  test('Each empty text falls back to the edited language', () => {
    const empty = { name: '', priceDetails: '', instructions: '', info: '' };
    const coupon = {
      editedLanguage: 'fi',
      translations: {
        fi: { name: 'Etu', priceDetails: 'Hinta', instructions: 'Ohje', info: 'Tieto' },
        sv: { ...empty, name: 'Förmån' },
        en: empty,
      },
    };
    expect(textsIn(coupon, 'sv')).toEqual({
      name: 'Förmån',
      priceDetails: 'Hinta',
      instructions: 'Ohje',
      info: 'Tieto',
    });
    expect(textsIn(coupon, 'en').name).toBe('Etu');
    // Each text says which language it is in.
    expect(textLanguagesIn(coupon, 'sv')).toEqual({
      name: 'sv',
      priceDetails: 'fi',
      instructions: 'fi',
      info: 'fi',
    });
    expect(textLanguagesIn(coupon, 'fi')).toEqual({
      name: 'fi',
      priceDetails: 'fi',
      instructions: 'fi',
      info: 'fi',
    });
  });

  test('Dates of use are shown as d.M.yyyy in Helsinki, across summer time', () => {
    expect(finnishDate('2026-09-14T14:05:00+03:00')).toBe('14.9.2026');
    expect(finnishDate('2026-11-30T22:30:00Z')).toBe('1.12.2026');
    expect(finnishDate('2026-03-29T00:30:00Z')).toBe('29.3.2026');
  });
});
