/**
 * The portal's now. Outside dev mode the device's time. In dev mode the dev server's clock: every
 * answer carries it (`x-dev-now`, the contract's XDevNow), and the portal keeps the difference to
 * the device's time, so that the calendar's today, countdowns, expiry times and "ago" texts
 * follow the clock QA sets, whatever the device's own clock says.
 */
let offsetMs = 0;

/** Now, by the dev clock when one has been heard. */
export function appNow(): Date {
  return new Date(Date.now() + offsetMs);
}

/** An answer's `x-dev-now`: the portal's now follows it from here on (an unreadable one: ignored). */
export function followDevClock(devNow: string, receivedAt: number = Date.now()): void {
  const at = Date.parse(devNow);
  if (!Number.isNaN(at)) offsetMs = at - receivedAt;
}

/**
 * The page itself says the dev clock in dev mode (`<html data-dev-now>`, set by the dev server as
 * it sends the page), so that the first render already reads it: the calendar of a page opened
 * fresh starts on the dev clock's today, before any answer has come.
 */
export function followPageDevClock(
  root: HTMLElement | undefined = globalThis.document?.documentElement,
): void {
  const devNow = root?.dataset.devNow;
  if (devNow !== undefined) followDevClock(devNow, performance.timeOrigin);
}
followPageDevClock();

/** Dev mode is off: the device's time again. */
export function forgetDevClock(): void {
  offsetMs = 0;
}
