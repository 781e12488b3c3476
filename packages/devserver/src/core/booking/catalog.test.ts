import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import { customerTypes, reasonAllows, reasons } from './catalog.ts';

describe('customer types and reasons', () => {
  const h = createHarness();

  test('Customer types come in display order, translated into the request language', async () => {
    const fi = await h.call('listCustomerTypes', { headers: { 'Accept-Language': 'fi' } });
    const sv = await h.call('listCustomerTypes', { headers: { 'Accept-Language': 'sv' } });
    const en = await h.call('listCustomerTypes', { headers: { 'Accept-Language': 'en' } });
    expect(en.json.map((t: { id: string }) => t.id)).toEqual([
      'private',
      'serviceVoucher',
      'paymentCommitment',
    ]);
    expect(fi.json[0].name).toBe('Yksityisasiakas');
    expect(sv.json[0].name).toBe('Privatkund');
    expect(en.json[0].name).toBe('Private customer');
    expect(fi.json[1].identifierLabel).toBe('Palvelusetelin numero');
  });

  test('Only voucher and commitment customers must give an identifier', async () => {
    const { json } = await h.call('listCustomerTypes');
    expect(
      json.map((t: { identifierRequired: boolean; identifierLabel: string | null }) => [
        t.identifierRequired,
        t.identifierLabel !== null,
      ]),
    ).toEqual([
      [false, false],
      [true, true],
      [true, true],
    ]);
  });

  test('Finnish is the language when Accept-Language is missing', async () => {
    const { json } = await h.call('listReasons', {
      query: { customerType: 'private' },
      headers: { 'Accept-Language': '' },
    });
    expect(json[0].name).toBe('Hammastarkastus');
  });

  test('Reasons are those the customer type may book, with its prices', async () => {
    const privateReasons = (await h.call('listReasons', { query: { customerType: 'private' } }))
      .json;
    const voucherReasons = (
      await h.call('listReasons', { query: { customerType: 'serviceVoucher' } })
    ).json;
    expect(privateReasons.length).toBe(reasons.length);
    const ids = voucherReasons.map((r: { id: number }) => r.id);
    expect(ids).not.toContain(4); // acute visits are not covered by service vouchers
    expect(ids).toContain(1);
    for (const reason of voucherReasons) expect(reason.customerTypes).toContain('serviceVoucher');
    const checkUpPrivate = privateReasons.find((r: { id: number }) => r.id === 1);
    const checkUpVoucher = voucherReasons.find((r: { id: number }) => r.id === 1);
    expect(checkUpPrivate.price).toBe(79);
    expect(checkUpVoucher.price).toBeLessThan(checkUpPrivate.price);
  });

  test('Reasons are translated and say who performs them', async () => {
    const sv = (
      await h.call('listReasons', {
        query: { customerType: 'private' },
        headers: { 'Accept-Language': 'sv' },
      })
    ).json;
    const cleaning = sv.find((r: { id: number }) => r.id === 2);
    expect(cleaning.name).toBe('Tandstensborttagning hos munhygienist');
    expect(cleaning.employeeTitles).toEqual(['hygienist']);
    expect(sv.some((r: { requiresStaffDescription: boolean }) => r.requiresStaffDescription)).toBe(
      true,
    );
    expect(sv.some((r: { branchOptional: boolean }) => !r.branchOptional)).toBe(true);
  });

  test('A missing or unknown customer type answers 400 naming the parameter', async () => {
    const missing = await h.call('listReasons');
    expect(missing.status).toBe(400);
    expect(missing.json.Errors[0].field).toBe('customerType');
    const unknown = await h.call('listReasons', { query: { customerType: 'corporate' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.Code).toBe('validation-failed');
  });

  test('The catalogue has 8–12 reasons of 20–90 minutes, each bookable and performed by seeded practitioners', () => {
    expect(reasons.length).toBeGreaterThanOrEqual(8);
    expect(reasons.length).toBeLessThanOrEqual(12);
    const kinds = new Set(
      h.state.db.employee
        .getAll()
        .filter((e) => e.enabled)
        .map((e) => e.kind),
    );
    for (const reason of reasons) {
      expect(reason.durationMinutes).toBeGreaterThanOrEqual(20);
      expect(reason.durationMinutes).toBeLessThanOrEqual(90);
      expect(customerTypes.some((type) => reasonAllows(reason, type.id))).toBe(true);
      expect(reason.kinds.some((kind) => kinds.has(kind))).toBe(true);
      for (const texts of [reason.name, reason.description])
        expect(new Set([texts.fi, texts.sv, texts.en]).size).toBe(3);
    }
  });
});
