import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { preloadShellTexts } from '../app/i18n.ts';

// Routes are lazy chunks: on a busy 2-core machine their first import can take over the default
// 1 s of findBy*/waitFor. A missing element still fails, only later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});

// The shell's texts are a chunk per language in the browser (src/app/i18n.ts); an app made in a
// test starts with all three, as the bundled texts did.
await preloadShellTexts(['fi', 'sv', 'en']);
