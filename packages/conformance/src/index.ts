/** The contract conformance checker: `runConformance(options)` → `Report`, plus its report writers. */
export { runConformance } from './run.ts';
export {
  failedOperations,
  failureLines,
  warningLines,
  formatTable,
  toJUnit,
  toMarkdown,
  toMarkdownSummary,
  writeReports,
  HTML_FILE,
  JSON_FILE,
  JUNIT_FILE,
  MARKDOWN_FILE,
  SUMMARY_FILE,
  WFC_FILE,
} from './report.ts';
export { toWfc, WFC_SCHEMA_VERSION } from './report-wfc.ts';
export { toHtml } from './report-html.ts';
export { commonFailures, type FailureKind } from './failure-kinds.ts';
export { main as conformanceCli } from './cli.ts';
export { ANSWER_CHECKS } from './conformity.ts';
export { CHECK_IDS, CHECK_LIST, type CheckId, type ListedCheck } from './check-ids.ts';
export { GENERATED_CHECK, GENERATED_QUERY_CHECK } from './generated-bodies.ts';
export { INVARIANTS, invariantResults } from './invariants.ts';
export { redact, tokenVariable } from './credentials.ts';
export { BOOKING_FLOW_OPERATIONS } from './flows/booking.ts';
export { COUPON_FLOW_OPERATIONS } from './flows/coupons.ts';
export { QR_LOGIN_FLOW_OPERATIONS } from './flows/login.ts';
export { CATEGORY_LABELS, TEST_USERS } from './types.ts';
export type {
  BaselineEntry,
  BaselineSummary,
  CheckCategory,
  CheckOutcome,
  Coverage,
  CheckResult,
  ConformanceOptions,
  ExchangeSummary,
  OperationReport,
  Report,
  TestUser,
  Totals,
} from './types.ts';
