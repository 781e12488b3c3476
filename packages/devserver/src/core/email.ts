import isEmail from 'validator/es/lib/isEmail.js';
import { isWellFormedText } from './text.ts';

/**
 * Whether a text is an email address the clinic can write to: a plain `local@domain.tld` by
 * validator's address parser (no display name, no IP-address domain, a top-level domain), with
 * no quoted local part. So `<`, `>`, `"`, spaces and control characters are refused.
 */
export function isValidEmail(value: string): boolean {
  return (
    value.length <= 254 &&
    // A lone surrogate is no character (the address parser would throw a URIError on it).
    isWellFormedText(value) &&
    isEmail(value, {
      allow_display_name: false,
      require_tld: true,
      allow_ip_domain: false,
      allow_utf8_local_part: false,
      blacklisted_chars: '"<>',
    })
  );
}
