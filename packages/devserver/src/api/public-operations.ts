import type { OperationId } from '@portal/sdk/contract';

/**
 * The operations anyone may call (`x-roles` includes `public`): their handlers may get no user.
 * Every other handler gets a signed-in user, typed non-null, because the pipeline has already
 * answered 401, 403 or 403 terms-not-accepted for the rest. A test keeps this list equal to the
 * contract's.
 */
export const PUBLIC_OPERATIONS = [
  'logout',
  'listBranches',
  'listBranchGroups',
  'listEmployees',
  'listBanks',
  'startBankLogin',
  'startMobileLogin',
  'getMobileLoginStatus',
  'startQrLogin',
  'getQrLoginStatus',
  'exchangeToken',
  'getConfig',
  'getMaintenance',
  'getTerms',
  'getPrivacyStatement',
  'createDevSession',
  'listDevUsers',
  'resetDevState',
  'getDevClock',
  'listDevOutbox',
  'setDevClock',
  'advanceDevClock',
  'getDevMaintenance',
  'setDevMaintenance',
  'listDevScenarios',
  'addDevWorkingHours',
  'setDevScenario',
  'listDevSandboxes',
  'dropDevSandbox',
  'clearDevOutbox',
  'waitForDevOutboxMessage',
  'listDevJournal',
  'clearDevJournal',
  'listDevFaults',
  'addDevFault',
  'clearDevFaults',
  'removeDevFault',
  'alterDevAccessLogEntry',
  'devApproveQrLogin',
  'devResolveMobileLogin',
  'listCustomerTypes',
  'listReasons',
  'checkCampaignCode',
  'checkVoucher',
  'getMonthAvailability',
  'getDaySlots',
  'getFirstFreeTimes',
  'createSlotHold',
  'getSlotHold',
  'releaseSlotHold',
  'getImage',
] as const satisfies readonly OperationId[];

export type PublicOperationId = (typeof PUBLIC_OPERATIONS)[number];
