import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';

const profile = {
  email: 'maija.uusi@example.fi',
  phone: '040 123 4567',
  smsMarketingEnabled: true,
  emailMarketingEnabled: false,
  privacyPolicyAccepted: true,
  termsAccepted: true,
  branchId: 2,
  employeeId: 5,
  orthodontics: true,
  membraneOrthodontics: false,
  implantCare: false,
  dentalHygienistServices: false,
  estheticDentalCare: false,
  dentalWhitening: true,
  genericDentalHealth: false,
};

describe('the signed-in user', () => {
  test('getMe answers the published user shape with a valid fictional national id', async () => {
    const h = createHarness();
    const { status, json } = await h.call('getMe', { as: 'patient' });
    expect(status).toBe(200);
    expect(json.Person.FirstName).toBe('Maija');
    expect(json.Person.SSN).toMatch(/^\d{6}[-A]9\d\d[0-9A-Y]$/);
    expect(json.TermsAccepted).toBe(true);
    expect(json.WebRole).toBe('patient');
  });

  test("the person carries the patient record's address, whole, or null when the record has none (issue 54)", async () => {
    const h = createHarness();
    const first = (await h.call('getMe', { as: 'first-login' })).json;
    // A first-time patient: the record the clinic has, and the booking starts from it.
    expect(first.Person.Address).toEqual({
      Street: expect.stringMatching(/^\S.* \d+$/),
      PostalCode: expect.stringMatching(/^\d{5}$/),
      City: expect.any(String),
    });
    const eero = h.state.db.user.findFirst({ where: { devKey: { equals: 'first-login' } } });
    h.state.db.user.update({
      where: { id: { equals: eero?.id ?? 0 } },
      data: { city: ' ' },
    });
    expect((await h.call('getMe', { as: 'first-login' })).json.Person.Address).toBeNull();
  });

  test('each test user has the role and state its key promises', async () => {
    const h = createHarness();
    const me = async (as: 'first-login' | 'survey' | 'admin' | 'content-manager') =>
      (await h.call('getMe', { as })).json;
    expect((await me('first-login')).TermsAccepted).toBe(false);
    expect((await me('survey')).ShouldShowProfilePage).toBe(true);
    expect((await me('admin')).WebRole).toBe('admin');
    expect((await me('content-manager')).WebRole).toBe('contentManager');
  });

  test('without a token, or with an unknown one, getMe answers 401', async () => {
    const h = createHarness();
    expect((await h.call('getMe')).status).toBe(401);
    expect((await h.call('getMe', { token: 'not-a-real-token' })).status).toBe(401);
  });

  test('a token dies on logout and on expiry', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    expect((await h.call('logout', { token })).status).toBe(204);
    expect((await h.call('getMe', { token })).status).toBe(401);
    const other = h.tokenFor('patient');
    h.state.clock.advance(8 * 3600 * 1000 + 1000);
    expect((await h.call('getMe', { token: other })).status).toBe(401);
  });

  test('logout without a token still answers 204', async () => {
    const h = createHarness();
    expect((await h.call('logout')).status).toBe(204);
  });
});

describe('profile save', () => {
  test('a patient saves their own profile and reads it back', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const id = h.userId('patient');
    const saved = await h.call('updateProfile', { token, path: { id }, body: profile });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ Id: id });
    const { json } = await h.call('getMe', { token });
    expect(json.Person.EmailAddress).toBe('maija.uusi@example.fi');
    expect(json.Person.PhoneNumber).toBe('040 123 4567');
    expect(json.SmsMarketingEnabled).toBe(true);
    expect(json.AreasOfInterests).toEqual(['orthodontics', 'dentalWhitening']);
    expect(json.OwnBranchId).toBe(2);
    expect(json.OwnEmployeeId).toBe(5);
  });

  test('an invalid phone and email answer field errors under phone and email', async () => {
    const h = createHarness();
    const { status, json } = await h.call('updateProfile', {
      as: 'patient',
      path: { id: h.userId('patient') },
      body: { ...profile, email: 'not-an-email', phone: '12' },
    });
    expect(status).toBe(400);
    expect(json.Code).toBe('validation-failed');
    expect(json.Errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'phone']);
    expect(json.Errors.find((e: { field: string }) => e.field === 'email').errorMessage).toBe(
      'Enter a valid email address.',
    );
  });

  test('an address with angle brackets or quotes is refused under email', async () => {
    const h = createHarness();
    for (const email of ['maija<script>@example.fi', '"maija"@example.fi']) {
      const { status, json } = await h.call('updateProfile', {
        as: 'patient',
        path: { id: h.userId('patient') },
        body: { ...profile, email },
      });
      expect(status, email).toBe(400);
      expect(json.Errors).toEqual([
        { field: 'email', errorMessage: 'Enter a valid email address.' },
      ]);
    }
  });

  test("a patient cannot save someone else's profile", async () => {
    const h = createHarness();
    const { status } = await h.call('updateProfile', {
      as: 'patient',
      path: { id: h.userId('survey') },
      body: profile,
    });
    expect(status).toBe(403);
  });

  test('the first-login profile save accepts the terms, which unlocks the other operations', async () => {
    const h = createHarness();
    const token = h.tokenFor('first-login');
    expect((await h.call('getUserSettings', { token })).status).toBe(200);
    expect(
      (await h.call('listReservations', { token, query: { group: 'future' }, unchecked: true }))
        .status,
    ).toBe(403);
    await h.call('updateProfile', { token, path: { id: h.userId('first-login') }, body: profile });
    expect((await h.call('getMe', { token })).json.TermsAccepted).toBe(true);
  });

  test('accepting the new marketing terms ends the survey', async () => {
    const h = createHarness();
    const token = h.tokenFor('survey');
    expect((await h.call('acceptNewMarketingTerms', { token })).status).toBe(204);
    expect((await h.call('getMe', { token })).json.ShouldShowProfilePage).toBe(false);
  });
});

describe('terms and privacy statement', () => {
  test('a user who has not accepted the terms is refused everything but the exempt operations', async () => {
    const h = createHarness();
    const token = h.tokenFor('first-login');
    const refused = await h.call('listReservations', {
      token,
      query: { group: 'future' },
      unchecked: true,
    });
    expect(refused.status).toBe(403);
    expect(refused.json.Code).toBe('terms-not-accepted');
    expect((await h.call('getMe', { token })).status).toBe(200);
    const terms = await h.call('getTerms');
    expect(
      (await h.call('acceptTerms', { token, body: { version: terms.json.version } })).status,
    ).toBe(204);
    expect((await h.call('getMe', { token })).json.TermsAccepted).toBe(true);
  });

  test('accepting an outdated version of the terms answers 409', async () => {
    const h = createHarness();
    const { status, json } = await h.call('acceptTerms', {
      as: 'first-login',
      body: { version: '2019-01' },
    });
    expect(status).toBe(409);
    expect(json.Code).toBe('outdated-version');
  });

  test('the terms-pending scenario makes every user accept new terms', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    h.state.settings.scenarios['terms-pending'] = true;
    expect((await h.call('getMe', { token })).json.TermsAccepted).toBe(false);
    const terms = await h.call('getTerms');
    await h.call('acceptTerms', { token, body: { version: terms.json.version } });
    expect((await h.call('getMe', { token })).json.TermsAccepted).toBe(true);
  });

  test('a new privacy statement takes effect on 1 October and must be accepted again', async () => {
    const h = createHarness({ now: new Date('2027-09-30T20:00:00+03:00') });
    const token = h.tokenFor('patient');
    expect((await h.call('getMe', { token })).json.PrivacyPolicyAccepted).toBe(true);
    await h.call('setDevClock', { body: { now: '2027-10-01T00:00:01+03:00' } });
    expect((await h.call('getMe', { token })).json.PrivacyPolicyAccepted).toBe(false);
    const statement = await h.call('getPrivacyStatement');
    expect(statement.json.effectiveFrom).toBe('2027-10-01');
    expect(statement.json.links).toHaveLength(6);
    await h.call('acceptPrivacyStatement', { token, body: { version: statement.json.version } });
    expect((await h.call('getMe', { token })).json.PrivacyPolicyAccepted).toBe(true);
  });
});

describe('settings and account deletion', () => {
  test('service-message settings are saved', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const body = {
      serviceSmsEnabled: false,
      serviceEmailEnabled: true,
      reminderSmsEnabled: false,
      reminderEmailEnabled: true,
    };
    expect((await h.call('updateUserSettings', { token, body })).json).toEqual(body);
    expect((await h.call('getUserSettings', { token })).json).toEqual(body);
  });

  test("deleting the account ends every session and removes the data that was only the user's", async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const other = h.tokenFor('patient');
    const owned = { where: { userId: { equals: 1 } } };
    for (const table of [
      'reservation',
      'chatConversation',
      'couponRedemption',
      'anamnesis',
      'eventReminder',
    ] as const) {
      expect(h.state.db[table].findMany(owned).length, table).toBeGreaterThan(0);
    }
    expect((await h.call('deleteCurrentPatient', { token })).status).toBe(204);
    expect((await h.call('getMe', { token: other })).status).toBe(401);
    const id = h.userId('survey');
    expect(h.state.db.user.findFirst({ where: { devKey: { equals: 'patient' } } })).toBeNull();
    const mine = { where: { userId: { equals: 1 } } };
    expect(h.state.db.reservation.findMany(mine)).toEqual([]);
    expect(h.state.db.chatConversation.findMany(mine)).toEqual([]);
    expect(h.state.db.couponRedemption.findMany(mine)).toEqual([]);
    expect(h.state.db.anamnesis.findMany(mine)).toEqual([]);
    expect(h.state.db.eventReminder.findMany(mine)).toEqual([]);
    expect(id).toBe(3);
  });
});
