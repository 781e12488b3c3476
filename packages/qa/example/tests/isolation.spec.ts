import { expect, test } from '@portal/qa/playwright';

const MAIJA = {
  firstName: 'Maija',
  lastName: 'Meikäläinen',
  email: 'maija@example.fi',
  phone: '040 123 4567',
  ssn: null,
  street: 'Kauppakatu 1',
  postalCode: '00100',
  city: 'Helsinki',
};

// Eight tests at once: each moves its own clock to its own day, books the same time at Kamppi,
// and half of them switch the no-free-slots scenario on. None sees another's.
for (let i = 1; i <= 8; i++) {
  test(`worker-isolated booking ${i}`, async ({ dev, request, signInAs, page }) => {
    const now = `2026-12-0${1 + (i % 2)}T0${i % 2 ? 8 : 9}:00:00+02:00`;
    expect((await dev.clock.freeze(now)).now).toBe(now);
    const token = await signInAs('patient');
    const auth = { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${token}` };
    const day = async () =>
      (
        await (
          await request.get(
            '/api/availability/day?branchIds=2&reasonId=1&customerType=private&date=2026-12-04',
            { headers: auth },
          )
        ).json()
      ).slots as { key: string }[];
    const [first] = await day();
    if (!first) throw new Error('no free time on 4 December');
    // The day's first time at Kamppi: the same for every test, as each sandbox starts from the seed.
    expect(first.key).toMatch(/^2=\d+=1=2026-12-04T08:00:00\+02:00=/);
    const booked = await request.post('/api/reservations', {
      headers: auth,
      data: {
        slotKey: first.key,
        customerType: 'private',
        voucherIdentifier: null,
        campaignCode: null,
        descriptionForStaff: null,
        allowDuplicate: true,
        customer: MAIJA,
      },
    });
    expect(booked.status()).toBe(201);
    const confirmation = await dev.outbox.next({ kind: 'booking-confirmation', timeoutSeconds: 5 });
    expect(confirmation?.text).toContain('4.12.2026');
    if (i % 2 === 0) {
      await dev.scenario('no-free-slots');
      expect(await day()).toEqual([]);
    } else {
      expect((await day()).map((slot) => slot.key)).not.toContain(first.key);
    }
    expect((await dev.clock.get()).now).toBe(now);
    const journal = await dev.journal.list({ path: '/api/reservations' });
    expect(journal.items.map((entry) => entry.status)).toEqual([201]);
    // The browser is in the sandbox too: the signed-in patient sees the booking.
    await page.goto('/fi/reservations');
    await expect(page.getByText('4.12.2026').first()).toBeVisible({ timeout: 15_000 });
  });
}
