import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PageRule } from '../src/site.ts';

/** A prerendered build's facts as the deploy tests use them: script hashes and page rules. */
export const HASHES = ['sha256-AAAA', 'sha256-BBBB'];
export const PAGES: PageRule[] = (['fi', 'sv', 'en'] as const).flatMap((language) => [
  { url: `/${language}`, language, prefixed: true, file: `pages/${language}/index.html` },
  { url: '/', language, prefixed: false, file: `pages/unprefixed/${language}/index.html` },
  {
    url: `/${language}/reservation`,
    language,
    prefixed: true,
    file: `pages/${language}/reservation.html`,
  },
  {
    url: '/reservation',
    language,
    prefixed: false,
    file: `pages/unprefixed/${language}/reservation.html`,
  },
]);
export const MANIFEST = { scriptHashes: HASHES, pages: PAGES };
/** The API origin the tests deploy against. */
export const API = 'http://127.0.0.1:4310';

/** A small build folder: pages with the API tag, a script big enough to compress, dev-only files. */
export async function fakeBuild(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'portal-build-'));
  const html = (lang: string) =>
    `<!doctype html><html lang="${lang}"><head><meta name="portal-api" content="" /></head><body>${'x'.repeat(2000)}</body></html>`;
  await mkdir(join(root, 'assets'), { recursive: true });
  await mkdir(join(root, 'pages', 'sv'), { recursive: true });
  await writeFile(join(root, 'index.html'), html('fi'));
  await writeFile(join(root, 'pages', 'sv', 'reservation.html'), html('sv'));
  await writeFile(join(root, 'pages', 'manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(join(root, 'assets', 'index-abc.js'), `console.log(${'1+'.repeat(1000)}1);`);
  await writeFile(join(root, 'assets', 'index-abc.js.map'), '{}');
  await writeFile(join(root, 'mockServiceWorker.js'), 'self.x = 1;');
  await writeFile(join(root, 'favicon.svg'), '<svg/>');
  return root;
}
