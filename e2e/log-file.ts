import { fileURLToPath } from 'node:url';

/** Where the e2e run's dev server writes its log (one file per port). */
export function devServerLogFile(port = Number(process.env.E2E_PORT ?? 4310)): string {
  return fileURLToPath(new URL(`../reports/devserver-e2e-${port}.log`, import.meta.url));
}
