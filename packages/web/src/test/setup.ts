import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Routes are lazy chunks: on a busy 2-core machine their first import can take over the default
// 1 s of findBy*/waitFor. A missing element still fails, only later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
