import type { Runner } from '../runner.ts';
import { accessLogFlow } from './access-log.ts';
import { accountFlows } from './account.ts';
import { bookingFlow } from './booking.ts';
import { chatFlow } from './chat.ts';
import { codeChecks } from './codes.ts';
import { couponFlow } from './coupons.ts';
import { crudFlows } from './crud.ts';
import { devFlows } from './dev.ts';
import { familiesFlow } from './families.ts';
import { loginFlows } from './login.ts';
import { namespaceChecks } from './namespaces.ts';

/**
 * The login flows. They run before the probes: the login endpoints are rate limited, and the
 * flows should not be the ones that meet the limit.
 */
export async function runLoginFlows(runner: Runner): Promise<void> {
  await loginFlows(runner);
}

/**
 * The stateful checks that follow the contract's natural links: the user's own data, booking,
 * coupons, staff collections, chat and the access log; the dev controls last, since the maintenance break and
 * the reset affect everything else.
 */
export async function runFlows(runner: Runner): Promise<void> {
  await accountFlows(runner);
  await codeChecks(runner);
  await bookingFlow(runner);
  await couponFlow(runner);
  await crudFlows(runner);
  await chatFlow(runner);
  await accessLogFlow(runner);
  await familiesFlow(runner);
  await namespaceChecks(runner);
  await devFlows(runner);
}
