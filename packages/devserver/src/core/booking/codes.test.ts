import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import { discounted } from './codes.ts';
import { book, firstSlot } from './test-helpers.ts';

const DAY = 86_400_000;

describe('campaign codes', () => {
  test('A valid code is matched case-insensitively and answered in upper case', async () => {
    const h = createHarness();
    const { status, json } = await h.call('checkCampaignCode', {
      body: { code: 'hymy10', reasonId: 1 },
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ code: 'HYMY10', valid: true, discountPercent: 10 });
    expect(json.description).toContain('22.1.2027');
  });

  test('The description follows the request language', async () => {
    const h = createHarness();
    const fi = await h.call('checkCampaignCode', {
      body: { code: 'TERVE15' },
      headers: { 'Accept-Language': 'fi' },
    });
    const sv = await h.call('checkCampaignCode', {
      body: { code: 'TERVE15' },
      headers: { 'Accept-Language': 'sv' },
    });
    expect(fi.json.description).toMatch(/alennus/);
    expect(sv.json.description).toMatch(/rabatt/);
  });

  test('An unknown code answers 400 invalid-campaign-code with a field error on code', async () => {
    const h = createHarness();
    const { status, json } = await h.call('checkCampaignCode', { body: { code: 'NOPE99' } });
    expect(status).toBe(400);
    expect(json.Code).toBe('invalid-campaign-code');
    expect(json.Errors).toEqual([
      { field: 'code', errorMessage: expect.stringMatching(/unknown/) },
    ]);
    expect(json.Problem).toBe('unknown');
    expect(json).not.toHaveProperty('ProblemDate');
  });

  test('An expired code is refused, saying until when it was valid', async () => {
    const h = createHarness();
    const { status, json } = await h.call('checkCampaignCode', { body: { code: 'KESA25' } });
    expect(status).toBe(400);
    expect(json.Code).toBe('invalid-campaign-code');
    expect(json.Errors[0].errorMessage).toContain('14.9.2026');
    expect(json).toMatchObject({ Problem: 'expired', ProblemDate: '2026-09-14' });
  });

  test('A code whose campaign has not started is refused', async () => {
    const h = createHarness();
    const { json } = await h.call('checkCampaignCode', { body: { code: 'KEVAT20' } });
    expect(json.Code).toBe('invalid-campaign-code');
    expect(json.Errors[0].errorMessage).toContain('23.12.2026');
    expect(json).toMatchObject({ Problem: 'not-yet-valid', ProblemDate: '2026-12-23' });
  });

  test('Validity follows the clock: a valid code expires when its last day has passed', async () => {
    const h = createHarness();
    h.state.clock.set(new Date('2027-01-22T23:59:00+02:00'));
    expect((await h.call('checkCampaignCode', { body: { code: 'HYMY10' } })).status).toBe(200);
    h.state.clock.advance(2 * 60_000);
    expect((await h.call('checkCampaignCode', { body: { code: 'HYMY10' } })).json.Code).toBe(
      'invalid-campaign-code',
    );
  });

  test('A code for other reasons is refused for this reason; a code for all reasons is not', async () => {
    const h = createHarness();
    const other = await h.call('checkCampaignCode', { body: { code: 'HYMY10', reasonId: 2 } });
    expect(other.status).toBe(400);
    expect(other.json.Errors[0].field).toBe('code');
    expect(other.json.Problem).toBe('not-for-reason');
    expect(other.json).not.toHaveProperty('ProblemDate');
    const all = await h.call('checkCampaignCode', { body: { code: 'TERVE15', reasonId: 2 } });
    expect(all.status).toBe(200);
  });

  test('A malformed body or an unknown reason answers 400 validation-failed', async () => {
    const h = createHarness();
    const short = await h.call('checkCampaignCode', { body: { code: 'A' } });
    expect(short.json).toMatchObject({ Code: 'validation-failed' });
    expect(short.json.Errors[0].field).toBe('code');
    const reason = await h.call('checkCampaignCode', { body: { code: 'HYMY10', reasonId: 999 } });
    expect(reason.json).toMatchObject({ Code: 'validation-failed' });
    expect(reason.json.Errors[0].field).toBe('reasonId');
  });

  test('Checks are blocked during a maintenance break', async () => {
    const h = createHarness();
    h.state.settings.maintenance = { active: true, startsAt: null };
    const { status, json } = await h.call('checkCampaignCode', { body: { code: 'HYMY10' } });
    expect(status).toBe(503);
    expect(json.Code).toBe('maintenance');
  });

  test('Discounts are rounded to cents', () => {
    expect(discounted(79, 10)).toBe(71.1);
    expect(discounted(95, 15)).toBe(80.75);
    expect(discounted(39, 15)).toBe(33.15);
  });
});

describe('service-voucher and payment-commitment identifiers', () => {
  test('A valid identifier answers its issuer, last day and covered reasons', async () => {
    const h = createHarness();
    const { status, json } = await h.call('checkVoucher', {
      body: { customerType: 'serviceVoucher', identifier: 'psv-2026-004512' },
    });
    expect(status).toBe(200);
    expect(json).toEqual({
      identifier: 'PSV-2026-004512',
      customerType: 'serviceVoucher',
      valid: true,
      issuer: 'Vantaan ja Keravan hyvinvointialue',
      validUntil: '2027-03-23',
      reasonIds: [1, 2, 3, 5, 9, 11],
    });
  });

  test('A payment commitment is checked as such', async () => {
    const h = createHarness();
    const { json } = await h.call('checkVoucher', {
      body: { customerType: 'paymentCommitment', identifier: 'MS-2026-118734' },
    });
    expect(json).toMatchObject({ customerType: 'paymentCommitment', reasonIds: [1, 4, 5, 10] });
  });

  test.each([
    [
      'an unknown identifier',
      'serviceVoucher',
      'PSV-2026-999999',
      /No valid service voucher/,
      { Problem: 'unknown' },
    ],
    [
      'an identifier of the other customer type',
      'paymentCommitment',
      'PSV-2026-004512',
      /other customer type/,
      { Problem: 'other-customer-type' },
    ],
    [
      'an expired identifier',
      'serviceVoucher',
      'PSV-2026-000815',
      /valid until 13\.11\.2026/,
      { Problem: 'expired', ProblemDate: '2026-11-13' },
    ],
    [
      'a used-up identifier',
      'serviceVoucher',
      'PSV-2026-007730',
      /already been used/,
      { Problem: 'used-up' },
    ],
  ])(
    '%s answers 400 invalid-voucher with a field error on identifier and the case',
    async (_, type, identifier, message, problem) => {
      const h = createHarness();
      const { status, json } = await h.call('checkVoucher', {
        body: { customerType: type, identifier },
      });
      expect(status).toBe(400);
      expect(json).toEqual({
        UserMessage: expect.any(String),
        Code: 'invalid-voucher',
        Errors: [{ field: 'identifier', errorMessage: expect.stringMatching(message) }],
        ...problem,
      });
    },
  );

  test('An identifier whose validity has not started is refused, saying from when', async () => {
    const h = createHarness();
    // PSV-2026-010204 is valid from three days before the seed's today.
    h.state.clock.advance(-10 * DAY);
    const { status, json } = await h.call('checkVoucher', {
      body: { customerType: 'serviceVoucher', identifier: 'PSV-2026-010204' },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      Code: 'invalid-voucher',
      Problem: 'not-yet-valid',
      ProblemDate: '2026-11-20',
    });
    expect(json.Errors[0].errorMessage).toContain('20.11.2026');
  });

  test('Private is not a customer type with an identifier', async () => {
    const h = createHarness();
    const { status, json } = await h.call('checkVoucher', {
      body: { customerType: 'private', identifier: 'PSV-2026-004512' },
    });
    expect(status).toBe(400);
    expect(json.Code).toBe('validation-failed');
    expect(json.Errors[0].field).toBe('customerType');
  });

  test('An identifier is used up when its booked visits reach its limit, and free again after a cancellation', async () => {
    const h = createHarness();
    const check = () =>
      h.call('checkVoucher', {
        body: { customerType: 'serviceVoucher', identifier: 'PSV-2026-010204' },
      });
    const voucher = {
      customerType: 'serviceVoucher' as const,
      voucherIdentifier: 'PSV-2026-010204',
    };
    const first = await firstSlot(h, { date: '2026-11-25', customerType: 'serviceVoucher' });
    const second = await firstSlot(h, { date: '2026-11-26', customerType: 'serviceVoucher' });
    const booked = await book(h, first, 'patient', voucher);
    expect((await check()).status).toBe(200);
    await book(h, second, 'patient', voucher);
    const usedUp = await check();
    expect(usedUp.json.Errors[0].errorMessage).toMatch(/already been used/);
    await h.call('cancelReservation', { as: 'patient', path: { id: booked.id } });
    expect((await check()).status).toBe(200);
  });

  test('Validity follows the clock', async () => {
    const h = createHarness();
    h.state.clock.advance(15 * DAY);
    const { json } = await h.call('checkVoucher', {
      body: { customerType: 'serviceVoucher', identifier: 'PSV-2026-010204' },
    });
    expect(json.Code).toBe('invalid-voucher');
  });
});
