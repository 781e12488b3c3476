import { setupWorker, type SetupWorker } from 'msw/browser';
import type { Api } from '../api/pipeline.ts';
import { bankLoginAtBroker, cancelBankLogin, completeBankLogin } from '../core/auth/logins.ts';
import { brokerPageHtml, errorPage } from '../http/bank-broker-page.ts';
import { canvasReencoder } from '../images/canvas.ts';
import { createMockApiWith, type MockApiOptions } from './create-api.ts';
import { createMswHandlers, type MswHandlerOptions } from './handlers.ts';
import { keepStateIn, type MockStateStorage } from './storage.ts';

export { BANK_BROKER_PATH } from '../http/bank-broker-page.ts';

/** Where the mock mode keeps its state between page loads (`localStorage`). */
export const MOCK_STATE_KEY = 'portal.mock-state';

function browserStorage(): MockStateStorage | null {
  try {
    const storage = globalThis.localStorage;
    return {
      load: () => storage.getItem(MOCK_STATE_KEY),
      save: (text) => storage.setItem(MOCK_STATE_KEY, text),
    };
  } catch {
    return null;
  }
}

/**
 * An MSW service worker (browser: demos and front-end work without a server). Uploaded images
 * are re-encoded by the browser's canvas: sharp is Node's and never enters this bundle. The state
 * survives a reload (kept in `localStorage` until a reset, `keepStateIn`); links and logins use
 * the page's own origin (the handlers take it from each request's URL).
 */
export function createMockWorker(
  options: MockApiOptions & MswHandlerOptions & { storage?: MockStateStorage | null } = {},
): { worker: SetupWorker; api: Api } {
  const api = createMockApiWith(canvasReencoder, options);
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  if (storage) keepStateIn(api, storage);
  return { worker: setupWorker(...createMswHandlers(api, options)), api };
}

/**
 * The mock mode's stand-in bank page, shown instead of the app at `/dev/bank-broker` (a page
 * load, which the service worker does not answer): the dev server's page, whose choice completes
 * or cancels the login in the page's own mock state and goes on to the portal's callback.
 */
export function showMockBankBroker(api: Api): void {
  const loginState = new URLSearchParams(window.location.search).get('state') ?? '';
  const show = (html: string) => {
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    document.title = parsed.title;
    document.head.append(...parsed.head.querySelectorAll('style'));
    document.body.replaceWith(parsed.body);
  };
  const view = bankLoginAtBroker(api.state, loginState);
  if (!view.ok) {
    show(errorPage(view.error).html);
    return;
  }
  show(brokerPageHtml(loginState, view.value));
  document.querySelector('form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    const result =
      button?.name === 'action'
        ? cancelBankLogin(api.state, loginState)
        : completeBankLogin(api.state, loginState, button?.value ?? '');
    if (!result.ok) {
      show(errorPage(result.error).html);
      return;
    }
    api.onChange?.();
    window.location.assign(result.value.location);
  });
}
