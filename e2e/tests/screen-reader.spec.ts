import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  API_HEADERS,
  bookAsAnotherPatient,
  devToken,
  expect,
  heldTime,
  tabTo,
  test,
} from '../fixtures.ts';
import { journeyWords, type JourneyWords } from '../journey-words.ts';
import { startScreenReader, type ScreenReader } from '../screen-reader.ts';
import { checkUpAtKamppiUntil, choosableTimes } from '../booking-steps.ts';

/**
 * Issue 31: the main journeys walked by keyboard with a screen reader listening, in Finnish and
 * Swedish (English, the language of the component tests, is heard there: the web package's
 * reservation-route, reservations-route, anamnesis-route and login-route tests ask for every
 * heading, position, name, error summary and status region by its English accessible name; issue
 * 53 trimmed the English walks); what it says is asserted where it matters (each step's heading and
 * position, the names of the times, errors, a taken time, results) and the whole transcript is
 * kept in reports/screen-reader/ for review.
 */

const reportDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../reports/screen-reader');

/** Keeps a walk's transcript: attached to the test and written to the reports folder. */
async function keepTranscript(reader: ScreenReader, testInfo: TestInfo, name: string) {
  const text = `${reader.transcript().join('\n')}\n`;
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(resolve(reportDir, `${name}.txt`), text);
  await testInfo.attach(`${name}.txt`, { body: text, contentType: 'text/plain' });
}

const has = (pattern: RegExp) => expect.arrayContaining([expect.stringMatching(pattern)]);

interface Words extends JourneyWords {
  /** What is heard on the way, in order of the walk. */
  heard: {
    steps: string[];
    serviceContinues: RegExp;
    slot: RegExp;
    summary: string;
    summaryAlert: RegExp;
    streetInvalid: string;
    taken: RegExp;
    duplicate: RegExp;
    thanks: string;
  };
}

const weekdays = {
  fi: '(maanantaina|tiistaina|keskiviikkona|torstaina|perjantaina|lauantaina|sunnuntaina)',
  sv: '(måndag|tisdag|onsdag|torsdag|fredag|lördag|söndag)',
};

const languages: Words[] = [
  {
    ...journeyWords.fi,
    heard: {
      steps: [
        'heading, Valitse palvelu, Vaihe 2/7: Palvelu, level 2',
        'heading, Valitse klinikka, Vaihe 3/7: Klinikka, level 2',
        'heading, Valitse ammattilainen (valinnainen), Vaihe 4/7: Ammattilainen, level 2',
        'heading, Valitse päivä ja aika, Vaihe 5/7: Aika, level 2',
        'heading, Tietosi, Vaihe 6/7: Tietosi, level 2',
        'heading, Tarkista ja vahvista, Vaihe 7/7: Vahvistus, level 2',
      ],
      serviceContinues: /Kun valitset palvelun, siirryt suoraan klinikan valintaan\./,
      slot: new RegExp(
        `^button, ${weekdays.fi} \\d{1,2}\\. [a-zä]+ta \\d{2}:\\d{2}, [^,]+, (hammaslääkäri|erikoishammaslääkäri|suuhygienisti)(, [^,]+)?, Kun valitset ajan, siirryt suoraan tietoihisi\\.`,
      ),
      summary: 'group, Korjaa nämä kohdat',
      summaryAlert: /^alert: Korjaa nämä kohdat Katuosoite: Täytä kenttä\.$/,
      streetInvalid: 'textbox, Katuosoite, Virhe: Täytä kenttä., invalid, required',
      taken: /^alert: .*Joku muu varasi juuri tämän ajan\. Valitse toinen aika\./,
      duplicate: /^alert: Varoitus: Sinulla on jo varattu aika tähän palveluun .*Hammastarkastus/,
      thanks: 'heading, Kiitos varauksestasi, level 2',
    },
  },
  {
    ...journeyWords.sv,
    heard: {
      steps: [
        'heading, Välj tjänst, Steg 2 av 7: Tjänst, level 2',
        'heading, Välj klinik, Steg 3 av 7: Klinik, level 2',
        'heading, Välj behandlare (valfritt), Steg 4 av 7: Behandlare, level 2',
        'heading, Välj dag och tid, Steg 5 av 7: Tid, level 2',
        'heading, Dina uppgifter, Steg 6 av 7: Dina uppgifter, level 2',
        'heading, Granska och bekräfta, Steg 7 av 7: Bekräftelse, level 2',
      ],
      serviceContinues: /När du väljer en tjänst går du direkt vidare till valet av klinik\./,
      slot: new RegExp(
        `^button, ${weekdays.sv} \\d{1,2} [a-zåäö]+ \\d{2}:\\d{2}, [^,]+, (tandläkare|specialisttandläkare|munhygienist)(, [^,]+)?, När du väljer en tid går du direkt vidare till dina uppgifter\\.`,
      ),
      summary: 'group, Kontrollera följande uppgifter',
      summaryAlert: /^alert: Kontrollera följande uppgifter Gatuadress: Fyll i fältet\.$/,
      streetInvalid: 'textbox, Gatuadress, Fel: Fyll i fältet., invalid, required',
      taken: /^alert: .*Någon annan bokade just den här tiden\. Välj en annan tid\./,
      duplicate:
        /^alert: Varning: Du har redan en bokad tid för den här tjänsten .*Tandundersökning/,
      thanks: 'heading, Tack för din bokning, level 2',
    },
  },
];

/**
 * Another patient takes the held time, as if the hold had ended meanwhile: the hold is released
 * and Siiri books the same slot through the API.
 */
async function someoneElseTakesTheTime(page: Page, request: APIRequestContext): Promise<void> {
  const { slotKey, holdId } = await heldTime(page);
  const released = await request.delete(`/api/slot-holds/${holdId}`, { headers: API_HEADERS });
  expect(released.status()).toBe(204);
  expect((await bookAsAnotherPatient(request, slotKey)).status()).toBe(201);
}

for (const words of languages) {
  const { heard: expected } = words;

  test(`(${words.language}) a booking by keyboard, heard: each step with its position, the times by day, practitioner and profession, an error, a taken time, the question and the thanks`, async ({
    page,
    request,
    loginAs,
  }, testInfo) => {
    test.slow();
    await loginAs('patient');
    await page.goto(`/${words.language}/reservation`);
    await expect(page.locator('#booking-step-title')).toBeVisible();
    const reader = await startScreenReader(page);
    const heard: string[] = [];
    const listen = async () => {
      const phrases = await reader.heard();
      heard.push(...phrases);
      return phrases;
    };
    const button = (name: string | RegExp) =>
      page.getByRole('button', { name, exact: typeof name === 'string' });

    // Customer type: the radio says what it is, its place in the group and its state.
    const privateCustomer = page.getByRole('radio', { name: words.privateCustomer });
    await tabTo(page, privateCustomer);
    await page.keyboard.press('Space');
    expect(await listen()).toEqual(
      has(new RegExp(`^radio, ${words.privateCustomer}, .*position 1, set size 3$`)),
    );
    await tabTo(page, button(words.next));
    await page.keyboard.press('Enter');
    await expect(page.locator('#booking-step-title')).toBeFocused();

    // Service: one tap goes on, and the button says so before it is pressed.
    await tabTo(page, button(words.checkUp));
    await page.keyboard.press('Enter');
    await expect(page.locator('#booking-step-title')).toBeFocused();

    // Clinic: Enter opens the searchable list, typed letters narrow it, Enter chooses and the
    // focus is back on the field; then Next.
    const clinic = page.getByRole('combobox', { name: words.clinic });
    await tabTo(page, clinic);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.type('Kamp');
    await page.keyboard.press('Enter');
    await expect(clinic).toBeFocused();
    await expect(clinic).toHaveText('Helsinki Kamppi');
    await tabTo(page, button(words.next));
    await page.keyboard.press('Enter');
    await expect(page.locator('#booking-step-title')).toBeFocused();

    // Practitioner: any.
    await tabTo(page, button(words.anyPractitioner));
    await page.keyboard.press('Enter');
    await expect(page.locator('#booking-step-title')).toBeFocused();

    // Time: the first free day is chosen already; its first time says day, time, practitioner
    // and profession, and that choosing it goes on.
    const slots = page.getByRole('list', { name: words.times });
    await expect(slots).toBeVisible();
    await tabTo(page, choosableTimes(slots).first());
    const onTime = await listen();
    expect(onTime).toEqual(has(expected.slot));
    await page.keyboard.press('Space');
    await expect(page.locator('#booking-step-title')).toBeFocused();

    // Details: an emptied street is refused: the summary takes the focus and is read, and the
    // field says what is wrong.
    const street = page.getByRole('textbox', { name: words.street });
    // The previous booking's address (street, postal code and city at once) comes a moment
    // after the step, from calls of its own.
    await expect(street).not.toHaveValue('');
    await tabTo(page, street);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-error-summary]')).toBeFocused();
    const refused = await listen();
    expect(refused).toContain(expected.summary);
    expect(refused).toEqual(has(expected.summaryAlert));
    await tabTo(page, street);
    expect(await listen()).toContain(expected.streetInvalid);
    await page.keyboard.type('Esimerkkikatu 1');
    await page.keyboard.press('Enter');
    await expect(page.locator('#booking-step-title')).toBeFocused();

    // Confirm, but the time has been taken meanwhile: back at the times, told so at once.
    await someoneElseTakesTheTime(page, request);
    await tabTo(page, button(words.book));
    await page.keyboard.press('Enter');
    await expect(slots.or(page.getByRole('alert'))).not.toHaveCount(0);
    await expect(page.getByRole('alert').first()).toBeVisible();
    expect(await listen()).toEqual(has(expected.taken));

    // Another time, the same details, and the confirm again: Maija's check-up a week ahead is
    // asked about, read out at once; keeping both books it.
    await tabTo(page, choosableTimes(slots).first());
    await page.keyboard.press('Space');
    await expect(page.locator('#booking-step-title')).toBeFocused();
    await tabTo(page, button(words.next));
    await page.keyboard.press('Enter');
    await expect(page.locator('#booking-step-title')).toBeFocused();
    await tabTo(page, button(words.book));
    await page.keyboard.press('Enter');
    await expect(button(words.keepBoth)).toBeVisible();
    expect(await listen()).toEqual(has(expected.duplicate));
    await tabTo(page, button(words.keepBoth));
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { level: 2, name: expected.thanks.split(', ')[1] }),
    ).toBeVisible();
    const thanks = await listen();
    expect(thanks).toContain(expected.thanks);

    // Every step's heading was read with its position, in order.
    const steps = heard.filter((phrase) => expected.steps.includes(phrase));
    expect([...new Set(steps)]).toEqual(expected.steps);
    expect(heard).toEqual(has(expected.serviceContinues));
    await keepTranscript(reader, testInfo, `booking-${words.language}`);
  });
}

interface ReservationWords extends JourneyWords {
  heard: {
    dialog: string;
    moved: RegExp;
    cancelDialog: RegExp;
    cancelled: RegExp;
  };
}

const reservationLanguages: ReservationWords[] = [
  {
    ...journeyWords.fi,
    heard: {
      dialog: 'dialog, Vaihda aika',
      moved: /^polite: .*Varaus siirrettiin aikaan \d{1,2}\.\d{1,2}\.\d{4} klo \d{2}:\d{2}\./,
      cancelDialog: /^alertdialog, Perutaanko varaus\?/,
      cancelled: /^polite: .*Varaus on peruttu\./,
    },
  },
  {
    ...journeyWords.sv,
    heard: {
      dialog: 'dialog, Byt tid',
      moved: /^polite: .*Bokningen flyttades till \d{1,2}\.\d{1,2}\.\d{4} kl\. \d{2}:\d{2}\./,
      cancelDialog: /^alertdialog, Vill du avboka tiden\?/,
      cancelled: /^polite: .*Bokningen är avbokad\./,
    },
  },
];

for (const words of reservationLanguages) {
  test(`(${words.language}) my reservations by keyboard, heard: the move dialog, the times, the moved time, the cancel question and the cancel`, async ({
    page,
    loginAs,
  }, testInfo) => {
    test.slow();
    await loginAs('patient');
    await page.goto(`/${words.language}/reservations`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const reader = await startScreenReader(page);
    const button = (name: string) => page.getByRole('button', { name, exact: true });

    // Move: the dialog is entered and named; a time is chosen; the result is read out.
    await tabTo(page, button(words.changeTime).first());
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const times = dialog
      .getByRole('list')
      .filter({ has: page.getByRole('button') })
      .last();
    await tabTo(page, choosableTimes(times).first());
    expect(await reader.heard()).toEqual(has(new RegExp(`^${words.heard.dialog}`)));
    await page.keyboard.press('Space');
    await tabTo(page, dialog.getByRole('button', { name: words.move, exact: true }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(
      page
        .getByText(words.heard.moved.source.replace(/^\^polite: \.\*/, '').slice(0, 8), {
          exact: false,
        })
        .first(),
    ).toBeVisible();
    expect(await reader.heard()).toEqual(has(words.heard.moved));
    // The moved card may be another: the focus stays in the list's panel, not at the page's start.
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('[role="tabpanel"]') !== null),
      )
      .toBe(true);

    // Cancel: the question is an alert dialog; the answer is read out.
    await tabTo(page, button(words.cancel).first());
    await page.keyboard.press('Enter');
    const question = page.getByRole('alertdialog');
    await expect(question).toBeVisible();
    await tabTo(page, question.getByRole('button', { name: words.yesCancel, exact: true }));
    expect(await reader.heard()).toEqual(has(words.heard.cancelDialog));
    await page.keyboard.press('Enter');
    await expect(question).toBeHidden();
    await expect
      .poll(() => reader.heard().then((phrases) => phrases.join('\n')))
      .toMatch(new RegExp(words.heard.cancelled.source.replace(/^\^/, '^|\\n'), 'm'));
    await keepTranscript(reader, testInfo, `reservations-${words.language}`);
  });
}

interface HealthFormWords {
  language: 'fi' | 'sv';
  health: string;
  save: string;
  heard: { summary: string; summaryAlert: RegExp; healthInvalid: RegExp; saved: RegExp };
}

const healthFormLanguages: HealthFormWords[] = [
  {
    language: 'fi',
    health: 'Millainen terveydentilasi on nyt?',
    save: 'Tallenna vastaukset',
    heard: {
      summary: 'group, Tarkista kentät',
      summaryAlert:
        /^alert: Tarkista kentät Täytä kaikki pakolliset kentät Millainen terveydentilasi on nyt\? Täytä kenttä/,
      healthInvalid:
        /^textbox, Millainen terveydentilasi on nyt\?, .*Virhe: Täytä kenttä.*, invalid, required/,
      saved: /Kiitos! Vastauksesi tallennettiin\./,
    },
  },
  {
    language: 'sv',
    health: 'Hur är din hälsa nu?',
    save: 'Spara svaren',
    heard: {
      summary: 'group, Kontrollera fälten',
      summaryAlert:
        /^alert: Kontrollera fälten Fyll i alla obligatoriska fält Hur är din hälsa nu\? Fyll i fältet/,
      healthInvalid: /^textbox, Hur är din hälsa nu\?, .*Fel: Fyll i fältet.*, invalid, required/,
      saved: /Tack! Dina svar har sparats\./,
    },
  },
];

for (const words of healthFormLanguages) {
  test(`(${words.language}) the health form by keyboard, heard: the missing answer in the summary and at its field, then the saved answers`, async ({
    page,
    loginAs,
  }, testInfo) => {
    test.slow();
    await loginAs('patient');
    await page.goto(`/${words.language}/anamnesis`);
    const health = page.getByRole('textbox', { name: words.health });
    await expect(health).toBeVisible();
    const reader = await startScreenReader(page);

    // The earlier answer is emptied and the form sent: the summary takes the focus and is read.
    await tabTo(page, health);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await tabTo(page, page.getByRole('button', { name: words.save, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-error-summary]')).toBeFocused();
    const refused = await reader.heard();
    expect(refused).toContain(words.heard.summary);
    expect(refused).toEqual(has(words.heard.summaryAlert));

    // Its link leads to the field, which says what is wrong.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(health).toBeFocused();
    expect(await reader.heard()).toEqual(has(words.heard.healthInvalid));
    await page.keyboard.type('Hyvä.');
    await tabTo(page, page.getByRole('button', { name: words.save, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(words.heard.saved)).toBeVisible();
    await expect.poll(async () => (await reader.heard()).join('\n')).toMatch(words.heard.saved);
    await keepTranscript(reader, testInfo, `health-form-${words.language}`);
  });
}

interface LoginWords {
  language: 'fi' | 'sv';
  mobileTab: string;
  phone: RegExp;
  heard: {
    summary: string;
    refused: RegExp;
    code: RegExp;
    cancel: string;
    welcome: RegExp;
  };
}

const loginLanguages: LoginWords[] = [
  {
    language: 'fi',
    mobileTab: 'Mobiilivarmenne',
    phone: /^Matkapuhelinnumero/,
    heard: {
      summary: 'group, Korjaa nämä kohdat',
      refused:
        /^alert: Korjaa nämä kohdat Matkapuhelinnumero: Tarkista numero\. Anna suomalainen matkapuhelinnumero/,
      code: /^polite: .*Tarkistuskoodi: [0-9A-Z]{4,}/,
      cancel: 'button, Peruuta',
      welcome: /^heading, Tervetuloa, Maija!, level 1$/,
    },
  },
  {
    language: 'sv',
    mobileTab: 'Mobilcertifikat',
    phone: /^Mobilnummer/,
    heard: {
      summary: 'group, Kontrollera följande uppgifter',
      refused:
        /^alert: Kontrollera följande uppgifter Mobilnummer: Kontrollera numret\. Ange ett finländskt mobilnummer/,
      code: /^polite: .*Kontrollkod: [0-9A-Z]{4,}/,
      cancel: 'button, Avbryt',
      welcome: /^heading, Välkommen, Maija!, level 1$/,
    },
  },
];

for (const words of loginLanguages) {
  test(`(${words.language}) the mobile-certificate login by keyboard, heard: a refused number, the verification code, then the welcome`, async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    // The patient's phone as it stands now: the certificate answers for the number's owner.
    const token = await devToken(request, 'patient');
    const me = await request.get('/api/me', {
      headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
    });
    const phoneNumber = ((await me.json()) as { Person: { PhoneNumber: string } }).Person
      .PhoneNumber;
    await page.goto(`/${words.language}/login`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const reader = await startScreenReader(page);

    // The method is a tab; the number typed wrong is refused: the summary takes the focus.
    const tab = page.getByRole('tab', { name: words.mobileTab });
    await tabTo(page, page.getByRole('tab', { selected: true }));
    while (!(await tab.evaluate((element) => element === document.activeElement))) {
      await page.keyboard.press('ArrowRight');
    }
    const phone = page.getByRole('textbox', { name: words.phone });
    await tabTo(page, phone);
    await page.keyboard.type('12345');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-error-summary]')).toBeFocused();
    const refused = await reader.heard();
    expect(refused).toContain(words.heard.summary);
    expect(refused).toEqual(has(words.heard.refused));

    // The right number: the code is read out as it appears, and the focus waits on the cancel.
    await tabTo(page, phone);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(phoneNumber);
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await reader.heard()).join('\n'), { timeout: 10_000 })
      .toMatch(new RegExp(`(^|\\n)${words.heard.cancel}(\\n|$)`));
    expect(reader.transcript()).toEqual(has(words.heard.code));

    // The phone approves: the new page's heading takes the focus and is read.
    await expect(page.getByRole('heading', { level: 1, name: /Maija/ })).toBeFocused({
      timeout: 15_000,
    });
    await expect
      .poll(async () => (await reader.heard()).join('\n'))
      .toMatch(
        new RegExp(words.heard.welcome.source.replace(/^\^/, '(^|\\n)').replace(/\$$/, '(\\n|$)')),
      );
    await keepTranscript(reader, testInfo, `login-${words.language}`);
  });
}

const accessLogLanguages = [
  {
    language: 'fi' as const,
    month: 'Kuukausi',
    heard: {
      month: /^combobox, Kuukausi, has popup listbox/,
      none: 'polite: 0 käyttökertaa',
      one: 'polite: 1 käyttökerta',
    },
  },
  {
    language: 'sv' as const,
    month: 'Månad',
    heard: {
      month: /^combobox, Månad, has popup listbox/,
      none: 'polite: 0 gånger',
      one: 'polite: 1 gång',
    },
  },
];

for (const words of accessLogLanguages) {
  test(`(${words.language}) who has used my data by keyboard, heard: the month, and how many uses it holds`, async ({
    page,
    request,
    loginAs,
  }, testInfo) => {
    test.slow();
    // Issue 57: an admin opens Maija's record.
    const admin = await devToken(request, 'admin');
    const opened = await request.get('/api/admin/patients/1', {
      headers: { ...API_HEADERS, Authorization: `Bearer ${admin}` },
    });
    expect(opened.ok()).toBe(true);
    await loginAs('patient');
    await page.goto(`/${words.language}/access-log`);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
    const reader = await startScreenReader(page);

    // The month: one back from this one holds none, said as it changes; back to all, one.
    await tabTo(page, page.getByRole('combobox', { name: words.month }));
    expect(await reader.heard()).toEqual(has(words.heard.month));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await reader.heard()).join('\n')).toContain(words.heard.none);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await reader.heard()).join('\n')).toContain(words.heard.one);
    await keepTranscript(reader, testInfo, `access-log-${words.language}`);
  });
}

const PERSON_WORDS = {
  fi: {
    choose: 'Kenen asioita hoidat?',
    switchPerson: 'Vaihda henkilöä',
    aino: /^button, Aino Perhe Lapsi, 7 v/,
    ainoBanner: 'Asioit henkilön Aino Perhe (7 v) puolesta.',
    eetuBanner: 'Asioit henkilön Eetu Perhe (15 v) puolesta.',
  },
  sv: {
    choose: 'Vems ärenden sköter du?',
    switchPerson: 'Byt person',
    aino: /^button, Aino Perhe Barn, 7 år/,
    ainoBanner: 'Du sköter ärenden för Aino Perhe (7 år).',
    eetuBanner: 'Du sköter ärenden för Eetu Perhe (15 år).',
  },
} as const;

for (const language of ['fi', 'sv'] as const) {
  const words = PERSON_WORDS[language];

  test(`(${language}) the person choice by keyboard, heard: the dialog, each person with the relation, then whom the pages are for (issue 55)`, async ({
    page,
    loginAs,
  }, testInfo) => {
    await loginAs('guardian');
    await page.goto(`/${language}/reservations`);
    const choice = page.getByRole('dialog', { name: words.choose });
    await expect(choice).toBeVisible();
    const reader = await startScreenReader(page);
    const bannerText = page.locator('#acting-banner-text');

    await tabTo(page, choice.getByRole('button', { name: /^Aino Perhe/ }));
    expect(await reader.heard()).toEqual(has(words.aino));
    await page.keyboard.press('Enter');
    // The choice made, the banner's sentence, a live region, is read (whom the pages are for)
    // and has the focus, at the top of the page.
    await expect(bannerText).toBeFocused();
    expect(await reader.heard()).toContain(`polite: ${words.ainoBanner}`);

    // The switch from the banner: the dialog again, another child, read the same way.
    await tabTo(page, page.getByRole('button', { name: words.switchPerson }));
    await page.keyboard.press('Enter');
    const again = page.getByRole('dialog', { name: words.choose });
    await expect(again).toBeVisible();
    await tabTo(page, again.getByRole('button', { name: /^Eetu Perhe/ }));
    await page.keyboard.press('Enter');
    await expect(bannerText).toBeFocused();
    expect(await reader.heard()).toContain(`polite: ${words.eetuBanner}`);
    await keepTranscript(reader, testInfo, `person-choice-${language}`);
  });
}

const FAMILY_WORDS = {
  fi: {
    choose: 'Kenen asioita hoidat?',
    who: 'Kenelle varaat ajan?',
    aino: /^checkbox, Aino Perhe, 7 v, (on, )?not checked/,
    chosen: 'polite: Varaat ajat 2 henkilölle.',
    times: 'Perheen ajat',
    nextDay: 'Seuraava päivä',
    time: /^button, \d\d:\d\d–\d\d:\d\d, (Peräkkäin|Samaan aikaan): [^:]+: Aino \d\d:\d\d, Eetu \d\d:\d\d/,
  },
  sv: {
    choose: 'Vems ärenden sköter du?',
    who: 'Vem bokar du tid för?',
    aino: /^checkbox, Aino Perhe, 7 år, (on, )?not checked/,
    chosen: 'polite: Du bokar tider för 2 personer.',
    times: 'Familjens tider',
    nextDay: 'Nästa dag',
    time: /^button, \d\d:\d\d–\d\d:\d\d, (I följd|Samtidigt): [^:]+: Aino \d\d:\d\d, Eetu \d\d:\d\d/,
  },
} as const;

for (const language of ['fi', 'sv'] as const) {
  const words = FAMILY_WORDS[language];
  const journey = journeyWords[language];

  test(`(${language}) a family booking by keyboard, heard: each person ticked by name and age, how many are booked for, each family time with whose time it is (issue 55)`, async ({
    page,
    loginAs,
  }, testInfo) => {
    test.slow();
    await loginAs('guardian');
    await page.goto(`/${language}/reservation`);
    const choice = page.getByRole('dialog', { name: words.choose });
    await choice.getByRole('button', { name: /^Pekka Perhe/ }).click();
    await expect(choice).toBeHidden();
    const reader = await startScreenReader(page);
    const who = page.getByRole('group', { name: words.who });

    await tabTo(page, who.getByRole('checkbox', { name: /^Aino Perhe/ }));
    expect(await reader.heard()).toEqual(has(words.aino));
    await page.keyboard.press('Space');
    await tabTo(page, who.getByRole('checkbox', { name: /^Eetu Perhe/ }));
    await page.keyboard.press('Space');
    await tabTo(page, who.getByRole('checkbox', { name: /^Pekka Perhe/ }));
    await page.keyboard.press('Space');
    await expect.poll(async () => (await reader.heard()).join('\n')).toContain(words.chosen);

    await page.getByRole('button', { name: journey.next, exact: true }).click();
    const times = page.getByRole('list', { name: words.times });
    await checkUpAtKamppiUntil(page, journey, times, words.nextDay);
    await tabTo(page, times.getByRole('button').first());
    expect(await reader.heard()).toEqual(has(words.time));
    await keepTranscript(reader, testInfo, `family-booking-${language}`);
  });
}
