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
  renderApp(root);
}

void start();
