import { API_HEADERS, devToken, expectNoA11yViolations, test } from '../fixtures.ts';
import { chooseClinic, next, pickFirstSlot, stepHeading } from '../booking-steps.ts';
import {
  expect,
  bookingJourneys,
  choosePrivateCheckUp,
  bankLogin,
} from '../booking-journey-kit.ts';

/**
 * Issue 54 item 1: a first-time patient who logs in during the booking meets the terms gate
 * (spec §2) over that booking: it says the booking is kept and counts the held time down; the
 * terms accepted, the patient is back on the details at once, filled from the patient record.
 */

bookingJourneys(test);

for (const words of [
  {
    language: 'fi' as const,
    switchTo: 'Suomeksi',
    details: 'Tietosi',
    login: 'Kirjaudu sisään',
    banks: 'Pankit',
    gate: 'Tervetuloa! Hyväksy käyttöehdot',
    kept: 'Varauksesi odottaa',
    booking: /^Hammastarkastus, Helsinki Kamppi, \S+ \d+\. \S+ \d\d:\d\d$/,
    holding: /^Pidämme tämän ajan sinulle vielä \d+ min/,
    terms: /^Olen lukenut käyttöehdot/,
    go: 'Hyväksy ja jatka varausta',
    street: /^Katuosoite/,
    next: 'Seuraava',
    confirm: 'Tarkista ja vahvista',
    book: 'Vahvista varaus',
    thanks: 'Kiitos varauksestasi',
  },
  {
    language: 'sv' as const,
    switchTo: 'På svenska',
    details: 'Dina uppgifter',
    login: 'Logga in',
    banks: 'Banker',
    gate: 'Välkommen! Godkänn användarvillkoren',
    kept: 'Din bokning väntar',
    booking: /^Tandundersökning, Helsinki Kamppi, \S+ \d+ \S+ \d\d:\d\d$/,
    holding: /^Vi håller tiden åt dig i \d+ min/,
    terms: /^Jag har läst och godkänner/,
    go: 'Godkänn och fortsätt med bokningen',
    street: /^Gatuadress/,
    next: 'Nästa',
    confirm: 'Granska och bekräfta',
    book: 'Bekräfta bokningen',
    thanks: 'Tack för din bokning',
  },
]) {
  test(`(${words.language}) a first-time patient accepts the terms over the booking and is back on it at once, the time still held`, async ({
    page,
    request,
  }) => {
    test.slow();
    await choosePrivateCheckUp(page);
    await chooseClinic(page, 'Helsinki Kamppi');
    await next(page).click();
    await page.getByRole('button', { name: 'Any available practitioner' }).click();
    await pickFirstSlot(page);
    // On in the patient's language: the language switch keeps the page and its hold (a reload
    // would release the hold).
    await page.getByRole('link', { name: words.switchTo }).first().click();
    await expect(stepHeading(page, words.details)).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: words.login, exact: true }).click();
    await bankLogin(page, 'eero', words.banks);

    // The gate stands on the details step: the booking kept, its hold counting down.
    await expect(page).toHaveURL(new RegExp(`/${words.language}/reservation/details$`));
    await expect(page.getByRole('heading', { level: 1, name: words.gate })).toBeVisible();
    await expect(page.getByText(words.kept)).toBeVisible();
    await expect(page.getByText(words.booking)).toBeVisible();
    await expect(page.getByTestId('hold-countdown')).toHaveText(words.holding);
    await expectNoA11yViolations(page);

    await page.getByRole('checkbox', { name: words.terms }).click();
    await page.getByRole('button', { name: words.go }).click();

    // Back on the details at once, the hold still counting, the address from the record.
    await expect(stepHeading(page, words.details)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${words.language}/reservation/details$`));
    await expect(page.getByTestId('hold-countdown')).toHaveText(words.holding);
    const token = await devToken(request, 'first-login');
    const me = (await (
      await request.get('/api/me', {
        headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
      })
    ).json()) as { TermsAccepted: boolean; Person: { Address: { Street: string } | null } };
    expect(me.TermsAccepted).toBe(true);
    expect(me.Person.Address?.Street).toBeTruthy();
    await expect(page.getByRole('textbox', { name: words.street })).toHaveValue(
      me.Person.Address?.Street ?? '',
    );

    await page.getByRole('button', { name: words.next, exact: true }).click();
    await expect(stepHeading(page, words.confirm)).toBeVisible();
    await page.getByRole('button', { name: words.book }).click();
    await expect(stepHeading(page, words.thanks)).toBeVisible();
  });
}
