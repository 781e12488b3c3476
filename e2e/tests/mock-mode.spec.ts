import { expect, test } from '@playwright/test';
import { mockPort } from '../playwright.config.ts';

test('The portal runs in the browser on MSW alone, with no server behind it', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/')) {
      apiCalls.push(
        `${response.fromServiceWorker() ? 'worker' : 'network'} ${response.status()} ${url.pathname}`,
      );
    }
  });
  await page.goto(`http://127.0.0.1:${mockPort}/en/reservation`);
  await page.getByRole('radio', { name: 'Private customer' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Dental check-up/ })).toBeVisible();
  expect(apiCalls.length).toBeGreaterThan(2);
  expect(apiCalls.filter((call) => !call.startsWith('worker 200'))).toEqual([]);
});

/**
 * A 32 × 24 JPEG as a phone saves a photo (made with sharp): EXIF with the owner "Maija
 * Secret-Owner", a GPS position in Helsinki, and orientation 6 (upright it is 24 × 32).
 */
const JPEG_WITH_GPS =
  '/9j/4QFORXhpZgAASUkqAAgAAAAIABIBAwABAAAABgAAABoBBQABAAAAbgAAABsBBQABAAAAdgAAACgBAwABAAAAAgAAADsBAgATAAAAfgAAABMCAwABAAAAAQAAAGmHBAABAAAAkgAAACWIBAABAAAA4AAAAAAAAAA4YwAA6AMAADhjAADoAwAATWFpamEgU2VjcmV0LU93bmVyAAAGAACQBwAEAAAAMDIxMAGRBwAEAAAAAQIDAACgBwAEAAAAMDEwMAGgAwABAAAA//8AAAKgBAABAAAAIAAAAAOgBAABAAAAGAAAAAAAAAAEAAEAAgACAAAATgAAAAIABQADAAAALgEAAAMAAgACAAAARQAAAAQABQADAAAAFgEAAAAAAAAYAAAAAQAAADgAAAABAAAAFQMAAGQAAAA8AAAAAQAAAAoAAAABAAAA0gQAAGQAAAD/4gHwSUNDX1BST0ZJTEUAAQEAAAHgbGNtcwQgAABtbnRyUkdCIFhZWiAH4gADABQACQAOAB1hY3NwTVNGVAAAAABzYXdzY3RybAAAAAAAAAAAAAAAAAAA9tYAAQAAAADTLWhhbmR56b9WWj4BtoMjhVVG90+qAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAApkZXNjAAAA/AAAACRjcHJ0AAABIAAAACJ3dHB0AAABRAAAABRjaGFkAAABWAAAACxyWFlaAAABhAAAABRnWFlaAAABmAAAABRiWFlaAAABrAAAABRyVFJDAAABwAAAACBnVFJDAAABwAAAACBiVFJDAAABwAAAACBtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAYAAAAcAEMAQwAwAABYWVogAAAAAAAA9tYAAQAAAADTLXNmMzIAAAAAAAEMPwAABd3///MmAAAHkAAA/ZL///uh///9ogAAA9wAAMBxWFlaIAAAAAAAAG+gAAA48gAAA49YWVogAAAAAAAAYpYAALeJAAAY2lhZWiAAAAAAAAAkoAAAD4UAALbEcGFyYQAAAAAAAwAAAAJmaQAA8qcAAA1ZAAAT0AAAClv/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAYACADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcAX6EAAAAAAf/2Q==';
/** A 2 × 2 PNG with a tEXt chunk "Comment" holding `<script>alert(document.cookie)</script>`. */
const PNG_WITH_SCRIPT =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACAQMAAABIeJ9nAAAAA1BMVEUqnY8rSJQKAAAAD0lEQVR4AQEEAPv/AAAAAAAEAAFlScNgAAAAL3RFWHRDb21tZW50ADxzY3JpcHQ+YWxlcnQoZG9jdW1lbnQuY29va2llKTwvc2NyaXB0Pi6jjnoAAAAASUVORK5CYII=';
/** 74 bytes: a whole PNG whose header declares 65 535 × 65 535 pixels. */
const PNG_BOMB =
  'iVBORw0KGgoAAAANSUhEUgAA//8AAP//CAIAAAA5Z04HAAAAEUlEQVR4AQEGAPn/AAAAAAAAAAYAAazUVfoAAAAASUVORK5CYII=';

test('In mock mode the browser re-encodes an uploaded image: no EXIF, GPS or text chunk is served', async ({
  page,
}) => {
  await page.goto(`http://127.0.0.1:${mockPort}/en/`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const results = await page.evaluate(
    async (uploads) => {
      const json = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };
      const session = (await fetch('/api/dev/session', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ user: 'content-manager' }),
      }).then((response) => response.json())) as { access_token: string };
      const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);
      const answers = [];
      for (const { base64, type } of uploads) {
        const body = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const upload = await fetch('/api/admin/coupons/3/image', {
          method: 'PUT',
          headers: {
            'X-Requested-With': 'XMLHttpRequest',
            'Content-Type': type,
            'Accept-Language': 'fi',
            Authorization: `Bearer ${session.access_token}`,
          },
          body,
        });
        const answer = (await upload.json()) as { imageUrl?: string; UserMessage?: string };
        if (!answer.imageUrl) {
          answers.push({ status: upload.status, message: answer.UserMessage });
          continue;
        }
        const image = await fetch(answer.imageUrl);
        const served = new Uint8Array(await image.arrayBuffer());
        const bitmap = await createImageBitmap(new Blob([served], { type }), {
          imageOrientation: 'none',
        });
        const text = latin1(served);
        answers.push({
          status: upload.status,
          type: image.headers.get('content-type'),
          size: `${bitmap.width} × ${bitmap.height}`,
          metadata: ['Exif', 'Secret-Owner', 'tEXt', '<script>'].filter((m) => text.includes(m)),
        });
      }
      return answers;
    },
    [
      { base64: JPEG_WITH_GPS, type: 'image/jpeg' },
      { base64: PNG_WITH_SCRIPT, type: 'image/png' },
      { base64: PNG_BOMB, type: 'image/png' },
    ],
  );
  expect(results).toEqual([
    // Turned upright by its orientation before the tag went: 32 × 24 stored as 24 × 32.
    { status: 200, type: 'image/jpeg', size: '24 × 32', metadata: [] },
    { status: 200, type: 'image/png', size: '2 × 2', metadata: [] },
    {
      status: 413,
      message:
        'Kuva on liian suuri. Siinä saa olla enintään 16 777 216 pikseliä (esimerkiksi 4096 × 4096). Pienennä kuvaa ja lataa se uudelleen.',
    },
  ]);
});

test('In mock mode the state survives a reload: the signed-in patient stays signed in', async ({
  page,
}) => {
  await page.goto(`http://127.0.0.1:${mockPort}/en/`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const token = await page.evaluate(async () => {
    const session = await fetch('/api/dev/session', {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: 'patient' }),
    });
    const { access_token: value } = (await session.json()) as { access_token: string };
    localStorage.setItem('access_token', value);
    return value;
  });
  // A new page load starts a new mock API: the session comes back from the browser's storage.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log out' }).first()).toBeVisible();
  const me = await page.evaluate(
    async (value) =>
      (await fetch('/api/me', { headers: { Authorization: `Bearer ${value}` } })).status,
    token,
  );
  expect(me).toBe(200);
});

test('In mock mode an API call right after a reload waits for the mock API instead of getting the app’s HTML', async ({
  page,
}) => {
  await page.goto(`http://127.0.0.1:${mockPort}/en/`);
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
  for (let load = 0; load < 3; load += 1) {
    await page.reload();
    // At once, before the page has started its mock API (the service worker passed such a call
    // on to the static server, which answered with index.html).
    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/config', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      return { status: response.status, type: response.headers.get('content-type') };
    });
    expect(answer).toEqual({ status: 200, type: expect.stringMatching(/^application\/json/) });
    // And the page says it is ready after the reload too (QA's appReady waits for this).
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
  }
});

test('In mock mode the bank login goes through the stand-in bank page on the same origin', async ({
  page,
}) => {
  const origin = `http://127.0.0.1:${mockPort}`;
  await page.goto(`${origin}/en/login?returnTo=/en/about`);
  await page.getByRole('list', { name: 'Banks' }).getByRole('button').first().click();
  await expect(page).toHaveURL(new RegExp(`^${origin}/dev/bank-broker\\?`));
  await page.getByRole('button', { name: /\(maija\)/ }).click();
  await expect(page).toHaveURL(`${origin}/en/about`);
  await expect(page.getByRole('heading', { level: 1, name: 'About the service' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' }).first()).toBeVisible();
});
