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
 * src/app/render.tsx makes the same decision and removes both marks. A prefixed page stores its
 * language as the app's detector does (the cookie the server reads, and local storage), so a page
 * only read, whose app never starts (docs/decisions/015), is remembered all the same.
 */
export const BOOT_SCRIPT = `(function(){var d=document.documentElement;try{var l=localStorage,s=sessionStorage;if(l.getItem(${JSON.stringify(ACCESS_TOKEN_KEY)})!==null)d.setAttribute('data-session','stored');var p=/^\\/(${LANGUAGES.join('|')})(\\/|$)/.exec(location.pathname);if(p){l.setItem('${STORED_LANGUAGE_KEY}',p[1]);document.cookie='${LANGUAGE_COOKIE}='+p[1]+';path=/;samesite=lax';return}var c=/(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)/.exec(document.cookie),w=(c&&c[1])||l.getItem('${STORED_LANGUAGE_KEY}')||s.getItem('${STORED_LANGUAGE_KEY}');if(w&&/^(${LANGUAGES.join('|')})/.test(w)&&w.slice(0,2)!==d.lang)d.setAttribute('data-relang','')}catch(e){}})()`;

/** Fired on `window` once the app has rendered or hydrated its first page (src/app/render.tsx). */
export const APP_STARTED_EVENT = 'portal:started';

/**
 * How a prerendered page starts its app (`data-start` on `<html>`, docs/decisions/015):
 * - `intent`: a page that is complete as HTML (no data to wait for) starts on the visitor's first
 *   sign of use: a touch, a pointer press or move, a key, a focus. Its links work without the app.
 * - `paint` (the default): a page that shows a loading state until its data comes starts after
 *   the first contentful paint.
 */
export type PageStart = 'intent' | 'paint';

/** Events that show a visitor is about to use an `intent` page. */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mousemove'];

/**
 * The inline script that starts the app of a prerendered page: it adds the entry's
 * `<script type="module">` and module preloads that the built index.html has in `<head>`.
 * Requested from the start, they would be fetched and run before the first paint (the browser
 * paints only when the stylesheet is in and the main thread is free), so a phone would show its
 * readable page only after the JavaScript.
 * - A page that paints nothing readable at once starts at once: one whose content the boot script
 *   hid (another user's or language's page follows), or one in a background tab.
 * - A `paint` page waits for the first contentful paint (a Paint Timing entry); if the browser
 *   reports none, two frames and half a second are the fallback.
 * - An `intent` page waits for the visitor (INTENT_EVENTS), so a phone that only reads it runs
 *   no JavaScript at all. A mouse move counts only if the pointer moved: a browser sends one
 *   without movement when the page under a resting pointer is laid out (Chromium's headless shell
 *   on every load); in dev mode (`data-dev-mode`, set by the dev server) it starts like a
 *   `paint` page, so that the QA toolbar shows.
 * The entry's chunks, then the page's own (PAGE_PRELOAD_META), are preloaded a few per task.
 * Until the app has started (APP_STARTED_EVENT), a click outside a link is held, not lost: the
 * button gets it again once the app has taken the page over. A link is followed as HTML.
 * Allowed by its hash like BOOT_SCRIPT.
 */
/**
 * `<meta name="portal-preload" content="…">`: the chunks a prerendered page loads after the
 * entry's (its route module's and its texts', scripts/prerender.ts), preloaded by the app loader
 * right after the entry's, a few per task. Otherwise the app would request them only as it loads
 * the route, one module preload element each, all in one task (a tenth of a second of a slow
 * phone's main thread, at the booking start) and a network round later.
 */
export const PAGE_PRELOAD_META = 'portal-preload';

/**
 * Module preload elements added per task: each costs the main thread a fetch's start (about
 * 0.8 ms on a phone 8× slower than this machine), and the booking start has 32.
 */
const PRELOADS_PER_TASK = 6;

export function appLoaderScript(entry: string, preloads: readonly string[]): string {
  return `(function(){var started=false,held=null,d=document.documentElement,intents=${JSON.stringify(INTENT_EVENTS)};function links(urls){if(!urls.length)return;var f=document.createDocumentFragment();urls.slice(0,${PRELOADS_PER_TASK}).forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;f.appendChild(l)});document.head.appendChild(f);setTimeout(function(){links(urls.slice(${PRELOADS_PER_TASK}))},0)}function intent(e){if(e.type==='mousemove'&&!e.movementX&&!e.movementY)return;go()}function go(){if(started)return;started=true;intents.forEach(function(t){removeEventListener(t,intent,true)});var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};document.head.appendChild(s);var m=document.querySelector('meta[name=${PAGE_PRELOAD_META}]');links(${JSON.stringify(preloads)}.concat(m?m.content.split(' ').filter(Boolean):[]))}function hold(e){var t=e.target;if(!(t instanceof Element)||t.closest('a[href]'))return;e.preventDefault();e.stopImmediatePropagation();held=t;go()}addEventListener('click',hold,true);addEventListener(${JSON.stringify(APP_STARTED_EVENT)},function(){removeEventListener('click',hold,true);var t=held;held=null;if(t&&t.isConnected&&typeof t.click==='function')t.click()});if(d.hasAttribute('data-session')||d.hasAttribute('data-relang'))return go();if(d.getAttribute('data-start')==='intent'&&!d.hasAttribute('data-dev-mode')){intents.forEach(function(t){addEventListener(t,intent,{capture:true,passive:true})});return}if(document.visibilityState==='hidden')return go();try{new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(go,0)}}).observe({type:'paint',buffered:true})}catch(e){}requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,500)})})})()`;
}
