/**
 * National ids (henkilötunnus) anywhere in a text: glued to letters or underscores too, with a
 * lower-case check character, and with the century sign percent-encoded (`%2D` for `-`, `%2B`
 * for `+`). Only digits around it end it, so `id_150385-914H` and `x150385-914hy` are masked.
 */
const SSN = /(?<!\d)(\d{6})(?:[-+A-FU-Ya-fu-y]|%2[dDbB])\d{3}[0-9A-Ya-y](?!\d)/g;
/** Names of query parameters whose values never reach a log: tokens, codes and searches. */
const SECRET_NAMES = 'access_token|token|code|state|search|phoneNumber|holdId';
/**
 * A secret parameter and its value, also inside an encoded value such as `returnTo=%2Ffi%3F
 * access_token%3D…` (its `?`, `&` and `=` percent-encoded): the value runs to the next `&`, `#`
 * or encoded `&`.
 */
const SECRET_PARAMS = new RegExp(
  `((?:[?&]|%3[fF]|%26)(?:${SECRET_NAMES})(?:=|%3[dD]))(?:(?!%26)[^&#\\s])*`,
  'gi',
);

/**
 * Login transaction ids in paths (`/api/auth/qr/qr_…`, `/api/auth/mobile/mTx_…`): the QR id is in a
 * code anyone can photograph, and neither belongs in a log a reader could act on.
 */
const LOGIN_IDS = /\b(qr|mTx)_[A-Za-z0-9_-]+/g;

/**
 * A slot hold's key in its path (`/api/slot-holds/…`): whoever has it may book or release the
 * hold (decision 023), so it is a secret like a token (decision 025).
 */
const HOLD_IDS = /(\/slot-holds\/)[A-Za-z0-9_-]+/g;

/**
 * A URL or text that is safe to log: tokens, codes, searches, login ids, hold keys and national
 * ids masked.
 */
export function redact(text: string): string {
  return text
    .replace(SECRET_PARAMS, '$1[redacted]')
    .replace(LOGIN_IDS, '$1_[redacted]')
    .replace(HOLD_IDS, '$1[redacted]')
    .replace(SSN, '$1-****');
}
