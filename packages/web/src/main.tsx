import './styles.css';
import { renderApp } from './app/render.tsx';

/**
 * Starts the portal. In `vite --mode mock` (pnpm --filter @portal/web dev:mock) the whole API is
 * answered in the browser by MSW on the dev server's own core, so no server is needed; in every
 * other mode that branch is removed at build time and MSW never reaches the bundle. The app is a
 * static import so that the browser fetches it with the entry, not after it.
 */
async function start(): Promise<void> {
  if (import.meta.env.MODE === 'mock') {
    const { createMockWorker } = await import('@portal/devserver/msw/browser');
    await createMockWorker().worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // A task of its own: the modules' evaluation above and the app's start below would otherwise
  // hold the main thread in one long task (a phone would not answer a tap meanwhile).
  await new Promise((resolve) => setTimeout(resolve, 0));
  renderApp(root);
}

void start();
