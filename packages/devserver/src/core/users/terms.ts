import { helsinkiDate } from '../clock.ts';
import type { DevState } from '../state.ts';

/** The terms of use in force; the `terms-pending` scenario publishes a newer version. */
export const TERMS_VERSION = '2026-01';
export const PENDING_TERMS_VERSION = '2026-12';

/** New privacy statements take effect on 1 October (spec §4, §9). */
export const PRIVACY_EFFECTIVE_MONTH_DAY = '10-01';

export function currentTermsVersion(state: DevState): string {
  return state.settings.scenarios['terms-pending'] ? PENDING_TERMS_VERSION : TERMS_VERSION;
}

/** The privacy statement in force: the one of the latest 1 October on or before today. */
export function currentPrivacyStatement(state: DevState): {
  version: string;
  effectiveFrom: string;
} {
  const today = helsinkiDate(state.clock.now());
  const year = Number(today.slice(0, 4));
  const thisYears = `${year}-${PRIVACY_EFFECTIVE_MONTH_DAY}`;
  const effectiveFrom =
    today >= thisYears ? thisYears : `${year - 1}-${PRIVACY_EFFECTIVE_MONTH_DAY}`;
  return { version: effectiveFrom.slice(0, 7), effectiveFrom };
}

export function hasAcceptedTerms(state: DevState, user: { termsVersion: string | null }): boolean {
  return user.termsVersion === currentTermsVersion(state);
}

export function hasAcceptedPrivacy(
  state: DevState,
  user: { privacyVersion: string | null },
): boolean {
  return user.privacyVersion === currentPrivacyStatement(state).version;
}
