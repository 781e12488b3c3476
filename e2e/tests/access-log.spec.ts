import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { API_HEADERS, devToken, expect, expectNoA11yViolations, test } from '../fixtures.ts';

/**
 * Issue 57: who has used my data. An admin opens Maija's record and downloads the marketing list;
 * Maija's "who has used my data" page shows both, with the admin's role, name and the time;
 * another user's page does not; an entry altered in the store is named by the verification.
 */

const WORDS = {
  fi: {
    download: 'Lataa markkinointiluvat',
    title: 'Tietojeni käyttö',
    opened: 'Tietojasi katsottiin',
    exported: 'Tietojasi vietiin tiedostoon',
    actor: 'Ylläpitäjä Antti Ylläpitäjä',
    at: /\d{1,2}\.\d{1,2}\.\d{4} klo \d{2}:\d{2}/,
    none: 'Kukaan ei ole käyttänyt tietojasi',
    csv: 'Lataa CSV-tiedostona',
    header: 'Aika,Mitä tehtiin,Rooli,Nimi,Tiedot',
  },
  sv: {
    download: 'Ladda ner marknadsföringssamtycken',
    title: 'Användning av mina uppgifter',
    opened: 'Dina uppgifter öppnades',
    exported: 'Dina uppgifter exporterades till en fil',
    actor: 'Administratör Antti Ylläpitäjä',
    at: /\d{1,2}\.\d{1,2}\.\d{4} kl\. \d{2}:\d{2}/,
    none: 'Ingen har använt dina uppgifter',
    csv: 'Ladda ner som CSV',
    header: 'Tid,Vad som gjordes,Roll,Namn,Uppgifter',
  },
} as const;

async function signInAs(
  page: Page,
  request: APIRequestContext,
  user: 'patient' | 'content-manager',
) {
  const token = await devToken(request, user);
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
}

async function userId(request: APIRequestContext, user: 'patient' | 'admin'): Promise<number> {
  const token = await devToken(request, user);
  const me = await request.get('/api/me', {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
  });
  return ((await me.json()) as { Id: number }).Id;
}

for (const language of ['fi', 'sv'] as const) {
  const words = WORDS[language];
  test(`(${language}) a patient sees an admin’s read and export of their data; another user does not; an altered entry is named`, async ({
    page,
    request,
    loginAs,
  }) => {
    const maija = await userId(request, 'patient');
    const admin = await loginAs('admin');

    // The admin opens Maija's record, then downloads the marketing list (she consented by email).
    await page.goto(`/${language}/patient/${maija}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Maija Meikäläinen' })).toBeVisible();
    await page.goto(`/${language}/patients`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: words.download }).click();
    await downloading;

    // Maija reads who has used her data.
    await signInAs(page, request, 'patient');
    await page.goto(`/${language}/access-log`);
    await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
    const list = page.getByRole('list');
    const opened = list.getByRole('article').filter({ hasText: words.opened });
    const exported = list.getByRole('article').filter({ hasText: words.exported });
    await expect(opened).toHaveCount(1);
    await expect(exported).toHaveCount(1);
    for (const entry of [opened, exported]) {
      await expect(entry).toContainText(words.actor);
      await expect(entry).toContainText(words.at);
    }
    await expectNoA11yViolations(page);
    // The same entries as a file, in her language.
    const file = page.waitForEvent('download');
    await page.getByRole('button', { name: words.csv }).click();
    const csv = readFileSync((await (await file).path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(words.header);
    expect(lines.filter((line) => line.includes(words.opened))).toHaveLength(1);
    expect(lines.filter((line) => line.includes(words.exported))).toHaveLength(1);

    // Another user's data was neither opened nor exported: the content manager's page is empty
    // (not Siiri's: her customer survey opens over any page, a dialog that hides it).
    await signInAs(page, request, 'content-manager');
    await page.goto(`/${language}/access-log`);
    await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: words.none })).toBeVisible();

    // An intruder edits Maija's read in the store: the verification names that entry.
    const auth = { ...API_HEADERS, Authorization: `Bearer ${admin}` };
    const search = await request.get('/api/admin/access-log', {
      headers: auth,
      params: { subjectId: maija },
    });
    const entries = (
      (await search.json()) as { items: { id: number; operation: string }[] }
    ).items.filter((entry) => entry.operation === 'getPatient');
    expect(entries).toHaveLength(1);
    const before = await request.post('/api/admin/access-log/verify', { headers: auth });
    expect(await before.json()).toMatchObject({ valid: true, problem: null });
    const altered = await request.post(`/api/dev/access-log/${entries[0]!.id}/alter`, {
      headers: API_HEADERS,
    });
    expect(altered.status()).toBe(204);
    const after = await request.post('/api/admin/access-log/verify', { headers: auth });
    expect(await after.json()).toMatchObject({
      valid: false,
      problem: { id: entries[0]!.id, kind: 'altered' },
    });
  });
}
