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

/**
 * The inline script that starts the app of a prerendered page once its HTML has painted: it adds
 * the entry's `<script type="module">` and module preloads that the built index.html has in
 * `<head>`. Requested from the start, they would be fetched and run before the first paint (the
 * browser paints only when the stylesheet is in and the main thread is free), so a phone would
 * show its readable page only after the JavaScript. It waits for the first contentful paint (a
 * Paint Timing entry); a page that paints nothing readable at once starts at once: one in a
 * background tab, or one whose content the boot script hid (another user's or language's page
 * follows). If the browser reports no paint, two frames and half a second are the fallback.
 * Allowed by its hash like BOOT_SCRIPT.
 */
export function appLoaderScript(entry: string, preloads: readonly string[]): string {
  return `(function(){var started=false,d=document.documentElement;function go(){if(started)return;started=true;var h=document.head;${JSON.stringify(preloads)}.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)});var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};h.appendChild(s)}if(document.visibilityState==='hidden'||d.hasAttribute('data-session')||d.hasAttribute('data-relang'))return go();try{new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(go,0)}}).observe({type:'paint',buffered:true})}catch(e){}requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,500)})})})()`;
}
