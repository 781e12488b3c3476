/** National ids (henkilötunnus) anywhere in a text. */
const SSN = /\b(\d{6})[-+A-FU-Y]\d{3}[0-9A-Y]\b/g;
/** Query parameters whose values never reach a log: tokens, codes, and searches (which may hold ids). */
const SECRET_PARAMS = /([?&](?:access_token|token|code|state|search|phoneNumber)=)[^&#]*/gi;

/**
 * Login transaction ids in paths (`/api/auth/qr/qr_…`, `/api/auth/mobile/mTx_…`): the QR id is in a
 * code anyone can photograph, and neither belongs in a log a reader could act on.
 */
const LOGIN_IDS = /\b(qr|mTx)_[A-Za-z0-9_-]+/g;

/** A URL or text that is safe to log: tokens, codes, searches, login ids and national ids masked. */
export function redact(text: string): string {
  return text
    .replace(SECRET_PARAMS, '$1[redacted]')
    .replace(LOGIN_IDS, '$1_[redacted]')
    .replace(SSN, '$1-****');
}
