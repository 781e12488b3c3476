import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { devServerLogFile } from '../log-file.ts';

/**
 * Runs after every journey (the `logs` project depends on `chromium` and `walks`): the dev
 * servers' logs of the whole e2e run, at level info (a line per request), must hold no national id, bearer token,
 * login code or health answer (issue 10: not in any log line or URL).
 */
const NATIONAL_ID = /\b\d{6}[-+A-FU-Y]\d{3}[0-9A-Y]\b/;
/** Tokens are 256 random bits in base64url (43 characters); asset hashes are far shorter. */
const TOKEN = /[A-Za-z0-9_-]{40,}/;
const SECRET_PARAM = /[?&](?:access_token|token|code|state|search|phoneNumber)=(?!\[redacted\])/i;
/** The anamnesis answers' field names: a request body with health answers would carry them. */
const HEALTH_FIELDS = /generalHealth|anticoagulants|dentalFear|brushingFrequency|appearanceFactors/;

test('the dev servers’ logs of the e2e run hold no id, token or health answer', () => {
  // The one dev server of the journeys and the role walks (each worker in its own sandbox).
  const files = [devServerLogFile()];
  const missing = files.filter((file) => !existsSync(file));
  test.skip(
    missing.length > 0 && !process.env.CI,
    `no log at ${missing.join(', ')} (a reused server)`,
  );
  const lines = files.flatMap((file) => readFileSync(file, 'utf8').split('\n').filter(Boolean));
  const urls = lines.flatMap((line) => {
    const entry = JSON.parse(line) as { req?: { url?: string } };
    return entry.req?.url === undefined ? [] : [entry.req.url];
  });
  // The scan covers what matters: bookings, health answers, logins and the chat stream (which
  // the portal opens with its token in a header, so its URL has no query at all).
  expect(urls.some((url) => url.startsWith('/api/reservations'))).toBe(true);
  expect(urls.some((url) => url.startsWith('/api/auth/'))).toBe(true);
  expect(urls.some((url) => url.startsWith('/api/anamnesis'))).toBe(true);
  const streams = urls.filter((url) => /\/api\/chat\/conversations\/[^/]+\/events/.test(url));
  expect(streams.length).toBeGreaterThan(0);
  expect(streams.filter((url) => url.includes('?'))).toEqual([]);

  const leaks = lines.filter(
    (line) =>
      NATIONAL_ID.test(line) ||
      TOKEN.test(line) ||
      SECRET_PARAM.test(line) ||
      HEALTH_FIELDS.test(line) ||
      /bearer /i.test(line),
  );
  expect(leaks, leaks.slice(0, 5).join('\n')).toEqual([]);
});
