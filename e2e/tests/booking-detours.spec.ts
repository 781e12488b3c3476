import { API_HEADERS, devToken, expectNoA11yViolations, test } from '../fixtures.ts';
import { chooseClinic, fillAddress, next, pickFirstSlot, stepHeading } from '../booking-steps.ts';
import {
  expect,
  CLINIC_PHONE,
  moveClock,
  setScenario,
  bookingJourneys,
  choosePrivateCheckUp,
  confirmAndExpectThanks,
  bookUpToReview,
  expectChoicesKept,
  bankLogin,
} from '../booking-journey-kit.ts';

/** Detours of a booking: the survey, the login, an expired token, no free times, an expired campaign, a maintenance break, the 24-hour rule. */

bookingJourneys(test);

test('the survey met on a booking step returns to that step with the choices kept', async ({
  page,
}) => {
  const slot = await bookUpToReview(page, 'visitor');
  await page.getByRole('button', { name: 'Confirm the booking' }).click();
  await expect(stepHeading(page, 'Log in to finish the booking')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click();
  // Siiri has the survey flag: the survey dialog opens over the booking step she returns to.
  await bankLogin(page, 'siiri');
  await expect(page).toHaveURL(/\/en\/reservation\/confirm$/);
  const survey = page.getByRole('dialog', { name: 'Customer survey' });
  await expect(survey).toBeVisible();
  await survey.getByRole('button', { name: 'Skip the survey' }).click();
  await expect(survey).toBeHidden();

  // Spec §4: every wizard step is the reservation page, returned to as it is.
  await expect(page).toHaveURL(/\/en\/reservation\/confirm$/);
  await expectChoicesKept(page, slot);
  await confirmAndExpectThanks(page);
});

test('a visitor logs in at the details step: the identity fills the name, replaces a typed one and says so', async ({
  page,
}) => {
  await choosePrivateCheckUp(page);
  await chooseClinic(page, 'Helsinki Kamppi');
  await next(page).click();
  await page.getByRole('button', { name: 'Any available practitioner' }).click();
  const slot = await pickFirstSlot(page);
  await expect(page.getByText('Log in to fill in your details automatically')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('textbox', { name: /First name/ }).fill('Testi');
  await page.getByRole('textbox', { name: /Last name/ }).fill('Potilas');
  await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/login\?returnTo=%2Fen%2Freservation%2Fdetails/);
  await bankLogin(page, 'maija');

  await expect(page).toHaveURL(/\/en\/reservation\/details$/);
  const identity = page.getByRole('region', { name: 'From your identification' });
  await expect(identity).toContainText('Maija Meikäläinen');
  await expect(
    page.getByText(
      'Your name and personal identity code were replaced with those from your identification.',
    ),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await fillAddress(page);
  await next(page).click();
  await expectChoicesKept(page, slot);
  await expect(page.getByRole('main')).toContainText('Maija Meikäläinen');
  await confirmAndExpectThanks(page, { keepBoth: true });
});

test('a token that expires before the final booking call keeps the booking page and its choices', async ({
  page,
  request,
  loginAs,
}) => {
  const token = await loginAs('patient');
  const slot = await bookUpToReview(page, 'patient');
  // The session ends on the server (as an expired token would) while the review is on screen.
  const logout = await request.get('/api/logout', {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
  });
  expect(logout.ok()).toBe(true);

  await page.getByRole('button', { name: 'Confirm the booking' }).click();
  // Spec §8: a 401 on the reservation page signs out without leaving it.
  await expect(stepHeading(page, 'Log in to finish the booking')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/reservation\/login-required$/);
  await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click();
  await bankLogin(page, 'maija');
  await expect(page).toHaveURL(/\/en\/reservation\/confirm$/);
  await expectChoicesKept(page, slot);
  await confirmAndExpectThanks(page, { keepBoth: true });
});

test('without free slots the wizard says so and gives the phone number', async ({
  page,
  request,
}) => {
  await setScenario(request, 'no-free-slots', true);
  await choosePrivateCheckUp(page);
  await chooseClinic(page, 'Helsinki Kamppi');
  await next(page).click();
  await page.getByRole('button', { name: 'Any available practitioner' }).click();
  await expect(stepHeading(page, 'Choose the date and time')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No available times' })).toBeVisible();
  await expect(page.getByText(`Please call us to book: ${CLINIC_PHONE}.`)).toBeVisible();
  // No time to choose, no Next (issue 54: no dead Next).
  await expect(next(page)).toHaveCount(0);
});

test('an expired campaign code says when the campaign ended, and the booking goes on without it', async ({
  page,
  request,
}) => {
  // The seed's KESA25 campaign ended before the seed's today; the server says on which day.
  const check = await request.post('/api/campaign-codes/check', {
    headers: API_HEADERS,
    data: { code: 'KESA25' },
  });
  expect(check.status()).toBe(400);
  const refusal = (await check.json()) as { Problem?: string; ProblemDate?: string };
  expect(refusal.Problem).toBe('expired');
  const [year, month, day] = (refusal.ProblemDate ?? '').split('-').map(Number);
  const ended = `${day}.${month}.${year}`;

  await page.goto('/en/reservation');
  await page.getByRole('radio', { name: 'Private customer' }).click();
  const code = page.getByRole('textbox', { name: 'Campaign code' });
  await code.fill('kesa25');
  await next(page).click();
  const message = `The campaign ended on ${ended}. You can book without the code.`;
  await expect(page.getByText(message)).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription(new RegExp(message.replaceAll('.', '\\.')));
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Continue without the code' }).click();
  await expect(stepHeading(page, 'Choose the service')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/reservation\/reason$/);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Campaign code' })).toHaveValue('');
});

test('a maintenance break switched on through the API reaches a booking page already open', async ({
  page,
  maintenance,
}) => {
  const revisionRead = page.waitForResponse((response) =>
    response.url().endsWith('/api/dev/clock'),
  );
  await page.goto('/en/reservation');
  await expect(page.getByRole('radio', { name: 'Private customer' })).toBeVisible();
  // The QA toolbar has read the dev clock's revision; then QA switches maintenance on by API.
  await revisionRead;
  await maintenance.on();
  // Within the toolbar's next check (every 5 s), without a reload.
  await expect(stepHeading(page, 'Maintenance break')).toBeVisible({ timeout: 15_000 });
});

test('a maintenance break blocks booking', async ({ page, maintenance }) => {
  await maintenance.on();
  await page.goto('/en/reservation');
  await expect(stepHeading(page, 'Maintenance break')).toBeVisible();
  await expect(page.getByText(/Appointments cannot be booked during the break/)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Private customer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
});

test('inside 24 hours both changing and cancelling are replaced by the clinic phone', async ({
  page,
  request,
  loginAs,
}) => {
  const token = await devToken(request, 'patient');
  const listed = await request.get('/api/reservations?group=future', {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
  });
  expect(listed.ok()).toBe(true);
  const reservations = (await listed.json()) as Array<{
    startTime: string;
    canModify: boolean;
    status: string;
  }>;
  // A confirmed one (the Upcoming tab); bookings made by the journeys above wait for confirmation.
  const target = reservations.find(
    (reservation) => reservation.canModify && reservation.status === 'confirmed',
  );
  if (target === undefined) throw new Error('The seed has no changeable reservation');
  // Two hours before it starts (the offset is in the time: +02:00 or +03:00).
  const start = new Date(target.startTime);
  await moveClock(request, new Date(start.getTime() - 2 * 3_600_000).toISOString());
  // Signed in at the moved time (a session does not outlive a week's jump).
  await loginAs('patient');

  await page.goto('/en/reservations');
  const date = `${start.toLocaleDateString('fi-FI', { timeZone: 'Europe/Helsinki' })}`;
  const time = target.startTime.slice(11, 16);
  const card = page
    .getByRole('list', { name: 'Upcoming', exact: true })
    .getByRole('listitem')
    .filter({ hasText: `${date} at ${time}` })
    // The journeys above may have kept both of two bookings at that very minute ("keep both":
    // issue 54 item 2 stops that); the first is as good as the other for the rule.
    .first();
  await expect(card).toBeVisible();
  await expect(card.getByText('Changes by phone only')).toBeVisible();
  await expect(card.getByRole('link', { name: /^\+?[0-9 ]+$/ })).toHaveAttribute('href', /^tel:/);
  await expect(card.getByRole('button', { name: 'Change time' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
});

// ---- Keyboard only ------------------------------------------------------------------------

// Issue 54 item 3: the profile wins unless the patient chooses. A visitor types a phone, logs in
// in the middle of the booking: the booking has the profile's phone, the typed one is offered
// instead, and booking leaves the profile's phone as it was (the confirmation goes there too).
for (const words of [
  {
    language: 'fi' as const,
    next: 'Seuraava',
    details: 'Tietosi',
    phone: /^Puhelinnumero/,
    login: 'Kirjaudu sisään',
    banks: 'Pankit',
    offer: 'Varauksessa ovat profiilisi yhteystiedot',
    useTyped: 'Käytä näitä',
    savePhone: /^Tallenna .* myös profiiliini$/,
    street: /^Katuosoite/,
    postalCode: /^Postinumero/,
    city: /^Postitoimipaikka/,
    confirm: 'Tarkista ja vahvista',
    book: 'Vahvista varaus',
    keepBoth: 'Pidä molemmat ajat',
    thanks: 'Kiitos varauksestasi',
  },
  {
    language: 'sv' as const,
    next: 'Nästa',
    details: 'Dina uppgifter',
    phone: /^Telefonnummer/,
    login: 'Logga in',
    banks: 'Banker',
    offer: 'Bokningen har kontaktuppgifterna från din profil',
    useTyped: 'Använd dem i stället',
    savePhone: /^Spara .* också i min profil$/,
    street: /^Gatuadress/,
    postalCode: /^Postnummer/,
    city: /^Postanstalt/,
    confirm: 'Granska och bekräfta',
    book: 'Bekräfta bokningen',
    keepBoth: 'Behåll båda tiderna',
    thanks: 'Tack för din bokning',
  },
]) {
  test(`(${words.language}) a login in the middle of the booking keeps the profile's phone: the typed one is offered, not saved`, async ({
    page,
    request,
  }) => {
    test.slow();
    const typed = '040 111 2222';
    // The first steps as the English journeys take them; the patient then reads on in their
    // language (the booking's answers go with the page).
    await choosePrivateCheckUp(page);
    await chooseClinic(page, 'Helsinki Kamppi');
    await next(page).click();
    await page.getByRole('button', { name: 'Any available practitioner' }).click();
    await pickFirstSlot(page);
    await page.goto(`/${words.language}/reservation/details`);
    await expect(stepHeading(page, words.details)).toBeVisible();
    await page.getByRole('textbox', { name: words.phone }).fill(typed);
    await page.getByRole('main').getByRole('button', { name: words.login, exact: true }).click();
    await bankLogin(page, 'maija', words.banks);

    await expect(page).toHaveURL(new RegExp(`/${words.language}/reservation/`));
    await expect(stepHeading(page, words.details)).toBeVisible();
    const token = await devToken(request, 'patient');
    const auth = { ...API_HEADERS, Authorization: `Bearer ${token}` };
    const me = (await (await request.get('/api/me', { headers: auth })).json()) as {
      Person: { PhoneNumber: string };
    };
    const profilePhone = me.Person.PhoneNumber;
    expect(profilePhone.replace(/\D/g, '')).not.toBe(typed.replace(/\D/g, ''));
    // The booking has the profile's phone; the typed one is offered instead, and not taken.
    await expect(page.getByRole('textbox', { name: words.phone })).toHaveValue(profilePhone);
    const offer = page.getByText(words.offer);
    await expect(offer).toBeVisible();
    await expect(page.getByRole('main')).toContainText(typed);
    await expect(page.getByRole('button', { name: words.useTyped })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: words.savePhone })).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.getByRole('textbox', { name: words.street }).fill('Esimerkkikatu 1');
    await page.getByRole('textbox', { name: words.postalCode }).fill('00100');
    await page.getByRole('textbox', { name: words.city }).fill('Helsinki');
    await page.getByRole('button', { name: words.next, exact: true }).click();
    await expect(stepHeading(page, words.confirm)).toBeVisible();
    await expect(page.getByRole('main')).toContainText(profilePhone);
    await page.getByRole('button', { name: words.book }).click();
    // Maija's check-up a week ahead may make this the same service within 14 days.
    const keepBoth = page.getByRole('button', { name: words.keepBoth });
    const thanks = stepHeading(page, words.thanks);
    await expect(keepBoth.or(thanks)).toBeVisible();
    if (await keepBoth.isVisible()) await keepBoth.click();
    await expect(thanks).toBeVisible();

    // The profile keeps its phone, and the booking's confirmation goes to it.
    const after = (await (await request.get('/api/me', { headers: auth })).json()) as {
      Person: { PhoneNumber: string };
    };
    expect(after.Person.PhoneNumber).toBe(profilePhone);
    const outbox = (await (
      await request.get('/api/dev/outbox', { headers: API_HEADERS })
    ).json()) as { kind: string; channel: string; to: string; reservationId: number | null }[];
    const sms = outbox.filter(
      (message) => message.kind === 'booking-confirmation' && message.channel === 'sms',
    );
    expect(sms.length).toBeGreaterThan(0);
    expect(sms.at(-1)?.to).toBe(profilePhone);
  });
}
