import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { splitLanguagePrefix } from '../shared/language.ts';
import { preloadRoute } from './routes.tsx';
import { createAppServices } from './services.ts';

/** Mounts the portal into `root` (called by src/main.tsx). */
export function renderApp(root: HTMLElement): void {
  const services = createAppServices({ baseUrl: '' });
  preloadRoute(splitLanguagePrefix(window.location.pathname).rest);
  services.start();
  createRoot(root).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
}
