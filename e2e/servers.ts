import { fileURLToPath } from 'node:url';

/** The dev server the journeys run against (the API host of the deployed sites too). */
export const apiPort = Number(process.env.E2E_PORT ?? 4310);
export const apiURL = `http://127.0.0.1:${apiPort}`;

/**
 * The built web app served by nginx as the clinic will deploy it (docs/decisions/026): on one
 * port the API proxied on the same origin, on the next the pages calling the API's own origin.
 */
const nginxPort = Number(process.env.E2E_NGINX_PORT ?? 4330);
export const deployedSites = {
  'same-origin': { port: nginxPort, url: `http://127.0.0.1:${nginxPort}` },
  'cross-origin': { port: nginxPort + 1, url: `http://127.0.0.1:${nginxPort + 1}` },
} as const;
export type Topology = keyof typeof deployedSites;

/** Where `pnpm deploy:nginx` writes a topology's site (its nginx.conf, files and logs). */
export function deployedSiteDir(topology: Topology): string {
  return fileURLToPath(
    new URL(`../reports/deployed-${topology}-${deployedSites[topology].port}`, import.meta.url),
  );
}
