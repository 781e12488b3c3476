import { LANGUAGE_COOKIE, LANGUAGES } from '../shared/language.ts';
import { ACCESS_TOKEN_KEY } from '../shared/session-storage.ts';

/** Where i18next's detector keeps the language in local and session storage (its default). */
const STORED_LANGUAGE_KEY = 'i18nextLng';

/**
 * The one inline script of a prerendered page, run in `<head>` before anything paints (allowed by
 * its hash in the Content-Security-Policy). A prerendered page is the visitor's page in one
 * language; it marks the two cases where the browser will show something else, so that the
 * stylesheet hides the prerendered content until the app has rendered instead of flashing it:
 * - `data-session="stored"`: a stored token (the user's own page follows, after a skeleton);
 * - `data-relang`: an unprefixed page whose stored language (cookie, then local and session
 *   storage, i18next's order) is another than the one the server chose (docs/decisions/012).
 * src/app/render.tsx makes the same decision and removes both marks.
 */
export const BOOT_SCRIPT = `(function(){var d=document.documentElement;try{var l=localStorage,s=sessionStorage;if(l.getItem(${JSON.stringify(ACCESS_TOKEN_KEY)})!==null)d.setAttribute('data-session','stored');if(/^\\/(${LANGUAGES.join('|')})(\\/|$)/.test(location.pathname))return;var c=/(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)/.exec(document.cookie),w=(c&&c[1])||l.getItem('${STORED_LANGUAGE_KEY}')||s.getItem('${STORED_LANGUAGE_KEY}');if(w&&/^(${LANGUAGES.join('|')})/.test(w)&&w.slice(0,2)!==d.lang)d.setAttribute('data-relang','')}catch(e){}})()`;
