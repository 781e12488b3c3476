import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { filesUnder, precompressFile } from './precompress.ts';
import type { SiteRules } from './site.ts';

/** The tag the build leaves empty (this origin) and a deployment fills in (packages/web/src/shared/api-base.ts). */
const API_META = /<meta name="portal-api" content="[^"]*"\s*\/?>/;

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A page of the build with the API's base URL in its `portal-api` tag ('' for this origin). */
export function withApiBase(html: string, apiBase: string, file: string): string {
  if (!API_META.test(html)) {
    throw new Error(`${file} has no <meta name="portal-api">: build the web app again`);
  }
  return html.replace(API_META, `<meta name="portal-api" content="${escapeAttribute(apiBase)}" />`);
}

/**
 * Writes the files a web server serves into `out`: the build without its dev-only files, every
 * page naming the API (cross-origin) or none (same origin), and the precompressed copies of what
 * changed or was missing. Returns the number of files written (copies not counted).
 */
export async function writeSiteFiles(
  webRoot: string,
  out: string,
  rules: SiteRules,
): Promise<{ files: number }> {
  await rm(out, { recursive: true, force: true });
  const apiBase = rules.api.sameOrigin ? '' : rules.api.url;
  const files = (await filesUnder(webRoot)).filter((file) => {
    const original = file.replace(/\.(?:gz|br)$/, '');
    return !rules.devOnlyFiles.test(original);
  });
  const sources = files.filter((file) => !/\.(?:gz|br)$/.test(file));
  for (const file of files) {
    await mkdir(dirname(join(out, file)), { recursive: true });
    if (file.endsWith('.html')) {
      const html = await readFile(join(webRoot, file), 'utf8');
      await writeFile(join(out, file), withApiBase(html, apiBase, file));
    } else if (!/\.html\.(?:gz|br)$/.test(file)) {
      await copyFile(join(webRoot, file), join(out, file));
    }
  }
  // The pages changed; a build made before precompression has no copies at all.
  await Promise.all(
    sources
      .filter((file) => file.endsWith('.html') || !existsSync(join(out, `${file}.br`)))
      .map((file) => precompressFile(join(out, file))),
  );
  return { files: sources.length };
}
