/** National ids (henkilötunnus) anywhere in a text. */
const SSN = /\b(\d{6})[-+A-FU-Y]\d{3}[0-9A-Y]\b/g;
/** Query parameters whose values never reach a log: tokens, codes, and searches (which may hold ids). */
const SECRET_PARAMS = /([?&](?:access_token|token|code|state|search|phoneNumber)=)[^&#]*/gi;

/** A URL or text that is safe to log: tokens, codes, searches and national ids masked. */
export function redact(text: string): string {
  return text.replace(SECRET_PARAMS, '$1[redacted]').replace(SSN, '$1-****');
}
