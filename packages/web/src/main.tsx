import './styles.css';
import { holdApiCalls } from './app/mock-api-gate.ts';

/** A new task: what runs after it is a separate piece of work for the browser. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Mock mode: the API answered by MSW in the browser, on the dev server's own core. */
async function startMockApi() {
  const mock = await import('@portal/devserver/msw/browser');
  const { worker, api } = mock.createMockWorker();
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  return { mock, api };
}

/**
 * Starts the portal. In `vite --mode mock` (pnpm --filter @portal/web dev:mock) the whole API is
 * answered in the browser by MSW on the dev server's own core, so no server is needed; in every
 * other mode that branch is removed at build time and MSW never reaches the bundle.
 *
 * The app's modules arrive together (the build preloads every chunk imported here, vite.config.ts)
 * but are evaluated in stages, each in a task of its own: React DOM, then the app. Evaluated at once they held a phone's main thread in one long task (about
 * a quarter of a second at Lighthouse's mobile CPU) in which a tap would not be answered.
 */
async function start(): Promise<void> {
  if (import.meta.env.MODE === 'mock') {
    const mockApi = startMockApi();
    // Until MSW answers this page, its own API calls wait for it: a call made as the page loads
    // (a test's, right after a reload) would otherwise get the app's HTML from the static server.
    holdApiCalls(mockApi);
    const { mock, api } = await mockApi;
    // The bank login's stand-in page is the dev server's; here the page shows it itself.
    if (window.location.pathname === mock.BANK_BROKER_PATH) {
      mock.showMockBankBroker(api);
      return;
    }
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  await import('react-dom/client');
  await nextTask();
  const { renderApp } = await import('./app/render.tsx');
  await nextTask();
  await renderApp(root);
}

void start();
