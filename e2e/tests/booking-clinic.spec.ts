import { expectNoA11yViolations, selectOptionStartingWith, test } from '../fixtures.ts';
import { chooseClinic, clinicList, locationPicker, next, stepHeading } from '../booking-steps.ts';
import {
  expect,
  NEAR_TURKU_KESKUSTA,
  bookingJourneys,
  choosePrivateCheckUp,
} from '../booking-journey-kit.ts';

/** The booking's clinic step (issue 54): the searchable list, the position, the practitioner first, what each clinic says. */

bookingJourneys(test);

/** The clinic step's words in fi and sv. */
const CLINIC_WORDS = {
  fi: {
    language: 'fi',
    privateCustomer: 'Yksityisasiakas',
    next: 'Seuraava',
    checkUp: /^Hammastarkastus –/,
    quickClean: /^Fluorikäsittely ja pikapuhdistus/,
    clinic: 'Klinikka',
    search: 'Hae klinikkaa tai kaupunkia',
    region: 'Pääkaupunkiseutu',
    nearestPart: 'Lähimpänä sinua',
    employeeFirst: /^Valitse ensin ammattilainen/,
    firstFree:
      / \((ensimmäinen vapaa aika \S+ \d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d|ei vapaita aikoja)\)$/,
    rowFirstFree: /(Ensimmäinen vapaa: \S+ \d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d|Ei vapaita aikoja)/,
    dentist: 'Hammaslääkäri',
    choosePractitioner: 'Valitse ammattilainen',
    practitioners: 'Ammattilaiset',
    cardFirstFree: /Ensimmäinen vapaa aika: |Ei vapaita aikoja/,
    back: 'Takaisin',
    shortcut: /^Ensimmäinen vapaa aika – Turku Keskusta: \S+ \d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d$/,
    times: /^Vapaat ajat /,
    closed: /^Helsinki Munkkiniemi Suljettu remontin ajan$/,
    nearest: 'Lähin klinikka',
    nearTurku: /^Turku Keskusta Ensimmäinen vapaa: .+ 200 m \(valittu\)$/,
  },
  sv: {
    language: 'sv',
    privateCustomer: 'Privatkund',
    next: 'Nästa',
    checkUp: /^Tandundersökning –/,
    quickClean: /^Fluorbehandling och snabbrengöring/,
    clinic: 'Klinik',
    search: 'Sök klinik eller stad',
    region: 'Huvudstadsregionen',
    nearestPart: 'Närmast dig',
    employeeFirst: /^Välj en behandlare först/,
    firstFree: / \((första lediga tid \S+ \d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d|inga lediga tider)\)$/,
    rowFirstFree: /(Första lediga: \S+ \d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d|Inga lediga tider)/,
    dentist: 'Tandläkare',
    choosePractitioner: 'Välj behandlare',
    practitioners: 'Behandlare',
    cardFirstFree: /Första lediga tid: |Inga lediga tider/,
    back: 'Tillbaka',
    shortcut: /^Första lediga tid – Turku Keskusta: \S+ \d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d$/,
    times: /^Lediga tider /,
    closed: /^Helsinki Munkkiniemi Stängd under renoveringen$/,
    nearest: 'Närmaste klinik',
    nearTurku: /^Turku Keskusta Första lediga: .+ 200 m \(vald\)$/,
  },
} as const;

for (const words of [CLINIC_WORDS.fi, CLINIC_WORDS.sv]) {
  test(`(${words.language}) a visitor finds Kamppi in two keystrokes; the capital region and Helsinki come first`, async ({
    page,
  }) => {
    await page.goto(`/${words.language}/reservation`);
    await page.getByRole('radio', { name: words.privateCustomer }).click();
    await page.getByRole('button', { name: words.next, exact: true }).click();
    await page.getByRole('button', { name: words.checkUp }).click();
    await locationPicker(page, words.clinic).click();
    const list = clinicList(page);
    // Signed out and without a position: the region and the city with the most clinics first.
    await expect(list.getByRole('group').nth(1)).toHaveAccessibleName(words.region);
    await expect(list.getByRole('group').nth(1).getByRole('option').nth(1)).toHaveAccessibleName(
      /^Helsinki Itäkeskus /,
    );
    // No city repeated in a clinic's row under its city.
    await expect(list.getByRole('option', { name: /^Helsinki Kamppi / })).not.toContainText(
      /Helsinki,|Helsingfors,/,
    );
    await expect(page.getByRole('combobox', { name: words.search })).toBeFocused();
    await page.keyboard.type('Ka');
    await expect(list.getByRole('option')).toHaveText([/^Helsinki Kallio/, /^Helsinki Kamppi/]);
    await list.getByRole('option', { name: /^Helsinki Kamppi/ }).click();
    await expect(list).toHaveCount(0);
    await expect(locationPicker(page, words.clinic)).toHaveText('Helsinki Kamppi');
    // A city by its name, in the page's language or in Finnish.
    await locationPicker(page, words.clinic).click();
    await page.keyboard.type('Tampere');
    await expect(list.getByRole('option').first()).toHaveAccessibleName(/^Tampere|^Tammerfors/);
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(list).toHaveCount(0);
    await expect(locationPicker(page, words.clinic)).toBeFocused();
  });
}

test.describe('with the device position near a clinic', () => {
  test('choosing the closest location picks the nearest clinic', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(NEAR_TURKU_KESKUSTA);
    await choosePrivateCheckUp(page);
    await chooseClinic(page, 'Nearest clinic');
    await expect(locationPicker(page)).toHaveText('Turku Keskusta');
    // The position known, the nearest clinics come first, each saying how far it is.
    await locationPicker(page).click();
    const nearest = clinicList(page).getByRole('group', { name: 'Nearest to you' });
    await expect(nearest.getByRole('option').first()).toHaveAccessibleName(
      /^Turku Keskusta .*200 m \(chosen\)$/,
    );
    await page.keyboard.press('Escape');
    await next(page).click();
    await expect(stepHeading(page, 'Choose a practitioner (optional)')).toBeVisible();
    await page.getByRole('button', { name: 'Choose a practitioner', exact: true }).click();
    const popup = page.getByRole('dialog', { name: 'Practitioners' });
    await expect(
      popup.getByRole('heading', { name: 'Practitioners at the chosen clinic' }),
    ).toBeVisible();
    await expect(popup).toContainText('Turku Keskusta');
  });
});

test('a patient who chooses the practitioner first sees their locations first and books them', async ({
  page,
  loginAs,
}) => {
  // Many steps (and axe scans) on a machine shared with others.
  test.slow();
  await loginAs('patient');
  await choosePrivateCheckUp(page);
  await selectOptionStartingWith(
    page.getByRole('combobox', { name: /Choose a practitioner first/ }),
    'Iida Salonen, Dentist',
  );
  await locationPicker(page).click();
  // Their clinics first (spec §4), after the "nearest clinic" entry.
  const theirs = clinicList(page).getByRole('group').nth(1);
  await expect(theirs).toHaveAccessibleName('Clinics where Iida Salonen works');
  await expect(theirs.getByRole('option')).toHaveText([
    /^Tampere Keskusta First available: \w{3} \d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d$/,
    /^Pori Keskusta First available: /,
  ]);
  await theirs.getByRole('option', { name: /^Pori Keskusta/ }).click();
  await next(page).click();

  await expect(stepHeading(page, 'Choose a practitioner (optional)')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Chosen practitioner' })).toContainText(
    'Iida Salonen',
  );
});

for (const words of [CLINIC_WORDS.fi, CLINIC_WORDS.sv]) {
  test(`(${words.language}) only practitioners who do the service are offered, every clinic and practitioner says when it is first free, a closed clinic why, and each clinic how far once the position is known`, async ({
    page,
    context,
    loginAs,
  }) => {
    test.slow();
    await loginAs('patient');
    await page.goto(`/${words.language}/reservation`);
    await page.getByRole('radio', { name: words.privateCustomer }).click();
    await page.getByRole('button', { name: words.next, exact: true }).click();
    // A dental nurse's or hygienist's service: no dentist is offered for it.
    await page.getByRole('button', { name: words.quickClean }).click();
    const practitionerFirst = page.getByRole('combobox', { name: words.employeeFirst });
    const offered = practitionerFirst.locator('option').filter({ hasText: words.firstFree });
    await expect(offered.first()).toBeAttached();
    const names = await offered.allTextContents();
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) expect(name).not.toContain(words.dentist);

    const clinics = locationPicker(page, words.clinic);
    await clinics.click();
    const rows = clinicList(page).getByRole('option', { disabled: false });
    await expect(rows.filter({ hasText: words.rowFirstFree }).first()).toBeVisible();
    // Every city and every open clinic says when it is first free.
    const open = await rows.allTextContents();
    expect(open.length).toBeGreaterThan(10);
    for (const text of open.filter((row) => row !== words.nearest)) {
      expect(text).toMatch(words.rowFirstFree);
    }
    // A closed clinic says why, in the page's language.
    await expect(
      clinicList(page).getByRole('option', { disabled: true, name: words.closed }),
    ).toBeAttached();
    // The device position asked ("nearest clinic"): the nearest come first, each saying how far.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(NEAR_TURKU_KESKUSTA);
    await clinicList(page).getByRole('option', { name: words.nearest }).click();
    await expect(clinics).toHaveText('Turku Keskusta');
    await clinics.click();
    const nearest = clinicList(page).getByRole('group', { name: words.nearestPart });
    await expect(nearest.getByRole('option').first()).toHaveAccessibleName(words.nearTurku);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: words.next, exact: true }).click();

    await page.getByRole('button', { name: words.choosePractitioner }).click();
    const popup = page.getByRole('dialog', { name: words.practitioners });
    const cards = popup.getByRole('button', { pressed: false });
    await expect(cards.first()).toContainText(words.cardFirstFree);
    for (const card of await cards.all()) await expect(card).not.toContainText(words.dentist);
    await expectNoA11yViolations(page);

    // Back on the clinic step: one tap on the chosen clinic's first available time shows it.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: words.back, exact: true }).click();
    const shortcut = page.getByRole('button', { name: words.shortcut });
    const title = (await shortcut.locator('span span').first().textContent()) ?? '';
    const [, when] = /: (\S+ \d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d)$/.exec(title) ?? [];
    expect(when).toBeTruthy();
    await shortcut.click();
    const slots = page.getByRole('list', { name: words.times });
    await expect(slots).toBeVisible();
    await expect(slots.getByRole('button').first()).toContainText(when!.split(' ').at(-1)!);
  });
}
