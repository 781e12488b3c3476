import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { API_HEADERS, expect, expectNoA11yViolations, test } from '../fixtures.ts';

// Each journey starts from the seed in a sandbox of its own (a patient deleted or a benefit
// created ends with it).
test.use({ timezoneId: 'Europe/Helsinki' });

/** The smallest valid PNG (1×1): signature, IHDR, IDAT and IEND. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Splits one RFC 4180 line (quoted fields may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/**
 * The benefit the first benefit journey creates through the form ("E2E winter check-up", with a
 * PNG image), made through the API for the journeys that start from it: its id.
 */
async function winterBenefit(
  request: APIRequestContext,
  auth: Record<string, string>,
): Promise<number> {
  const text = { name: '', priceDetails: '', instructions: '', info: '' };
  const created = await request.post('/api/admin/coupons', {
    headers: auth,
    data: {
      translations: {
        fi: text,
        sv: text,
        en: { ...text, name: 'E2E winter check-up', priceDetails: 'Normal price 89 €.' },
      },
      editedLanguage: 'en',
      price: 49.5,
      validFrom: '2026-12-01',
      validTo: '2027-02-28',
      isActive: true,
      isContinuous: false,
      branches: { all: true, branchIds: [] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const image = await request.put(`/api/admin/coupons/${id}/image`, {
    headers: { ...auth, 'Content-Type': 'image/png' },
    data: PNG,
  });
  expect(image.ok(), await image.text()).toBe(true);
  return id;
}

async function searchPatients(page: Page, search: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search patients' }).fill(search);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(search)}`));
}

test('an admin searches for a patient, edits the details and saves them', async ({
  page,
  loginAs,
}) => {
  await loginAs('admin');
  await page.goto('/en/patients');
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Patients' })).toBeVisible();
  await expectNoA11yViolations(page);

  await searchPatients(page, 'kerttu.makela');
  await expect(page.getByText('1 patient found')).toBeVisible();
  await page.getByRole('link', { name: 'Mäkelä Kerttu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kerttu Mäkelä' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('textbox', { name: 'City' }).fill('Porvoo');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('06100');
  await page.getByRole('checkbox', { name: 'Marketing by text message' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The patient details are saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Porvoo');
  await expect(page.getByRole('textbox', { name: 'Postal code' })).toHaveValue('06100');
  await expect(page.getByRole('checkbox', { name: 'Marketing by text message' })).toBeChecked();

  // Back keeps the search.
  await page.getByRole('link', { name: 'Back to patients' }).click();
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search patients' })).toHaveValue(
    'kerttu.makela',
  );
});

test('a bad email gets the server’s message under the field and nothing typed is lost', async ({
  page,
  loginAs,
}) => {
  await loginAs('admin');
  await page.goto('/en/patients?search=kerttu.makela');
  await page.getByRole('link', { name: 'Mäkelä Kerttu' }).click();
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.fill('not an email');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[data-error-summary]')).toBeFocused();
  await page.getByRole('link', { name: /^Email: / }).click();
  await expect(email).toBeFocused();
  await expect(email).toHaveValue('not an email');
  await expectNoA11yViolations(page);
});

test('an admin deletes a patient after confirming', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/en/patients');
  await searchPatients(page, 'saara.makela');
  await page.getByRole('link', { name: 'Mäkelä Saara' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saara Mäkelä' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete patient' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Saara Mäkelä?' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Yes, delete' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
  await expect(page.getByText('Saara Mäkelä was deleted.')).toBeVisible();
  await searchPatients(page, 'saara.makela');
  await expect(
    page.getByRole('heading', { name: 'No patients match “saara.makela”' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
});

test('an admin downloads the marketing export of the consenting patients', async ({
  page,
  loginAs,
}) => {
  await loginAs('admin');
  await page.goto('/en/patients');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download marketing export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^marketing-export-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const csv = await readFile(path, 'utf8');
  const lines = csv.split('\r\n').filter((line) => line !== '');
  expect(lines[0]).toBe('id,firstname,lastname,email,phone,smsMarketing,emailMarketing');
  const rows = lines.slice(1).map(csvFields);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row).toHaveLength(7);
    expect(row[5] === 'true' || row[6] === 'true', row.join(',')).toBe(true);
  }
  await expect(page.getByText(/^Downloaded marketing-export-/)).toBeVisible();
});

test('on a phone the patients are a list of cards', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/en/patients');
  const list = page.getByRole('list', { name: 'Patients' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(20);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('a content manager may not open the patients', async ({ page, loginAs }) => {
  await loginAs('content-manager');
  await page.goto('/en/patients');
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  await page.goto('/en/patient/1');
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a content manager creates a benefit with a PNG image and sees it listed', async ({
  page,
  loginAs,
}) => {
  await loginAs('content-manager');
  await page.goto('/en/admin/coupons');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage benefits' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Benefits' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: 'New benefit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New benefit' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('E2E winter check-up');
  await page.getByRole('textbox', { name: 'Price details' }).fill('Normal price 89 €.');
  await page.getByRole('textbox', { name: 'Price (€)' }).fill('49,50');
  await page.getByLabel('Valid from').fill('2026-12-01');
  await page.getByLabel('Valid until').fill('2027-02-28');
  await page.getByRole('radio', { name: 'In the chosen clinics' }).click();
  await page.getByRole('checkbox', { name: 'All of Helsinki region' }).click();
  await page
    .getByLabel('New image')
    .setInputFiles({ name: 'winter.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Create benefit' }).click();

  await expect(page.getByText('The benefit is saved.')).toBeVisible();
  const item = page
    .getByRole('list', { name: 'Benefits' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'E2E winter check-up' }) });
  await expect(item).toBeVisible();
  await expect(item.getByText('1.12.2026 – 28.2.2027')).toBeVisible();
  await expect(item.getByText('€49.50')).toBeVisible();
  await expect(item.locator('img')).toHaveAttribute('src', /^\/api\/images\/[a-f0-9]{32}\.png$/);
});

test('an oversize image and a text file named .png are refused and the image stays', async ({
  page,
  request,
  loginAs,
}) => {
  const token = await loginAs('content-manager');
  const auth = { ...API_HEADERS, Authorization: `Bearer ${token}` };
  const coupon = { id: await winterBenefit(request, auth) };
  const before = (
    (await (await request.get(`/api/admin/coupons/${coupon.id}`, { headers: auth })).json()) as {
      imageUrl: string | null;
    }
  ).imageUrl;
  expect(before).not.toBeNull();

  await page.goto(`/en/admin/coupon/${coupon.id}/edit`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Edit benefit: E2E winter check-up' }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: "The benefit's current image" })).toBeVisible();
  await expectNoA11yViolations(page);

  const oversize = Buffer.alloc(2 * 1024 * 1024 + 1);
  PNG.copy(oversize);
  const input = page.getByLabel('New image');
  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: oversize });
  await expect(page.getByText('The image is too large. The maximum size is 2 MB.')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-error-summary]')).toBeFocused();
  await page
    .getByRole('link', { name: 'New image: The image is too large. The maximum size is 2 MB.' })
    .click();
  await expect(input).toBeFocused();

  await input.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('These are not image bytes.'),
  });
  // Beneath the field, and (the form once refused) in the summary.
  await expect(input).toHaveAccessibleDescription(
    /The file is not a JPG or PNG image\. Choose another file\./,
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-error-summary]')).toBeFocused();
  await expectNoA11yViolations(page);

  const after = (await (
    await request.get(`/api/admin/coupons/${coupon.id}`, { headers: auth })
  ).json()) as { imageUrl: string | null; updatedAt: string };
  expect(after.imageUrl).toBe(before);

  // The server sniffs too: the same text body sent straight to it is refused, nothing stored.
  const direct = await request.put(`/api/admin/coupons/${coupon.id}/image`, {
    headers: { ...auth, 'Content-Type': 'image/png' },
    data: Buffer.from('These are not image bytes.'),
  });
  expect(direct.status()).toBe(415);
  const still = (await (
    await request.get(`/api/admin/coupons/${coupon.id}`, { headers: auth })
  ).json()) as { imageUrl: string | null };
  expect(still.imageUrl).toBe(before);
});

test('a content manager deletes the benefit after confirming', async ({
  page,
  request,
  loginAs,
}) => {
  const token = await loginAs('content-manager');
  await winterBenefit(request, { ...API_HEADERS, Authorization: `Bearer ${token}` });
  await page.goto('/en/admin/coupons');
  await page.getByRole('link', { name: 'E2E winter check-up' }).click();
  await page.getByRole('button', { name: 'Delete benefit' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete E2E winter check-up?' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByText('E2E winter check-up was deleted.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'E2E winter check-up' })).toHaveCount(0);
});

test('a patient gets the no-access page on every staff address', async ({ page, loginAs }) => {
  await loginAs('patient');
  for (const path of [
    '/en/patients',
    '/en/patient/1',
    '/en/admin/coupons',
    '/en/admin/coupon/new',
    '/en/admin/coupon/1/edit',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  }
});
