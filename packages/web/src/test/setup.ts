import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast as sonnerToast } from 'sonner';
import { afterEach, beforeAll, vi } from 'vitest';
import { preloadShellTexts } from '../app/i18n.ts';
import { forgetDevClock } from '../shared/app-clock.ts';
import { dismissToast } from '../ui/toast-store.ts';

// Routes are lazy chunks: on a busy 2-core machine their first import can take over the default
// 1 s of findBy*/waitFor. A missing element still fails, only later.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  // Toasts outlive the app that showed them: sonner keeps them in module state and shows them to
  // the next toaster mounted (the next test's), and ui/toast-store.ts queues those asked for
  // before one is. A toast left over from the test before doubled the next one's same message
  // (findByText then waited the 5 s for the old one to close).
  dismissToast();
  sonnerToast.dismiss();
});

/**
 * The files of a worker share one page and one module registry (`isolate: false` in
 * vitest.config.ts: each file's own jsdom and imports cost about as much as its tests). Each file
 * starts from a page as jsdom opens it: no storage, cookies, attributes, nodes, address, timers,
 * stubs or dev clock left by the file before it.
 */
beforeAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  const html = document.documentElement;
  for (const { name } of [...html.attributes]) html.removeAttribute(name);
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  window.history.replaceState(null, '', '/');
  forgetDevClock();
});

// The shell's texts are a chunk per language in the browser (src/app/i18n.ts); an app made in a
// test starts with all three, as the bundled texts did.
await preloadShellTexts(['fi', 'sv', 'en']);
