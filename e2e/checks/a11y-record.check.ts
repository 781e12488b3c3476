import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';

/**
 * Runs after every journey and role walk has passed (the `logs` project depends on them): writes
 * the date of this passing run and the versions of axe and IBM's Equal Access engine into the
 * accessibility statement's data (issue 31), which the next build of the web app shows ("the
 * automated checks last passed on").
 */
const LAST_CHECK = new URL(
  '../../packages/web/src/features/home/accessibility/last-check.json',
  import.meta.url,
);

/** The installed version of a package the checks use. */
function versionOf(name: string): string {
  const file = createRequire(import.meta.url).resolve(`${name}/package.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

test('records the date of the passing accessibility checks for the statement page', () => {
  const axe = versionOf('axe-core');
  const equalAccess = versionOf('accessibility-checker-engine');
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(new Date());
  writeFileSync(LAST_CHECK, `${JSON.stringify({ date, axe, equalAccess }, null, 2)}\n`);
  expect(JSON.parse(readFileSync(LAST_CHECK, 'utf8'))).toEqual({ date, axe, equalAccess });
});
