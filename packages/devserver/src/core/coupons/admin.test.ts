import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';

const texts = (name: string): Schemas['CouponTranslation'] => ({
  name,
  priceDetails: name ? `${name}: price` : '',
  instructions: name ? `${name}: how` : '',
  info: name ? `${name}: info` : '',
});

function write(overrides: Partial<Schemas['AdminCouponWrite']> = {}): Schemas['AdminCouponWrite'] {
  return {
    translations: { fi: texts('Kevätetu'), sv: texts('Vårförmån'), en: texts('Spring benefit') },
    editedLanguage: 'fi',
    price: 39.5,
    validFrom: '2026-11-20',
    validTo: '2026-11-30',
    isActive: true,
    isContinuous: false,
    branches: { all: true, branchIds: [] },
    ...overrides,
  };
}

const NOW = '2026-11-23T10:00:00+02:00';

describe('staff coupon administration', () => {
  test('Staff list every coupon, newest edit first, with redemption counts', async () => {
    const h = createHarness();
    const { status, json } = await h.call('adminListCoupons', { as: 'content-manager' });
    expect(status).toBe(200);
    expect(json.total).toBe(7);
    expect(json.items.map((c: { id: number }) => c.id)).toEqual([4, 6, 7, 2, 3, 5, 1]);
    const counts = new Map<number, number>();
    for (const r of h.state.db.couponRedemption.getAll()) {
      counts.set(r.couponId, (counts.get(r.couponId) ?? 0) + 1);
    }
    for (const coupon of json.items)
      expect(coupon.redemptionCount).toBe(counts.get(coupon.id) ?? 0);
    expect(json.items.find((c: { id: number }) => c.id === 1).redemptionCount).toBeGreaterThan(50);
  });

  test('Staff pages hold pageSize coupons and the total counts them all', async () => {
    const h = createHarness();
    const third = await h.call('adminListCoupons', {
      as: 'admin',
      query: { page: 3, pageSize: 3 },
    });
    expect(third.json).toMatchObject({ total: 7, page: 3, pageSize: 3 });
    expect(third.json.items.map((c: { id: number }) => c.id)).toEqual([1]);
    const beyond = await h.call('adminListCoupons', {
      as: 'admin',
      query: { page: 4, pageSize: 3 },
    });
    expect(beyond.json.items).toEqual([]);
    expect(beyond.json.total).toBe(7);
  });

  test('A patient cannot use the staff coupon operations', async () => {
    const h = createHarness();
    expect((await h.call('adminListCoupons', { as: 'patient' })).status).toBe(403);
    expect((await h.call('createCoupon', { as: 'patient', body: write() })).status).toBe(403);
    expect((await h.call('adminGetCoupon', { as: 'patient', path: { id: 1 } })).status).toBe(403);
    expect((await h.call('deleteCoupon', { as: 'patient', path: { id: 1 } })).status).toBe(403);
    expect(h.state.db.coupon.count()).toBe(7);
  });

  test('Staff create a coupon: 201 without image or redemptions, timestamps from the clock', async () => {
    const h = createHarness();
    const { status, json } = await h.call('createCoupon', { as: 'content-manager', body: write() });
    expect(status).toBe(201);
    expect(json).toMatchObject({
      id: 8,
      imageUrl: null,
      redemptionCount: 0,
      createdAt: NOW,
      updatedAt: NOW,
      validFrom: '2026-11-20',
      validTo: '2026-11-30',
      price: 39.5,
    });
    expect(json.translations.sv.name).toBe('Vårförmån');
    expect((await h.call('adminGetCoupon', { as: 'admin', path: { id: 8 } })).json).toEqual(json);
    const staffList = (await h.call('adminListCoupons', { as: 'admin' })).json;
    expect(staffList.items[0].id).toBe(8);
    const patientList = (await h.call('listCoupons', { as: 'patient' })).json;
    expect(patientList.map((c: { id: number }) => c.id)).toContain(8);
  });

  test('A continuous coupon keeps no dates, whatever is sent', async () => {
    const h = createHarness();
    const { json } = await h.call('createCoupon', {
      as: 'admin',
      body: write({ isContinuous: true, validFrom: '2026-01-01', validTo: '2026-01-02' }),
    });
    expect(json).toMatchObject({ isContinuous: true, validFrom: null, validTo: null });
    const noDates = await h.call('createCoupon', {
      as: 'admin',
      body: write({ isContinuous: true, validFrom: undefined, validTo: undefined }),
    });
    expect(noDates.status).toBe(201);
  });

  test('A dated coupon needs both dates', async () => {
    const h = createHarness();
    const missing = await h.call('createCoupon', {
      as: 'admin',
      body: write({ validFrom: null, validTo: undefined }),
    });
    expect(missing.status).toBe(400);
    expect(missing.json.Code).toBe('validation-failed');
    const message = 'Give the start and end dates when the benefit is not continuous.';
    expect(missing.json.Errors).toEqual([
      { field: 'validFrom', errorMessage: message },
      { field: 'validTo', errorMessage: message },
    ]);
    expect(h.state.db.coupon.count()).toBe(7);
  });

  test('The end date cannot be before the start date; one day is fine', async () => {
    const h = createHarness();
    const reversed = await h.call('createCoupon', {
      as: 'admin',
      headers: { 'Accept-Language': 'fi' },
      body: write({ validFrom: '2026-12-02', validTo: '2026-12-01' }),
    });
    expect(reversed.status).toBe(400);
    expect(reversed.json.Errors).toEqual([
      { field: 'validTo', errorMessage: 'Loppupäivä ei voi olla ennen alkupäivää.' },
    ]);
    const oneDay = await h.call('createCoupon', {
      as: 'admin',
      body: write({ validFrom: '2026-12-01', validTo: '2026-12-01' }),
    });
    expect(oneDay.status).toBe(201);
  });

  test('The edited language must have a name; the other languages may be empty', async () => {
    const h = createHarness();
    const unnamed = await h.call('createCoupon', {
      as: 'admin',
      body: write({
        editedLanguage: 'sv',
        translations: { fi: texts('Etu'), sv: texts(' '), en: texts('') },
      }),
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.json.Errors.map((e: { field: string }) => e.field)).toEqual([
      'translations.sv.name',
    ]);
    const englishOnly = await h.call('createCoupon', {
      as: 'admin',
      body: write({
        editedLanguage: 'en',
        translations: { fi: texts(''), sv: texts(''), en: texts('Deal') },
      }),
    });
    expect(englishOnly.status).toBe(201);
    const asFinn = await h.call('getCoupon', {
      as: 'patient',
      path: { id: englishOnly.json.id },
      headers: { 'Accept-Language': 'fi' },
    });
    expect(asFinn.json.name).toBe('Deal');
  });

  test('A branch selection lists at least one existing branch; all branches keep no list', async () => {
    const h = createHarness();
    const none = await h.call('createCoupon', {
      as: 'admin',
      body: write({ branches: { all: false, branchIds: [] } }),
    });
    expect(none.status).toBe(400);
    expect(none.json.Errors[0].field).toBe('branches.branchIds');
    const unknown = await h.call('createCoupon', {
      as: 'admin',
      body: write({ branches: { all: false, branchIds: [1, 9999] } }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.Errors[0]).toEqual({
      field: 'branches.branchIds',
      errorMessage: 'The chosen item does not exist.',
    });
    const selected = await h.call('createCoupon', {
      as: 'admin',
      body: write({ branches: { all: false, branchIds: [3, 1] } }),
    });
    expect(selected.json.branches).toEqual({ all: false, branchIds: [1, 3] });
    const all = await h.call('createCoupon', {
      as: 'admin',
      body: write({ branches: { all: true, branchIds: [3] } }),
    });
    expect(all.json.branches).toEqual({ all: true, branchIds: [] });
  });

  test('A body that breaks the schema answers 400 before any rule', async () => {
    const h = createHarness();
    const { status, json } = await h.call('createCoupon', {
      as: 'admin',
      body: write({ price: -1, validFrom: '2026-02-30' }),
    });
    expect(status).toBe(400);
    expect(json.Errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'price',
      'validFrom',
    ]);
  });

  test('Updating replaces the editable fields and keeps the image, redemptions and createdAt', async () => {
    const h = createHarness();
    const before = (await h.call('adminGetCoupon', { as: 'admin', path: { id: 2 } })).json;
    h.state.clock.advance(60 * 60 * 1000);
    const { status, json } = await h.call('updateCoupon', {
      as: 'content-manager',
      path: { id: 2 },
      body: write({ price: 149, isContinuous: true, editedLanguage: 'en' }),
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      id: 2,
      price: 149,
      isContinuous: true,
      validFrom: null,
      validTo: null,
      editedLanguage: 'en',
      imageUrl: before.imageUrl,
      redemptionCount: before.redemptionCount,
      createdAt: before.createdAt,
      updatedAt: '2026-11-23T11:00:00+02:00',
    });
    expect(json.translations.en.name).toBe('Spring benefit');
    expect((await h.call('adminListCoupons', { as: 'admin' })).json.items[0].id).toBe(2);
  });

  test('Updating checks the same rules and answers 404 for an unknown coupon', async () => {
    const h = createHarness();
    const unknown = await h.call('updateCoupon', { as: 'admin', path: { id: 999 }, body: write() });
    expect(unknown.status).toBe(404);
    const bad = await h.call('updateCoupon', {
      as: 'admin',
      path: { id: 2 },
      body: write({ validFrom: '2026-12-31', validTo: '2026-11-01' }),
    });
    expect(bad.status).toBe(400);
    expect((await h.call('adminGetCoupon', { as: 'admin', path: { id: 2 } })).json.price).toBe(199);
  });

  test('Deactivating a coupon hides it from patients and stops its redemption', async () => {
    const h = createHarness();
    const update = await h.call('updateCoupon', {
      as: 'admin',
      path: { id: 2 },
      body: write({ isActive: false, validFrom: '2026-11-01', validTo: '2026-12-31' }),
    });
    expect(update.json.isActive).toBe(false);
    const list = (await h.call('listCoupons', { as: 'patient' })).json;
    expect(list.map((c: { id: number }) => c.id)).not.toContain(2);
    const redeem = await h.call('redeemCoupon', { as: 'patient', path: { id: 2 } });
    expect(redeem.json.Code).toBe('coupon-not-valid');
  });

  test('Deleting a coupon removes it with its image and redemptions', async () => {
    const h = createHarness();
    const imageUrl: string = (await h.call('adminGetCoupon', { as: 'admin', path: { id: 2 } })).json
      .imageUrl;
    const name = imageUrl.split('/').pop()!;
    expect((await h.call('getImage', { path: { name } })).status).toBe(200);
    expect((await h.call('deleteCoupon', { as: 'content-manager', path: { id: 2 } })).status).toBe(
      204,
    );
    expect((await h.call('adminGetCoupon', { as: 'admin', path: { id: 2 } })).status).toBe(404);
    expect((await h.call('getImage', { path: { name } })).status).toBe(404);
    expect(h.state.db.couponRedemption.getAll().filter((r) => r.couponId === 2)).toEqual([]);
    expect((await h.call('deleteCoupon', { as: 'admin', path: { id: 2 } })).status).toBe(404);
  });

  test('The same seed gives the same coupons, images included', async () => {
    const a = createHarness();
    const b = createHarness();
    const list = async (h: typeof a): Promise<unknown> =>
      (await h.call('adminListCoupons', { as: 'admin' })).json;
    expect(await list(a)).toEqual(await list(b));
    expect(a.state.db.image.getAll()).toEqual(b.state.db.image.getAll());
  });
});
